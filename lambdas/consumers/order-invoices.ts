/**
 * The orders stream's invoices consumer (docs/invoices.md, `services/invoices.ts`): only records of
 * orders that are paid or closed reach it (`INVOICE_STREAM_FILTER`); for each it issues the order's
 * fatura-recibo or a refund's credit note, once. The provider's outages and refusals are recorded on the
 * order (and retried by the redrive job); only a fault of the shop's own is an error, for the stream to
 * try the record again (then the dead-letter queue, which an alarm watches).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { handleOrderInvoice } from '../services/invoices.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    const orderId = record.dynamodb?.Keys?.id?.S;
    if (!orderId) continue;
    try {
      const done = await handleOrderInvoice(orderId);
      if (done !== 'nothing') logger.info('order invoicing', { orderId, done });
    } catch (error) {
      logger.error('order invoicing failed; the stream tries it again', { orderId, error: error as Error });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
