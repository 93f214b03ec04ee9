/**
 * Imported first by main.tsx, so that tracking parameters are gone from the address before the
 * router (created when its module loads) reads it.
 */
import { stripTrackingParams } from './tracking-params.ts';

stripTrackingParams();
