/**
 * The products table's stream: each changed product's page and the listing are rendered again and
 * kept in the site bucket (a deleted product's page is removed: its address answers 404). A product's
 * former addresses (its id, its former slugs) lose their kept pages, so each answers its 301
 * (docs/readable-addresses.md); a slug claim's record names its address. A batch renders each page
 * once, however many of its records it holds; a failure retries the whole batch (rendering again is harmless).
 */
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { paths } from '#shared/paths.ts';
import { publishPages } from '../services/pages.ts';
import { addressesChangedBy } from '../services/product-slugs.ts';

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const addresses = new Set(
    event.Records.flatMap((record) => {
      const id = record.dynamodb?.Keys?.id?.S;
      return id ? addressesChangedBy(id, record.dynamodb?.NewImage as Record<string, unknown> | undefined) : [];
    }),
  );
  if (addresses.size === 0) return { batchItemFailures: [] };
  const pages = await publishPages([...[...addresses].map((address) => paths.product(address)), paths.shop]);
  logger.info('pages rendered', { addresses: addresses.size, pages });
  return { batchItemFailures: [] };
};
