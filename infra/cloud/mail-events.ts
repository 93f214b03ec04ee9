/**
 * The function that records SES's bounce and complaint events on their orders (`mailEvents` in
 * `lambdas/jobs.ts`), with exactly its row's grants, run by an EventBridge rule on the account's
 * default event bus: the configuration set publishes its bounce, complaint and reject events there
 * (`infra/cloud/mail.ts`), and the rule (`mailEventsPattern`) takes this stage's configuration set's ones
 * only. AWS service events on the default bus need no key, no topic and no subscription, and cost
 * nothing.
 *
 * Delivery, both steps asynchronous:
 * - EventBridge → Lambda: EventBridge retries a failed hand-over (a throttle, an outage) for up to 24
 *   hours, then puts the event in the dead-letter queue;
 * - the invocation: a failing run (DynamoDB down: the handler throws) is retried twice by Lambda, then
 *   the event and the error go to the same queue (on-failure destination).
 * Recording is idempotent per SES message and kind, so a retry or a replay from the queue (14 days)
 * records it once. A failing run also trips the account-wide "Lambda errors" alarm, and a throttle the
 * "Lambda throttles" one; an event EventBridge gave up on trips neither, so the queue has its own alarm
 * (`alarms.ts`: every dead-letter queue has one).
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { mailEvents, mailEventsPattern } from '#lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { ShopFunction } from './constructs/shop-function.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

/** Retries of a failed invocation (Lambda's asynchronous invocation allows 0 to 2). */
export const MAIL_EVENTS_INVOKE_RETRIES = 2;
/** How long EventBridge keeps trying to hand an event over to the function. */
export const MAIL_EVENTS_MAX_EVENT_AGE = Duration.hours(24);

export interface MailEventsProps {
  readonly targets: BindTargets;
  /** The account's default event bus, where the configuration set publishes. */
  readonly eventBus: events.IEventBus;
  /** Only this configuration set's events run the function. */
  readonly configurationSetName: string;
}

export class MailEvents extends Construct {
  readonly recorder: ShopFunction;
  readonly rule: events.Rule;
  /** Events EventBridge could not hand over, and invocations that failed every try. */
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    this.recorder = new ShopFunction(this, mailEvents.name, {
      entry: path.join(REPO_ROOT, 'lambdas', 'consumers', `${mailEvents.handler}.ts`),
      description: 'Records SES bounces and complaints on the order their mail belonged to',
      timeout: Duration.seconds(30),
      grants: mailEvents.grants,
    });
    for (const grant of mailEvents.grants) bindGrant(this.recorder.function, grant, props.targets);

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeNag(
      this.deadLetterQueue,
      'SQS3',
      'This queue is itself the dead-letter destination of the mail-events rule target ' +
        "and of the function's failed asynchronous invocations; an alarm watches its depth.",
    );
    this.recorder.function.configureAsyncInvoke({
      retryAttempts: MAIL_EVENTS_INVOKE_RETRIES,
      onFailure: new SqsDestination(this.deadLetterQueue),
    });

    const pattern = mailEventsPattern(props.configurationSetName);
    this.rule = new events.Rule(this, 'Rule', {
      eventBus: props.eventBus,
      description: `SES bounces, complaints and rejects of configuration set ${props.configurationSetName} to the MailEvents function`,
      eventPattern: { source: [...pattern.source], detailType: [...pattern['detail-type']], detail: pattern.detail },
    });
    this.rule.addTarget(
      new LambdaFunction(this.recorder.function, {
        deadLetterQueue: this.deadLetterQueue,
        maxEventAge: MAIL_EVENTS_MAX_EVENT_AGE,
        retryAttempts: 185,
      }),
    );
  }
}
