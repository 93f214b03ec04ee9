/**
 * The SES events of the configuration set (bounces, complaints, rejects), delivered by the EventBridge
 * rule on the account's default bus (`mailEventsPattern` in `lambdas/jobs.ts`): the event's `detail` is
 * the SES event record, recorded on its order (`recordMailEvent`). An event that is not one is logged
 * and dropped (trying again would not help); a DynamoDB failure throws, so the asynchronous invocation
 * is retried (and lands in the dead-letter queue after the last try). Recording is idempotent per event.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { recordMailEvent, type SesEvent } from '../services/mail-events.ts';

export async function handler(event: EventBridgeEvent<string, unknown>): Promise<void> {
  const detail = event?.detail as Partial<SesEvent> | null | undefined;
  const where = { eventId: event?.id, detailType: event?.['detail-type'] };
  if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) {
    logger.error('mail event without an SES event record', where);
    return;
  }
  if (typeof detail.mail?.messageId !== 'string' || detail.mail.messageId === '') {
    logger.error('mail event without a mail', where);
    return;
  }
  await recordMailEvent(detail as SesEvent);
}
