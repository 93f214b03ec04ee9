/**
 * The SES events of the configuration set (bounces, complaints, rejects), delivered by the `events`
 * SNS topic: each is recorded on its order (`recordMailEvent`). A DynamoDB failure throws, so SNS
 * retries the delivery; recording is idempotent per event.
 */
import type { SNSEvent } from 'aws-lambda';
import { logger } from '../logger.ts';
import { recordMailEvent, type SesEvent } from '../services/mail-events.ts';

export async function handler(event: SNSEvent): Promise<void> {
  for (const record of event.Records) {
    let parsed: SesEvent;
    try {
      parsed = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      logger.error('mail event is not JSON', { messageId: record.Sns.MessageId });
      continue;
    }
    if (!parsed?.mail?.messageId) {
      logger.error('mail event without a mail', { messageId: record.Sns.MessageId });
      continue;
    }
    await recordMailEvent(parsed);
  }
}
