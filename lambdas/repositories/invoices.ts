/**
 * An order's invoicing record (`invoicing` on the order, docs/invoices.md) as the invoices consumer
 * writes it: claimed before the provider is asked (one run at a time per order, for a lease), then the
 * document recorded, or why not and when to try again. While work waits, the order carries
 * `invoiceQueue` (the partition of the sparse `byInvoiceDue` index) and `invoiceDueAt` (when the redrive
 * job must look at it: the lease's end, or the backoff's); both go once nothing waits.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TimelineEntry } from '#shared/api.ts';
import type { InvoicingRecord, RecordedDocument } from '#shared/invoices.ts';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { writeTransactionRetrying, type TransactionItem } from './transactions.ts';

/** The partition value of the orders whose invoicing waits (`byInvoiceDue`). */
export const INVOICE_DUE = 'due';

const conditional = (command: UpdateCommand): Promise<boolean> => written(ddb().send(command));

/**
 * Claims the order's invoicing for `token` until `until`, as seen: no one else holds a live claim, and
 * the documents are still those `seen` has (a run that recorded one meanwhile wins). False: not claimed.
 */
export function claimInvoicing(id: string, seen: InvoicingRecord | undefined, token: string, until: string, now: string): Promise<boolean> {
  if (!seen) {
    const fresh: InvoicingRecord = { attempts: 0, claim: token, claimedUntil: until, creditNotes: [] };
    return conditional(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression: 'SET invoicing = :fresh, invoiceQueue = :due, invoiceDueAt = :until',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(invoicing)',
        ExpressionAttributeValues: { ':fresh': fresh, ':due': INVOICE_DUE, ':until': until },
      }),
    );
  }
  return conditional(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression: 'SET invoicing.claim = :token, invoicing.claimedUntil = :until, invoiceQueue = :due, invoiceDueAt = :until',
      ConditionExpression:
        `(attribute_not_exists(invoicing.claimedUntil) OR invoicing.claimedUntil < :now) AND size(invoicing.creditNotes) ` +
        `= :notes AND ${seen.invoice ? 'attribute_exists(invoicing.invoice)' : 'attribute_not_exists(invoicing.invoice)'}`,
      ExpressionAttributeValues: { ':token': token, ':until': until, ':due': INVOICE_DUE, ':now': now, ':notes': seen.creditNotes.length },
    }),
  );
}

/**
 * The document the claim of `token` issued: kept, the claim and the wait cleared, on the timeline; with
 * `also` (the shop's own mail of it) in the same transaction, so the mail is queued exactly when the
 * document is recorded, once. False: the claim was lost (another run recorded it).
 */
export async function recordDocument(
  id: string,
  token: string,
  document: RecordedDocument,
  entry: TimelineEntry,
  also: readonly TransactionItem[] = [],
): Promise<boolean> {
  const invoice = document.kind === 'invoice-receipt';
  const update = {
    Update: {
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        `SET ${invoice ? 'invoicing.invoice = :doc' : 'invoicing.creditNotes = list_append(invoicing.creditNotes, :docs)'}, ` +
        'invoicing.attempts = :zero, timeline = list_append(if_not_exists(timeline, :empty), :entry) ' +
        'REMOVE invoicing.claim, invoicing.claimedUntil, invoicing.reason, invoicing.failed, invoicing.retryAt, invoiceQueue, invoiceDueAt',
      ConditionExpression: 'invoicing.claim = :token',
      ExpressionAttributeValues: {
        ':token': token,
        ':zero': 0,
        ':empty': [],
        ':entry': [entry],
        ...(invoice ? { ':doc': document } : { ':docs': [document] }),
      },
    },
  };
  if (also.length === 0) return conditional(new UpdateCommand(update.Update));
  return (await writeTransactionRetrying([update, ...also], token)).written;
}

/**
 * The claim of `token` could not issue: why (pt-PT), and either when to try again (`retryAt`: an
 * outage; the order stays due then) or that the owner must act (`failed`: refused; nothing waits).
 */
export function recordSetback(
  id: string,
  token: string,
  setback: { readonly reason: string; readonly retryAt?: string; readonly attempts: number },
  entry: TimelineEntry | undefined,
): Promise<boolean> {
  const retry = setback.retryAt !== undefined;
  return conditional(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression: [
        'SET invoicing.reason = :reason, invoicing.attempts = :attempts, ',
        retry ? 'invoicing.retryAt = :retryAt, invoiceDueAt = :retryAt' : 'invoicing.failed = :yes',
        entry ? ', timeline = list_append(if_not_exists(timeline, :empty), :entry)' : '',
        ' REMOVE invoicing.claim, invoicing.claimedUntil',
        retry ? ', invoicing.failed' : ', invoicing.retryAt, invoiceQueue, invoiceDueAt',
      ].join(''),
      ConditionExpression: 'invoicing.claim = :token',
      ExpressionAttributeValues: {
        ':token': token,
        ':reason': setback.reason,
        ':attempts': setback.attempts,
        ...(retry ? { ':retryAt': setback.retryAt } : { ':yes': true }),
        ...(entry ? { ':empty': [], ':entry': [entry] } : {}),
      },
    }),
  );
}

/**
 * Wakes the order's invoicing now (the owner's "Tentar de novo", or the redrive job at its due time):
 * the backoff and a refusal are forgotten, the order is due, and the write is a new stream record.
 * Only when it has invoicing work that no live claim holds.
 */
export function wakeInvoicing(id: string, now: string, entry?: TimelineEntry): Promise<boolean> {
  return conditional(
    new UpdateCommand({
      TableName: tableName('orders'),
      Key: { id },
      UpdateExpression:
        `SET invoicing.wokenAt = :now, invoiceQueue = :due, invoiceDueAt = ` +
        `:now${entry ? ', timeline = list_append(if_not_exists(timeline, :empty), :entry)' : ''} ` +
        `REMOVE invoicing.retryAt, invoicing.failed`,
      ConditionExpression:
        'attribute_exists(invoicing) AND (attribute_not_exists(invoicing.claimedUntil) OR invoicing.claimedUntil < :now)',
      ExpressionAttributeValues: { ':now': now, ':due': INVOICE_DUE, ...(entry ? { ':empty': [], ':entry': [entry] } : {}) },
    }),
  );
}

/** The orders whose invoicing is due by `now` (the backoff ended, or a claim's lease ran out), oldest due first. */
export async function dueInvoicing(now: string, limit: number): Promise<string[]> {
  const { Items } = await ddb().send(
    new QueryCommand({
      TableName: tableName('orders'),
      IndexName: 'byInvoiceDue',
      KeyConditionExpression: 'invoiceQueue = :due AND invoiceDueAt <= :now',
      ExpressionAttributeValues: { ':due': INVOICE_DUE, ':now': now },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => String(item.id));
}
