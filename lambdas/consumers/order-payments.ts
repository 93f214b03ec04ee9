/**
 * The orders stream's payments consumer (docs/design.md §34, `services/provider-payments.ts`): only
 * records of orders whose provider payment is `starting` or `succeeded` reach it (`PAYMENT_STREAM_FILTER`);
 * for each it starts the payment, or makes the refund a closed order asks for. Records are handled in
 * order; the first that fails is named, and it and the ones after it are tried again.
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { handleOrderPayment } from '../services/provider-payments.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const orderId = record.dynamodb?.Keys?.id?.S;
    if (!orderId) continue;
    try {
      const done = await handleOrderPayment(orderId);
      if (done !== 'nothing') logger.info('order payment', { orderId, done });
    } catch (error) {
      logger.error('order payment failed; the stream tries it again', { orderId, error: error as Error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
