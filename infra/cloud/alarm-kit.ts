/**
 * What every alarm of the shop shares, in the shop's stack (`alarms.ts`) and in a mail stack of its own
 * region (`mail-stack.ts`): the period and thresholds, the topic the alarms report to (TLS only, open to
 * this account's alarms only, the operator subscribed when given) and the way an alarm is made (one
 * bad period at its threshold, silence is fine, ALARM and OK to the topic).
 *
 * The topic has no server-side encryption, on purpose: CloudWatch alarms cannot publish to a topic
 * under the AWS-managed SNS key (its key policy cannot grant CloudWatch `kms:Decrypt` and
 * `kms:GenerateDataKey*`; AWS re:Post Knowledge Center, "How do I configure a CloudWatch alarm with an
 * encrypted SNS topic?"), so encryption would take a customer-managed key at $1 a month, and what the
 * topic carries is no one's personal data: alarm names and descriptions, metric values and thresholds,
 * budget figures. Keep it that way.
 */
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

/** Every alarm looks at sums over this period, one period at a time. */
export const ALARM_PERIOD = Duration.minutes(5);

/** An alarm fires when the sum over {@link ALARM_PERIOD} reaches its threshold. */
export const ALARM_THRESHOLDS = {
  api5xx: 1,
  lambdaErrors: 1,
  lambdaThrottles: 1,
  /** Throttled requests, all the stack's tables and indexes together (one Metrics Insights alarm). */
  tableThrottles: 1,
  /** Fraction of sends that bounced (AWS reviews an account at 0.05 = 5 %). */
  mailBounceRate: 0.02,
  /** Fraction of sends reported as spam (AWS reviews an account at 0.001 = 0.1 %). */
  mailComplaintRate: 0.0005,
  /** Mails SES could not render or rejected, per {@link ALARM_PERIOD}. */
  mailSendFailures: 1,
  /** Share of the API's answers that are 4xx (refusals), once there are {@link MIN_REQUESTS_FOR_RATES} requests in the period. */
  api4xxRate: 0.25,
  /** 429 answers (per-client limits or the stage throttle) per {@link ALARM_PERIOD}: one bot, or a crowd. */
  api429: 20,
  /** p99 answer time of the order routes, in milliseconds. */
  orderLatencyP99Ms: 3000,
  /** Stream records the outbox consumer gave up on (messages in its dead-letter queue). */
  outboxDeadLetters: 1,
  /** SES events (bounces, complaints) the MailEvents function never recorded (messages in its dead-letter queue). */
  mailEventsDeadLetters: 1,
  /** Outbox mails that failed for good, per {@link ALARM_PERIOD}. */
  mailsFailedForGood: 1,
} as const;

/** Below this many requests in a period a rate means little (three refusals of ten requests are one person). */
export const MIN_REQUESTS_FOR_RATES = 50;

/** SES updates the reputation rates over a long window; the alarm looks at the highest value in an hour. */
export const REPUTATION_PERIOD = Duration.hours(1);

/** One alarm: what it is called (after the stack's name), what it tells the operator, what it watches. */
export interface AlarmSpec {
  readonly name: string;
  readonly description: string;
  readonly metric: cloudwatch.IMetric;
  readonly threshold: number;
}

/** The topic the alarms of `scope`'s stack report to, open only to this account's CloudWatch alarms; the operator subscribed when given. */
export function createAlarmTopic(scope: Construct, id: string, displayName: string, operatorEmail: string | undefined): sns.Topic {
  const stack = Stack.of(scope);
  // No `masterKey`: see the file's comment (no personal data; the AWS-managed key shuts CloudWatch out).
  const topic = new sns.Topic(scope, id, { displayName, enforceSSL: true });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'OnlyThisAccountsAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: '*',
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
        StringEquals: { 'aws:SourceAccount': stack.account },
      },
    }),
  );
  if (operatorEmail) topic.addSubscription(new EmailSubscription(operatorEmail));
  return topic;
}

/** An alarm named `<stack> <name>` that fires on one period at its threshold, ignores silence, and reports ALARM and OK to `action`. */
export function alarmOn(scope: Construct, id: string, spec: AlarmSpec, action: SnsAction): cloudwatch.Alarm {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmName: `${Stack.of(scope).stackName} ${spec.name}`,
    alarmDescription: spec.description,
    metric: spec.metric,
    threshold: spec.threshold,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    datapointsToAlarm: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
  return alarm;
}
