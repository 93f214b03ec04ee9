/**
 * The block list (`abuse` of `data-model.ts`): buyers the owner blocked from reserving when closing a
 * suspicious order. A block is one item under `key` `block` (what "Definições" lists) and one item under
 * each identity key it covers (what a reservation looks up: one query per key, never a scan). A block
 * and its key items are written and deleted together in one transaction. Every item carries its expiry
 * (`until`, and `expiresAt` for TTL); a read ignores what has expired.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BlockEntry } from '#shared/abuse.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { queryAll } from './paging.ts';
import { writeTransactionRetrying, type TransactionItem } from './transactions.ts';

/** The partition of the blocks themselves (the list). */
const BLOCK_LIST = 'block';

/** The identity keys of a buyer (`shared/identity-keys.ts`): e-mail, phone and client address, each when known. */
export interface BlockKeys {
  readonly email?: string;
  readonly phone?: string;
  readonly client?: string;
}

/** The lookup keys of a buyer's identity keys: `email#…`, `phone#…`, `client#…`. */
export function lookupKeys(keys: BlockKeys): string[] {
  return (['email', 'phone', 'client'] as const).flatMap((kind) => (keys[kind] ? [`${kind}#${keys[kind]}`] : []));
}

const epochSeconds = (iso: string) => Math.ceil(new Date(iso).getTime() / 1000);

/**
 * Writes a block and its key items in one transaction. A block of the same order again (a repeated
 * click) replaces it.
 */
export async function putBlock(entry: BlockEntry, keys: BlockKeys): Promise<void> {
  const expiresAt = epochSeconds(entry.until);
  const items: TransactionItem[] = [
    { Put: { TableName: tableName('abuse'), Item: { key: BLOCK_LIST, blockId: entry.id, ...entry, keys: lookupKeys(keys), expiresAt } } },
    ...lookupKeys(keys).map((key) => ({
      Put: { TableName: tableName('abuse'), Item: { key, blockId: entry.id, until: entry.until, expiresAt } },
    })),
  ];
  const result = await writeTransactionRetrying(items, randomUUID());
  if (!result.written) throw new Error(`block ${entry.id}: could not be written`);
}

/** Whether any of `keys` is blocked at `now` (one strongly consistent query per key, at most one item read each). */
export async function isBlocked(keys: BlockKeys, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const answers = await Promise.all(
    lookupKeys(keys).map((key) =>
      ddb().send(
        new QueryCommand({
          TableName: tableName('abuse'),
          KeyConditionExpression: '#key = :key',
          FilterExpression: '#until > :now',
          ExpressionAttributeNames: { '#key': 'key', '#until': 'until' },
          ExpressionAttributeValues: { ':key': key, ':now': at },
          ConsistentRead: true,
        }),
      ),
    ),
  );
  return answers.some((answer) => (answer.Items ?? []).length > 0);
}

/** Every block there is, expired or not (`until` tells), with the key items each one wrote. */
export async function allBlocks(): Promise<{ entry: BlockEntry; keys: string[] }[]> {
  const items = await queryAll({
    TableName: tableName('abuse'),
    KeyConditionExpression: '#key = :key',
    ExpressionAttributeNames: { '#key': 'key' },
    ExpressionAttributeValues: { ':key': BLOCK_LIST },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    entry: {
      id: String(item.blockId),
      orderId: String(item.orderId),
      orderNumber: Number(item.orderNumber),
      createdAt: String(item.createdAt),
      until: String(item.until),
      by: String(item.by),
      email: String(item.email ?? ''),
      phone: String(item.phone ?? ''),
      client: String(item.client ?? ''),
    },
    keys: Array.isArray(item.keys) ? item.keys.map(String) : [],
  }));
}

/** Deletes blocks with their key items (a block already gone is no error). */
export async function deleteBlocks(blocks: readonly { readonly id: string; readonly keys: readonly string[] }[]): Promise<void> {
  const requests = blocks.flatMap((block) =>
    [BLOCK_LIST, ...block.keys].map((key) => ({ DeleteRequest: { Key: { key, blockId: block.id } } })),
  );
  for (let start = 0; start < requests.length; start += 25) {
    let pending: typeof requests | undefined = requests.slice(start, start + 25);
    for (let round = 0; pending && pending.length > 0 && round < 5; round++) {
      const answer = await ddb().send(new BatchWriteCommand({ RequestItems: { [tableName('abuse')]: pending } }));
      pending = answer.UnprocessedItems?.[tableName('abuse')] as typeof requests | undefined;
    }
    if (pending && pending.length > 0) throw new Error('blocks: some items could not be deleted');
  }
}
