/**
 * Waiting for the outbox instead of sleeping: e-mails are sent by the twin's outbox consumer after the
 * request answered, so a test that reads the twin's SES waits until the outbox holds nothing more to
 * send for the address it looks at (nor any back-in-stock item still turning into mails).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QUEUE_DUE } from '#lambdas/contracts/outbox-items.ts';
import { documentClient, twin } from './twin.ts';

interface WaitingItem {
  readonly id: string;
  readonly type: string;
  readonly to?: string;
  readonly toShop?: boolean;
  readonly status: string;
  readonly retryAt?: string;
}

/** Every outbox item still to send (the sparse `byDue` index). */
export async function waitingOutboxItems(): Promise<WaitingItem[]> {
  const items: WaitingItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_OUTBOX,
        IndexName: 'byDue',
        KeyConditionExpression: 'queue = :due',
        ExpressionAttributeValues: { ':due': QUEUE_DUE },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as WaitingItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Resolves once nothing is left to send to `to` (the shop's own address covers the owner's
 * notifications) and no back-in-stock item is still being turned into mails; with no `to`, once the
 * whole outbox is drained. Fails after `timeoutMs` with what is still waiting.
 */
export async function outboxDrained(to?: string, timeoutMs = 60_000): Promise<void> {
  const shop = twin().env.MAIL_FROM;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const waiting = (await waitingOutboxItems()).filter(
      (item) => to === undefined || item.type === 'back-in-stock' || item.to === to || (item.toShop === true && to === shop),
    );
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `The outbox still holds ${waiting.length} item(s) for ${to ?? 'anyone'}: ${waiting
          .slice(0, 5)
          .map((item) => `${item.id} (${item.status})`)
          .join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
