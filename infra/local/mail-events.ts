/**
 * The twin's mail `events` topic: what SES's configuration set publishes in the cloud (a bounce or a
 * complaint of an accepted mail, here the mailbox simulator's) reaches the mail-events function's own
 * module (`lambdas/consumers/mail-events.ts`) as the SNS event the topic's Lambda subscription
 * delivers, one at a time, retried twice on failure like SNS's asynchronous invocation.
 */
import { randomUUID } from 'node:crypto';
import type { SNSEvent } from 'aws-lambda';
import { mailEvents } from '../../lambdas/jobs.ts';
import { invokeAsync } from './function-scope.ts';
import type { SimulatedSesEvent } from './ses-local.ts';

export interface MailEventsTopic {
  readonly publish: (event: SimulatedSesEvent) => void;
  /** Resolves when every event published so far has been handled. */
  readonly idle: () => Promise<void>;
}

const TOPIC_ARN = 'arn:aws:sns:local:000000000000:local-mail-events';

/** The SNS event of one published message, as Lambda receives it from a topic subscription. */
export function snsEventOf(message: unknown): SNSEvent {
  const messageId = randomUUID();
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: `${TOPIC_ARN}:${randomUUID()}`,
        Sns: {
          Type: 'Notification',
          MessageId: messageId,
          TopicArn: TOPIC_ARN,
          Subject: '',
          Message: JSON.stringify(message),
          Timestamp: new Date().toISOString(),
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

export function mailEventsTopic(): MailEventsTopic {
  let queue: Promise<void> = Promise.resolve();
  const run = (event: SNSEvent) => invokeAsync(mailEvents, event);
  return {
    publish: (event) => {
      queue = queue.then(() => run(snsEventOf(event)));
    },
    idle: () => queue,
  };
}
