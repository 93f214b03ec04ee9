/**
 * The write of a manual method chosen after a failed automatic payment (docs/payment-switch.md): the
 * method, when, the new deadline and the owner's timeline entry in ONE conditioned update of the order,
 * with the reservation's item of its e-mail and cart kept until the new deadline (in the same transaction).
 * Its condition is what the service read: still a reservation, its deadline unchanged and not passed,
 * its provider payment failed, no choice made yet. Two tabs at once: one wins, the other is told.
 */
import { randomUUID } from 'node:crypto';
import type { TimelineEntry } from '#shared/api.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { tableName } from './dynamodb-client.ts';
import { openReservationUntil } from './open-reservations.ts';
import { named, writeTransactionRetrying, type TransactionItem } from './transactions.ts';

export interface MethodChoice {
  readonly method: ProofMethod;
  /** The reservation's deadline as read (the condition) and the new one. */
  readonly seenExpiresAt: string;
  readonly expiresAt: string;
  readonly entry: TimelineEntry;
}

/** The condition of the choice's write: the order is as the service read it. */
export const ORDER_AS_READ = 'order-as-read';

/**
 * Records the choice, and keeps the reservation the open one of its e-mail and cart until the new
 * deadline (`reservationId`: its item, `open-reservations.ts`), with `also` (the customer's mail), in one
 * transaction: written, or not at all when the order is no longer as read.
 */
export async function recordMethodChoice(
  id: string,
  choice: MethodChoice,
  reservationId: string,
  now: Date,
  also: readonly TransactionItem[] = [],
): Promise<boolean> {
  const result = await writeTransactionRetrying(
    [
      named(ORDER_AS_READ, {
        Update: {
          TableName: tableName('orders'),
          Key: { id },
          UpdateExpression:
            'SET proofMethod = :method, proofMethodAt = :now, expiresAt = :until, updatedAt ' +
            '= :now, timeline = list_append(if_not_exists(timeline, :empty), :entry)',
          ConditionExpression:
            '#status = :reserved AND expiresAt = :seen AND expiresAt > :now AND #pay.#payStatus ' +
            '= :failed AND attribute_not_exists(proofMethodAt) AND attribute_not_exists(proofKey)',
          ExpressionAttributeNames: { '#status': 'status', '#pay': 'providerPayment', '#payStatus': 'status' },
          ExpressionAttributeValues: {
            ':method': choice.method,
            ':now': now.toISOString(),
            ':until': choice.expiresAt,
            ':seen': choice.seenExpiresAt,
            ':reserved': RESERVED_STATUS,
            ':failed': 'failed',
            ':empty': [],
            ':entry': [choice.entry],
          },
        },
      }),
      openReservationUntil(reservationId, id, new Date(choice.expiresAt), now),
      ...also,
    ],
    randomUUID(),
  );
  return result.written;
}
