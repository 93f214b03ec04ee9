/**
 * The functions that run on a schedule, not on a request: one row each, like the route table. The
 * CDK stack (`infra/jobs.ts`) makes one function per row with exactly its grants and a schedule; the
 * local twin runs the same handler on a timer with the same period.
 */
import { PHOTO_KEYS } from './contracts/data-model.ts';
import { CLOSE_ORDER_GRANTS, type Grant } from './routes.ts';

export interface Job {
  /** A stable name (also the CloudFormation id's base). */
  readonly name: string;
  /** Module under `lambdas/consumers/`, without extension; it exports `handler`. */
  readonly handler: string;
  /** How often it runs. */
  readonly everyMinutes: number;
  readonly grants: readonly Grant[];
}

export const jobs = [
  {
    // Reservations nobody paid in time give back their stock and MB WAY slot.
    name: 'ExpireReservations',
    handler: 'expire-reservations',
    everyMinutes: 5,
    grants: CLOSE_ORDER_GRANTS,
  },
] as const satisfies readonly Job[];

/**
 * The function S3 runs when a photo lands under `uploads/incoming/` of the images bucket (the twin runs
 * the same module on its local S3 server's event). Triggered by the upload itself rather than by a
 * confirm call: nothing depends on the browser making a second request, S3 retries a failed run, and
 * the API functions stay small (no sharp) and free of API Gateway's 30-second limit.
 */
export const photoProcessing = {
  name: 'ProcessPhoto',
  handler: 'process-photo',
  bucket: 'images',
  prefix: PHOTO_KEYS.incomingPrefix,
  grants: [{ bucket: 'images', access: 'readWriteDelete' }],
} as const satisfies Omit<Job, 'everyMinutes'> & { readonly bucket: 'images'; readonly prefix: string };
