/**
 * The write of a manual method chosen after a failed automatic payment (docs/payment-switch.md): the
 * method, when, the new deadline and the owner's timeline entry in ONE conditioned update of the order.
 * Its condition is what the service read: still a reservation, its deadline unchanged and not passed,
 * its provider payment failed, no choice made yet. Two tabs at once: one wins, the other is told.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TimelineEntry } from '#shared/api.ts';
import type { ProofMethod } from '#shared/ledger.ts';
import { RESERVED_STATUS } from '#shared/order-status.ts';
import { unlessRefused } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import type { OrderItem } from './orders.ts';

export interface MethodChoice {
  readonly method: ProofMethod;
  /** The reservation's deadline as read (the condition) and the new one. */
  readonly seenExpiresAt: string;
  readonly expiresAt: string;
  readonly entry: TimelineEntry;
}

/** Records the choice; the order as written, or undefined when the order is no longer as read (nothing written). */
export async function recordMethodChoice(id: string, choice: MethodChoice, now: Date): Promise<OrderItem | undefined> {
  const answer = await unlessRefused(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('orders'),
        Key: { id },
        UpdateExpression: 'SET proofMethod = :method, proofMethodAt = :now, expiresAt = :until, updatedAt = :now, timeline = list_append(if_not_exists(timeline, :empty), :entry)',
        ConditionExpression: '#status = :reserved AND expiresAt = :seen AND expiresAt > :now AND #pay.#payStatus = :failed AND attribute_not_exists(proofMethodAt) AND attribute_not_exists(proofKey)',
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
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  return answer?.Attributes as OrderItem | undefined;
}
