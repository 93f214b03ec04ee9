/**
 * DynamoDB's transaction conflicts, which DynamoDB Local does not have: it runs transactions one after
 * another, so two orders that take the same product's stock at the same moment both go through there,
 * while in AWS the second is cancelled (`TransactionCanceledException`, reason `TransactionConflict`
 * for the item both name) and has to be tried again. The twin keeps, in its one process, the items of
 * every `TransactWriteItems` under way on the handlers' client (`ddb()`), and cancels a transaction
 * that names one of them, as AWS does ("Transaction conflict handling in DynamoDB": an item within a
 * TransactWriteItems request that is part of another ongoing TransactWriteItems request). A transaction
 * is under way from its send to its answer (the SDK's own retries included): the same order of time as
 * in AWS, where one takes tens of milliseconds. Single-item writes are not modelled (the shop's
 * contended writes are all transactions).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { tables } from '#lambdas/contracts/data-model.ts';
import { ddb } from '#lambdas/repositories/dynamodb-client.ts';
import { localTableName } from './bootstrap.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a marshalled TransactWriteItems input
type Input = Record<string, any>;

/** The key attribute names of a table by its physical name (the twin's and the tests' own tables alike). */
function keyNamesOf(tableName: string): string[] | undefined {
  for (const [key, def] of Object.entries(tables)) {
    if (localTableName(key as keyof typeof tables) === tableName || process.env[def.envVar] === tableName) {
      return [def.partitionKey.name, ...('sortKey' in def && def.sortKey ? [def.sortKey.name] : [])];
    }
  }
  return undefined;
}

/** One item of a transaction, as a string: its table and key (a `Put` names its key inside its item). */
function itemIdentity(item: Input): string {
  const [kind, body] = Object.entries(item)[0] as [string, Input];
  const fields: Input = kind === 'Put' ? (body.Item as Input) : (body.Key as Input);
  const names = kind === 'Put' ? (keyNamesOf(String(body.TableName)) ?? Object.keys(fields)) : Object.keys(fields);
  const key = [...names].sort().map((name) => [name, fields[name]]);
  return JSON.stringify([body.TableName, key]);
}

const underWay = new Set<string>();
let cancelled = 0;

/** How many transactions the twin cancelled for a conflict since it started (the bench reports it). */
export const transactionConflicts = (): number => cancelled;

/**
 * Keeps the item `key` (its key attributes, as a transaction names them) of `tableName` under way, as if a
 * transaction naming it never ended: every transaction naming it is cancelled until the answer is called.
 */
export function keepUnderWay(tableName: string, key: Input): () => void {
  const identity = JSON.stringify([
    tableName,
    Object.keys(key)
      .sort()
      .map((name) => [name, key[name]]),
  ]);
  underWay.add(identity);
  return () => underWay.delete(identity);
}

/** An SDK client's middleware stack, as far as adding one middleware goes. */
interface Stack {
  add(middleware: never, options: never): void;
}

let installed = false;

/** Puts the conflicts in place on the handlers' DynamoDB client, once per process. */
export function installTransactionConflicts(stack: Stack = ddb().middlewareStack as unknown as Stack): void {
  if (installed) return;
  installed = true;
  const middleware =
    (next: (args: { input?: unknown }) => Promise<unknown>, context: { commandName?: string }) => async (args: { input?: unknown }) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      const identities = ((args.input as Input).TransactItems as Input[]).map(itemIdentity);
      if (identities.some((identity) => underWay.has(identity))) {
        cancelled++;
        throw new TransactionCanceledException({
          message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
          $metadata: { httpStatusCode: 400 },
          CancellationReasons: identities.map((identity) =>
            underWay.has(identity) ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
          ),
        });
      }
      for (const identity of identities) underWay.add(identity);
      try {
        return await next(args);
      } finally {
        for (const identity of identities) underWay.delete(identity);
      }
    };
  // After the document client's marshalling (initialize), before the SDK's retries (finalizeRequest).
  stack.add(middleware as never, { step: 'serialize', name: 'twinTransactionConflicts', priority: 'high', override: true } as never);
}
