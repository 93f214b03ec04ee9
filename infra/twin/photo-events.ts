/**
 * The twin's S3 event notification for photos: what the stack's bucket notification does in the
 * cloud. An object created under the photo upload prefix of the images bucket runs the
 * photo-processing function's own module (`lambdas/consumers/process-photo.ts`) with the S3 event,
 * one event at a time (processing is CPU-bound); a failed run is retried twice, as S3's asynchronous
 * Lambda call is.
 */
import type { S3Event } from 'aws-lambda';
import { photoProcessing } from '#lambdas/jobs.ts';
import { invokeAsync } from './function-scope.ts';

export interface PhotoEvents {
  readonly onEvent: (event: S3Event) => void;
  /** Resolves when every event received so far has been handled. */
  readonly idle: () => Promise<void>;
}

export function photoEvents(bucketName: string): PhotoEvents {
  let queue: Promise<void> = Promise.resolve();
  const run = (event: S3Event) => invokeAsync(photoProcessing, event);
  return {
    onEvent: (event) => {
      const records = event.Records.filter(
        (r) =>
          r.s3.bucket.name === bucketName && r.eventName.startsWith('ObjectCreated:') && r.s3.object.key.startsWith(photoProcessing.prefix),
      );
      if (records.length) queue = queue.then(() => run({ Records: records }));
    },
    idle: () => queue,
  };
}
