/**
 * The outbox consumer: a DynamoDB stream (new images) of the outbox table, through an event source
 * mapping in the cloud and through the twin's poller locally, with the same event shape. Records to
 * different addresses are independent and handled a few at a time (the send rate is kept by the
 * service); records to one address are handled in stream order, so a customer never gets "payment
 * confirmed" before "order received". The first record that failed, in stream order, is reported
 * (`reportBatchItemFailures`): it and the records after it are retried, and a retried record whose
 * item was already handled is a no-op (every state change is conditional). SES failures are recorded
 * on the item, not thrown.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { handleOutboxImage } from '../services/outbox-delivery.ts';

/** Addresses handled at once. */
const PARALLEL = 5;

/** The records' positions grouped by recipient (the shop's own address is one group), each in stream order. */
function byRecipient(records: readonly DynamoDBRecord[]): number[][] {
  const groups = new Map<string, number[]>();
  records.forEach((record, index) => {
    const key = record.dynamodb?.NewImage?.to?.S ?? '(shop or fan-out)';
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups.values()];
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const groups = byRecipient(event.Records);
  const failed: number[] = [];
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift()) {
      for (const index of group) {
        const record = event.Records[index]!;
        const image = record.dynamodb?.NewImage;
        try {
          if (image) await handleOutboxImage(image as Record<string, unknown>);
        } catch (error) {
          logger.error('outbox record failed', { eventID: record.eventID, error: error as Error });
          failed.push(index);
          break; // the address's later records wait for this one's retry
        }
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (failed.length === 0) return { batchItemFailures: [] };
  const first = event.Records[Math.min(...failed)]!;
  return { batchItemFailures: [{ itemIdentifier: first.dynamodb?.SequenceNumber ?? '' }] };
};
