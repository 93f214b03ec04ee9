/** The collections table's stream: every page is rendered again (each page's menu lists the collections). */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { publishAllPages } from '../services/pages.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  if (event.Records.length === 0) return { batchItemFailures: [] };
  const pages = await publishAllPages();
  logger.info('pages rendered', { pages });
  return { batchItemFailures: [] };
};
