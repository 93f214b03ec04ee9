/**
 * The outbox consumer: a DynamoDB stream (new images) of the outbox table, through an event source
 * mapping in the cloud and through the twin's poller locally, with the same event shape. Records are
 * handled in order; the first one that fails (DynamoDB trouble; SES failures are recorded on the item,
 * not thrown) is reported, so only it and the records after it are retried (`reportBatchItemFailures`).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { handleOutboxImage } from '../services/outbox.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    try {
      if (image) await handleOutboxImage(image as Record<string, unknown>);
    } catch (error) {
      logger.error('outbox record failed', { eventID: record.eventID, error: error as Error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
