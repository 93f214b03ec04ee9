/**
 * zod's settings, made once by every module that builds schemas (with `zod` or `zod/mini`, which
 * share one core and one configuration).
 *
 * No `new Function` in zod: the shop's Content-Security-Policy has no 'unsafe-eval', and even zod's
 * caught probe for it is reported as a violation.
 */
import { config } from 'zod/mini';

config({ jitless: true });
