/** One DynamoDB transaction over items built by the repositories, with the conditions that refused it by name. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb } from './dynamodb-client.ts';

/** One write of a transaction, as DynamoDB takes it. */
export type TransactionWrite = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A write whose condition has a name (unique in its transaction): when the transaction is cancelled,
 * the caller asks by that name whether this condition failed, never by the write's position.
 */
export interface NamedCondition {
  readonly condition: string;
  readonly write: TransactionWrite;
}

/** What a transaction is made of: writes, those whose failure a caller asks about with a named condition. */
export type TransactionItem = TransactionWrite | NamedCondition;

/** `write` under the condition name `condition` (see {@link NamedCondition}). */
export function named(condition: string, write: TransactionWrite): NamedCondition {
  return { condition, write };
}

/** A write whose condition failed: its condition's name (if it has one) and, where asked for, the item as it was. */
export interface Refusal {
  readonly condition?: string;
  readonly old?: Record<string, unknown>;
}

export type TransactionResult =
  | { readonly written: true }
  | {
      readonly written: false;
      /** Every write whose condition failed; none when the transaction only met another one (a conflict). */
      readonly refusals: readonly Refusal[];
      /** The refusal of the condition named `condition`, when that condition failed. */
      readonly refused: (condition: string) => Refusal | undefined;
    };

const isNamed = (item: TransactionItem): item is NamedCondition => 'condition' in item;

/**
 * Writes all items or none. `token` makes the SDK's own retries of this very transaction (after a lost
 * answer) no-ops. A cancelled transaction (a condition, a conflict) is an answer, not an error: its
 * refusals carry the names of the conditions that failed (DynamoDB answers by position).
 */
export async function writeTransaction(items: readonly TransactionItem[], token: string): Promise<TransactionResult> {
  const names = items.map((item) => (isNamed(item) ? item.condition : undefined));
  const duplicate = names.find((name, index) => name !== undefined && names.indexOf(name) !== index);
  if (duplicate !== undefined) throw new Error(`transaction: condition ${duplicate} named twice`);
  try {
    await ddb().send(
      new TransactWriteCommand({ TransactItems: items.map((item) => (isNamed(item) ? item.write : item)), ClientRequestToken: token }),
    );
    return { written: true };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const refusals: Refusal[] = (error.CancellationReasons ?? []).flatMap((reason, index) =>
      reason.Code === 'ConditionalCheckFailed'
        ? [
            {
              ...(names[index] !== undefined ? { condition: names[index] } : {}),
              ...(reason.Item ? { old: unmarshall(reason.Item as never) } : {}),
            },
          ]
        : [],
    );
    return { written: false, refusals, refused: (condition) => refusals.find((refusal) => refusal.condition === condition) };
  }
}

/**
 * {@link writeTransaction}, tried again (same token, `BACKOFF.transactionConflict`) while it is
 * cancelled only because another transaction touched the same items at the same moment (e.g. a shared
 * counter). A failed condition is an answer and is returned at once.
 */
export async function writeTransactionRetrying(items: readonly TransactionItem[], token: string): Promise<TransactionResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await writeTransaction(items, token);
    if (result.written || result.refusals.length > 0 || attempt >= BACKOFF.transactionConflict.tries) return result;
    await backoff(BACKOFF.transactionConflict, attempt);
  }
}
