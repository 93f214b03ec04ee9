/**
 * The twin's S3 event notification for photos: what the stack's bucket notification does in the
 * cloud. An object created under the photo upload prefix of the images bucket runs the
 * photo-processing function's own module (`lambdas/consumers/process-photo.ts`) with the S3 event,
 * one event at a time (processing is CPU-bound); a failed run is retried twice, as S3's asynchronous
 * Lambda call is.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { S3Event } from 'aws-lambda';
import { photoProcessing } from '../../lambdas/jobs.ts';
import { REPO_ROOT } from './dynamodb-local.ts';
import { asFunction } from './function-scope.ts';

type PhotoHandler = (event: S3Event) => Promise<void>;

export interface PhotoEvents {
  readonly onEvent: (event: S3Event) => void;
  /** Resolves when every event received so far has been handled. */
  readonly idle: () => Promise<void>;
}

export function photoEvents(bucketName: string): PhotoEvents {
  let queue: Promise<void> = Promise.resolve();
  const run = async (event: S3Event) => {
    const file = pathToFileURL(join(REPO_ROOT, 'lambdas', 'consumers', `${photoProcessing.handler}.ts`)).href;
    const { handler } = (await import(file)) as { handler: PhotoHandler };
    for (let attempt = 1; ; attempt++) {
      try {
        // As its own function: its row's environment and grants only.
        return await asFunction({ name: photoProcessing.name, grants: photoProcessing.grants, api: false }, () => handler(event));
      } catch (error) {
        if (attempt === 3) return console.error(`${photoProcessing.name} failed:`, error);
      }
    }
  };
  return {
    onEvent: (event) => {
      const records = event.Records.filter(
        (r) => r.s3.bucket.name === bucketName && r.eventName.startsWith('ObjectCreated:') && r.s3.object.key.startsWith(photoProcessing.prefix),
      );
      if (records.length) queue = queue.then(() => run({ Records: records }));
    },
    idle: () => queue,
  };
}
