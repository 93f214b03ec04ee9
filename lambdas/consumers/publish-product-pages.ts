/**
 * The products table's stream: each changed product's page and the listing are rendered again and
 * kept in the site bucket (a deleted product's page is removed: its address answers 404). A batch
 * renders each page once, however many of its records it holds; a failure retries the whole batch
 * (rendering again is harmless).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { paths } from '#shared/paths.ts';
import { publishPages } from '../services/pages.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const ids = new Set(event.Records.map((record) => record.dynamodb?.Keys?.id?.S).filter((id): id is string => Boolean(id)));
  if (ids.size === 0) return { batchItemFailures: [] };
  const pages = await publishPages([...[...ids].map((id) => paths.product(id)), paths.shop]);
  logger.info('pages rendered', { products: ids.size, pages });
  return { batchItemFailures: [] };
};
