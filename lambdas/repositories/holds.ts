/**
 * The hold counters (docs/design.md §27): what each customer key (client address, e-mail, phone, by
 * `#shared/identity-keys.ts`) holds in unpaid or unconfirmed orders, one item per key in the counters
 * table (`hold#<kind>#<hash>`: `value` open orders, `units` their units). A key is kept as a SHA-256
 * hash: the table never holds an address, e-mail or phone. Taken in the transaction that reserves
 * the stock, under a condition that keeps both figures within the caps; given back in the transaction
 * that moves the order out of the held statuses.
 */
import { createHash } from 'node:crypto';
import { QueryCommand, ScanCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { HoldCaps } from '#shared/settings.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { named, type Refusal, type TransactionItem } from './transactions.ts';

/** The kinds of customer key a hold counts against. */
export type HoldKind = 'address' | 'email' | 'phone';

/** The prefix of every hold counter's name (and of the names of their conditions). */
export const HOLD_PREFIX = 'hold#';

/** The counter name of one key: `hold#email#<hash>`. */
export function holdCounterName(kind: HoldKind, key: string): string {
  return `${HOLD_PREFIX}${kind}#${createHash('sha256').update(`${kind}:${key}`).digest('hex').slice(0, 32)}`;
}

/** Whether a refused transaction was refused by a hold cap. */
export function refusedByHoldCap(refusals: readonly Refusal[]): boolean {
  return refusals.some((refusal) => refusal.condition?.startsWith(HOLD_PREFIX));
}

/**
 * The transaction item that counts one more open order of `units` units on the counter `name`, only
 * while the key has fewer than `caps.orders` open orders and room for the units (`units <= caps.units`
 * is checked before: DynamoDB conditions do no arithmetic, so the room is `caps.units - units`).
 */
export function takeHoldItem(name: string, units: number, caps: HoldCaps): TransactionItem {
  return named(name, {
    Update: {
      TableName: tableName('counters'),
      Key: { name },
      UpdateExpression: 'ADD #value :one, #units :units',
      ConditionExpression: 'attribute_not_exists(#value) OR (#value < :orders AND (attribute_not_exists(#units) OR #units <= :room))',
      ExpressionAttributeNames: { '#value': 'value', '#units': 'units' },
      ExpressionAttributeValues: { ':one': 1, ':units': units, ':orders': caps.orders, ':room': caps.units - units },
    },
  });
}

/** The transaction item that gives back one order's hold on the counter `name` (no condition: a move is never refused for a counter). */
export function releaseHoldItem(name: string, units: number): TransactionItem {
  return {
    Update: {
      TableName: tableName('counters'),
      Key: { name },
      UpdateExpression: 'ADD #value :minusOne, #units :minusUnits',
      ExpressionAttributeNames: { '#value': 'value', '#units': 'units' },
      ExpressionAttributeValues: { ':minusOne': -1, ':minusUnits': -units },
    },
  };
}

/** One hold counter as stored. */
export interface HoldCounter {
  readonly orders: number;
  readonly units: number;
}

/** Every hold counter (a scan of the counters table; the offline recount only). */
export async function allHoldCounters(): Promise<Map<string, HoldCounter>> {
  const found = new Map<string, HoldCounter>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new ScanCommand({
        TableName: tableName('counters'),
        ConsistentRead: true,
        FilterExpression: 'begins_with(#name, :prefix)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':prefix': HOLD_PREFIX },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.set(String(item.name), { orders: Number(item.value ?? 0), units: Number(item.units ?? 0) });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}

/** Sets a hold counter to absolute figures (the offline recount only). */
export async function setHoldCounter(name: string, counter: HoldCounter): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('counters'), Item: { name, value: counter.orders, units: counter.units } }));
}

/** The orders of one status with their hold bookkeeping (the by-status index; the offline recount only). */
export async function heldOrdersOf(status: string): Promise<{ holdKeys?: string[]; holdUnits?: number }[]> {
  const items: { holdKeys?: string[]; holdUnits?: number }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('orders'),
        IndexName: 'byStatus',
        KeyConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? [])
      items.push({ holdKeys: item.holdKeys as string[] | undefined, holdUnits: item.holdUnits as number | undefined });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
