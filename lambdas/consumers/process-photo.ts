/**
 * The photo-processing function: S3 calls it when an object is created under `uploads/incoming/` of
 * the images bucket (in the twin, the local S3 server's event does). Each record's photo is processed
 * (`processUploadedPhoto`); a storage failure fails the invocation, so S3's asynchronous call is retried.
 */
import type { S3Event } from 'aws-lambda';
import { logger } from '../logger.ts';
import { processUploadedPhoto } from '../services/photo-pipeline.ts';

/** S3 event keys are URL-encoded, with spaces as `+`. */
const objectKey = (encoded: string) => decodeURIComponent(encoded.replace(/\+/g, ' '));

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records) {
    if (!record.eventName.startsWith('ObjectCreated:')) continue;
    const key = objectKey(record.s3.object.key);
    const started = Date.now();
    await processUploadedPhoto(key);
    logger.info('photo upload handled', { key, ms: Date.now() - started });
  }
}
