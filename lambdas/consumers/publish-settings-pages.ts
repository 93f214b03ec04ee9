/**
 * The settings table's stream (the record in force only: `SETTINGS_STREAM_FILTER`). The owner saved
 * "Definições": every page is rendered again (each footer names the seller; the privacy policy states
 * the retention periods; the product pages stop at the order caps) and so is the withdrawal form's PDF.
 * The first record (a deploy's seed, the twin's first start) only renders the PDF: no page was kept
 * before it. SES's answer about the sender changed (item `sender`): the go-live checklist may have
 * changed, so every page is rendered again ("Loja em preparação" comes or goes, docs/design.md §33).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { publishAllPages, publishDocuments } from '../services/pages.ts';
import { refreshSettings } from '../services/settings.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  if (event.Records.length === 0) return { batchItemFailures: [] };
  await refreshSettings();
  const documents = await publishDocuments();
  const pages = event.Records.some((record) => record.eventName === 'MODIFY' || record.dynamodb?.NewImage?.sk?.S === 'sender')
    ? await publishAllPages()
    : 0;
  logger.info('pages rendered', { pages, documents });
  return { batchItemFailures: [] };
};
