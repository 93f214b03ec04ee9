/**
 * A write's condition refused by DynamoDB, recognised in one place. A refused condition is an answer
 * (the item is not as the write required: nothing was written), not a failure; a cancelled
 * transaction says the same per write (`transactions.ts`).
 */
import type { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/** The name of DynamoDB's error for a refused condition (of a write outside a transaction). */
export const CONDITION_REFUSED = 'ConditionalCheckFailedException';

/**
 * Whether `error` is DynamoDB's refusal of a write's condition. By its name rather than `instanceof`:
 * the error of another copy of the SDK (another bundle's class, an operator command's own client) is
 * the same answer, and `instanceof` would miss it.
 */
export function isConditionRefused(error: unknown): error is ConditionalCheckFailedException {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === CONDITION_REFUSED;
}

/** DynamoDB's answer to a conditional write being sent (`ddb().send(…)`), or undefined when its condition refused it. */
export async function unlessRefused<Answer>(sending: Promise<Answer>): Promise<Answer | undefined> {
  try {
    return await sending;
  } catch (error) {
    if (isConditionRefused(error)) return undefined;
    throw error;
  }
}

/** Whether a conditional write being sent (`ddb().send(…)`) was written: false when its condition refused it. */
export async function written(sending: Promise<unknown>): Promise<boolean> {
  return (await unlessRefused(sending.then(() => true))) ?? false;
}

/**
 * The condition that the list at `path` holds `n` entries, as read: `size(path) = <placeholder>` with
 * its value, or the list absent when `n` is 0 (the shop only ever writes such a list with an entry).
 */
export function listHolds(
  path: string,
  n: number,
  placeholder: `:${string}`,
): { readonly condition: string; readonly values: Readonly<Record<string, number>> } {
  return n === 0
    ? { condition: `attribute_not_exists(${path})`, values: {} }
    : { condition: `size(${path}) = ${placeholder}`, values: { [placeholder]: n } };
}
