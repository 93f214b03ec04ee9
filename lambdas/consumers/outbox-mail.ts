/**
 * The outbox consumer: a DynamoDB stream (new images) of the outbox table, through an event source
 * mapping in the cloud and through the twin's poller locally, with the same event shape. The records
 * of a batch are independent e-mails: they are handled a few at a time (the send rate is kept by the
 * service), and the first one that failed, in stream order, is reported (`reportBatchItemFailures`),
 * so it and the records after it are retried; a retried record whose item was already handled is a
 * no-op (every state change is conditional). SES failures are recorded on the item, not thrown.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { handleOutboxImage } from '../services/outbox.ts';

/** Records of one batch handled at once. */
const PARALLEL = 5;

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const failed: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < event.Records.length; index = next++) {
      const record = event.Records[index]!;
      const image = record.dynamodb?.NewImage;
      try {
        if (image) await handleOutboxImage(image as Record<string, unknown>);
      } catch (error) {
        logger.error('outbox record failed', { eventID: record.eventID, error: error as Error });
        failed.push(index);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failed.length === 0) return { batchItemFailures: [] };
  const first = event.Records[Math.min(...failed)]!;
  return { batchItemFailures: [{ itemIdentifier: first.dynamodb?.SequenceNumber ?? '' }] };
};
