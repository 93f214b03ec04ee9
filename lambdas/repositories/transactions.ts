/** One DynamoDB transaction over items built by the repositories, with its refusal reasons in plain terms. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { backoff, BACKOFF } from '../backoff.ts';
import { ddb } from './dynamodb-client.ts';

export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Per item, in order: whether its condition failed and, where asked for, the item as it was. */
export interface CancellationReason {
  readonly conditionFailed: boolean;
  readonly old?: Record<string, unknown>;
}

export type TransactionResult = { readonly written: true } | { readonly written: false; readonly reasons: readonly CancellationReason[] };

/**
 * Writes all items or none. `token` makes the SDK's own retries of this very transaction (after a lost
 * answer) no-ops. A cancelled transaction (a condition, a conflict) is an answer, not an error.
 */
export async function writeTransaction(items: readonly TransactionItem[], token: string): Promise<TransactionResult> {
  try {
    await ddb().send(new TransactWriteCommand({ TransactItems: [...items], ClientRequestToken: token }));
    return { written: true };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = (error.CancellationReasons ?? []).map((reason) => ({
      conditionFailed: reason.Code === 'ConditionalCheckFailed',
      ...(reason.Item ? { old: unmarshall(reason.Item as never) } : {}),
    }));
    return { written: false, reasons };
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
    if (result.written || result.reasons.some((reason) => reason.conditionFailed) || attempt >= BACKOFF.transactionConflict.tries) return result;
    await backoff(BACKOFF.transactionConflict, attempt);
  }
}
