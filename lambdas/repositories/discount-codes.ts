/**
 * The discount codes (docs/discount-codes.md): their definitions in the `discountCodes` table (key
 * `code`, upper-case), and their uses in the counters table, taken in the stock's transaction under
 * conditions that keep them within the code's limits and given back in the transaction that closes an
 * unpaid order: `code#<CODE>` (the orders holding the code) and `code#<CODE>#<hash>` (those of one
 * customer's e-mail, by `emailKey`, kept as a SHA-256 hash: the table never holds an e-mail).
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DiscountCode } from '#shared/discount-codes.ts';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing } from './paging.ts';
import { named, type TransactionItem } from './transactions.ts';

/** The listing of the codes' `byListing` index. */
export const CODE_LISTING = 'code';
/** The conditions of a checkout's code items (`takeCodeUseItems`). */
export const CODE_UNCHANGED = 'code-unchanged';
export const CODE_USES_LEFT = 'code-uses-left';
export const CODE_CUSTOMER_USES_LEFT = 'code-customer-uses-left';
/** The condition of a deletion: no order holds the code. */
export const CODE_UNUSED = 'code-unused';

/** The counter of a code's uses. */
export function codeUsesCounter(code: string): string {
  return `code#${code}`;
}

/** The counter of a code's uses by one customer (`key`: the e-mail's `emailKey`). */
export function codeCustomerCounter(code: string, key: string): string {
  return `code#${code}#${createHash('sha256').update(`code-email:${key}`).digest('hex').slice(0, 32)}`;
}

const FIELDS = [
  'code',
  'type',
  'percent',
  'amountCents',
  'minOrderCents',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'appliesToDiscounted',
  'collections',
  'types',
  'active',
  'note',
  'createdAt',
  'updatedAt',
] as const;

/** A stored item as a code: its fields only (not the listing's bookkeeping). */
function toCode(item: Record<string, unknown>): DiscountCode {
  return Object.fromEntries(
    FIELDS.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]),
  ) as unknown as DiscountCode;
}

/** One code by its (upper-case) name, read strongly consistent. */
export async function getDiscountCode(code: string): Promise<DiscountCode | undefined> {
  // No code is empty or longer than a key may be (a path of only spaces normalises to ''): none to ask for.
  if (!code || Buffer.byteLength(code) > 1024) return undefined;
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('discountCodes'), Key: { code }, ConsistentRead: true }));
  return Item ? toCode(Item) : undefined;
}

/** Every code, newest first. */
export async function listDiscountCodes(): Promise<DiscountCode[]> {
  return (await allOfListing('discountCodes', CODE_LISTING, 'newest-first')).map(toCode);
}

/**
 * Writes a code: a new one only if none of its name exists (`create`), an edit only over the one that
 * does (keeping its `createdAt`). Answers false when that condition failed (nothing written).
 */
export async function putDiscountCode(code: DiscountCode, mode: 'create' | 'replace'): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('discountCodes'),
        Item: { ...code, listing: CODE_LISTING },
        ConditionExpression: mode === 'create' ? 'attribute_not_exists(code)' : 'attribute_exists(code)',
      }),
    ),
  );
}

/** The transaction items that delete a code only while it exists and no order holds it. */
export function deleteCodeItems(code: string): TransactionItem[] {
  return [
    { Delete: { TableName: tableName('discountCodes'), Key: { code }, ConditionExpression: 'attribute_exists(code)' } },
    named(CODE_UNUSED, {
      ConditionCheck: {
        TableName: tableName('counters'),
        Key: { name: codeUsesCounter(code) },
        ConditionExpression: 'attribute_not_exists(#value) OR #value <= :zero',
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':zero': 0 },
      },
    }),
  ];
}

/**
 * The items a checkout's transaction takes a use of `code` with (as read at `updatedAt`): the code is
 * still as it was read and active, its uses are below `maxUses`, the customer's below
 * `maxUsesPerCustomer`. Each refusal has its name (`CODE_*`).
 */
export function takeCodeUseItems(code: DiscountCode, customerKey: string): { items: TransactionItem[]; keys: string[] } {
  const keys = [codeUsesCounter(code.code), codeCustomerCounter(code.code, customerKey)];
  const take = (name: string, condition: string, max: number | undefined) =>
    named(condition, {
      Update: {
        TableName: tableName('counters'),
        Key: { name },
        UpdateExpression: 'ADD #value :one',
        ...(max === undefined ? {} : { ConditionExpression: 'attribute_not_exists(#value) OR #value < :max' }),
        ExpressionAttributeNames: { '#value': 'value' },
        ExpressionAttributeValues: { ':one': 1, ...(max === undefined ? {} : { ':max': max }) },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    });
  const unchanged = named(CODE_UNCHANGED, {
    ConditionCheck: {
      TableName: tableName('discountCodes'),
      Key: { code: code.code },
      ConditionExpression: 'active = :true AND updatedAt = :seen',
      ExpressionAttributeValues: { ':true': true, ':seen': code.updatedAt },
    },
  });
  return {
    items: [unchanged, take(keys[0]!, CODE_USES_LEFT, code.maxUses), take(keys[1]!, CODE_CUSTOMER_USES_LEFT, code.maxUsesPerCustomer)],
    keys,
  };
}

/** The items that give back one order's use of its code (no condition: a close is never refused for a counter). */
export function releaseCodeUseItems(keys: readonly string[]): TransactionItem[] {
  return keys.map((name) => ({
    Update: {
      TableName: tableName('counters'),
      Key: { name },
      UpdateExpression: 'ADD #value :minusOne',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  }));
}
