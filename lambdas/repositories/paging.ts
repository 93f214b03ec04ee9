/**
 * Newest-first pages over a listing index (a query, never a scan), with an opaque cursor: the
 * base64url JSON of DynamoDB's LastEvaluatedKey.
 */
import { BatchGetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TableKey } from '../contracts/data-model.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { InvalidInput } from '../errors.ts';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb, tableName } from './dynamodb-client.ts';

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

/** The start key of a page; anything that is not a cursor we made is refused. */
export function decodeCursor(cursor: string | undefined, keyNames: readonly string[]): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (key && typeof key === 'object' && !Array.isArray(key)) {
      const entries = Object.entries(key);
      if (
        entries.length === keyNames.length &&
        entries.every(([k, v]) => keyNames.includes(k) && typeof v === 'string' && v.length <= 200)
      ) {
        return key as Record<string, unknown>;
      }
    }
  } catch {
    // fall through
  }
  throw new InvalidInput(apiTexts.invalidCursor, { cursor: apiTexts.invalidCursor }, 'invalid_cursor');
}

export interface PageQuery {
  readonly input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Limit'>;
  /** Names of the attributes in LastEvaluatedKey (table key + index key). */
  readonly keyNames: readonly string[];
  readonly limit: number;
  readonly cursor?: string;
}

/**
 * Reads one page of up to `limit` items. With a FilterExpression, DynamoDB may return fewer items
 * than read, so it keeps reading (bounded) until the page is full or the index ends.
 */
export async function queryPage(query: PageQuery): Promise<Page<Record<string, unknown>>> {
  const items: Record<string, unknown>[] = [];
  let startKey = decodeCursor(query.cursor, query.keyNames);
  for (let round = 0; round < 10; round++) {
    const page = await ddb().send(new QueryCommand({ ...query.input, ExclusiveStartKey: startKey, Limit: query.limit - items.length }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
    if (!startKey || items.length >= query.limit) break;
  }
  return { items, nextCursor: encodeCursor(startKey) };
}

/** Every item a query matches, following DynamoDB's pages to the end (for small, bounded results). */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** How many items a query matches (DynamoDB counts; no item is read into the function). */
export async function countAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** One newest-first page of a table's `byListing` index (listing + createdAt). */
export async function listingPage<T>(
  table: TableKey,
  listing: string,
  options: { limit: number; cursor?: string },
  map: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const page = await queryPage({
    input: {
      TableName: tableName(table),
      IndexName: 'byListing',
      KeyConditionExpression: 'listing = :listing',
      ExpressionAttributeValues: { ':listing': listing },
      ScanIndexForward: false,
    },
    keyNames: ['id', 'listing', 'createdAt'],
    limit: options.limit,
    cursor: options.cursor,
  });
  return { items: page.items.map(map), nextCursor: page.nextCursor };
}

/** Every item of a table's `byListing` index (small, bounded listings such as the catalogue). */
export function allOfListing(
  table: TableKey,
  listing: string,
  order: 'newest-first' | 'index-order' = 'index-order',
): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(table),
    IndexName: 'byListing',
    KeyConditionExpression: 'listing = :listing',
    ExpressionAttributeValues: { ':listing': listing },
    ScanIndexForward: order !== 'newest-first',
  });
}

/**
 * The oldest items of a table's `byListing` index created before `before` (ISO), oldest first, at most
 * `limit` (reads only that key range, never the whole listing). `filter`: a filter expression on the
 * range (e.g. `attribute_exists(proofKey)`), with `after` (ISO, included) as the range's start.
 */
export async function listingBefore(
  table: TableKey,
  listing: string,
  range: { readonly before: string; readonly after?: string; readonly filter?: string },
  limit: number,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(table),
        IndexName: 'byListing',
        KeyConditionExpression: range.after
          ? 'listing = :listing AND createdAt BETWEEN :after AND :before'
          : 'listing = :listing AND createdAt < :before',
        ...(range.filter ? { FilterExpression: range.filter } : {}),
        ExpressionAttributeValues: { ':listing': listing, ':before': range.before, ...(range.after ? { ':after': range.after } : {}) },
        ScanIndexForward: true,
        Limit: range.filter ? 100 : limit - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      // BETWEEN includes its end, which is not yet old enough.
      if (String(item.createdAt) >= range.before) continue;
      if (items.length < limit) items.push(item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return items;
}

/**
 * The items of `table` with these ids (partition key `id`), in the order of `ids` (each once), by
 * BatchGet: 100 keys a request, its unprocessed keys again; missing ones are left out. Strongly
 * consistent unless `consistent` is false.
 */
export async function itemsById(table: TableKey, ids: readonly string[], consistent = true): Promise<Record<string, unknown>[]> {
  const found = new Map<string, Record<string, unknown>>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => ({ id }));
    for (let attempt = 0; keys && keys.length > 0; attempt++) {
      if (attempt > 0) await backoff(BACKOFF.unprocessedKeys, attempt);
      const answer = await ddb().send(
        new BatchGetCommand({ RequestItems: { [tableName(table)]: { Keys: keys, ConsistentRead: consistent } } }),
      );
      for (const item of answer.Responses?.[tableName(table)] ?? []) found.set(String(item.id), item);
      keys = answer.UnprocessedKeys?.[tableName(table)]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return unique.map((id) => found.get(id)).filter((item): item is Record<string, unknown> => item !== undefined);
}
