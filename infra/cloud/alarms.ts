/**
 * Operations: the CloudWatch alarms that tell the shop's operator something is wrong, and the SNS topic
 * they report to (on ALARM and again on OK, so the operator also learns when it is over).
 *
 * - **API**: any 5xx answer of the HTTP API. The handlers turn unknown errors into a generic 500
 *   instead of failing the invocation, so this is where a bug or a broken dependency shows first.
 * - **Lambda**, for the whole account in the region (Lambda's metrics without a function dimension
 *   add up every function): any error (uncaught error, timeout, out of memory, failed cold start) and
 *   any throttle (the account's concurrency is used up). Two alarms instead of two per function (there
 *   are 40-odd functions): the dashboard's per-function graph says which one.
 * - **DynamoDB**, one alarm, account-wide in the region like the Lambda ones: any request DynamoDB
 *   throttled on a table or on one of its indexes (the listing indexes share one partition value, so
 *   they are where a hot partition would show). One CloudWatch Metrics Insights query adds up
 *   `ThrottledRequests`, whatever the table and operation: a metric alarm cannot (a math expression
 *   takes at most 10 metrics; the tables and indexes have 44 read and write throttle series), and
 *   alarms per table were most of the CloudWatch bill. See {@link tableThrottlesQuery}.
 *
 * - **E-mail (SES)**: bounce and complaint rates, send failures (`mail-alarms.ts`), here when SES is
 *   in the shop's region (else in the mail stack, `mail-stack.ts`).
 *
 * A small shop has no background noise: one event in five minutes is a signal, so every threshold is
 * 1 per 5 minutes, and no data (no traffic) counts as fine.
 *
 * - **Budget**: the stage's AWS Budgets cost budget (`budget.ts`), when context `budget` is on.
 *
 * A CloudWatch dashboard shows what the alarms watch (`dashboard.ts`).
 *
 * The topic (`alarm-kit.ts`) accepts only TLS, and only this account's CloudWatch alarms and budgets may
 * publish to it. It carries no personal data, so it has no server-side encryption (why, in
 * `alarm-kit.ts`): bounced addresses and other customer data go on the orders (`MailEvents`), never
 * here. With context `operatorEmail` that address is subscribed (AWS e-mails a confirmation link
 * first); without it the topic has no subscriber, and anyone can be added later with
 * `aws sns subscribe --topic-arn <AlarmTopicArn output> --protocol email --notification-endpoint <address>`.
 */
import { Stack } from 'aws-cdk-lib';
import type * as budgets from 'aws-cdk-lib/aws-budgets';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ALARM_PERIOD, ALARM_THRESHOLDS, alarmOn, createAlarmTopic, MIN_REQUESTS_FOR_RATES, type AlarmSpec } from './alarm-kit.ts';
import { monthlyBudget } from './budget.ts';
import { mailAlarmSpecs } from './mail-alarms.ts';
import { dashboardName, shopDashboard } from './dashboard.ts';

export { ALARM_PERIOD, ALARM_THRESHOLDS, MIN_REQUESTS_FOR_RATES, REPUTATION_PERIOD } from './alarm-kit.ts';
export { BUDGET_ALERTS } from './budget.ts';

export interface AlarmsProps {
  readonly httpApi: apigw.IHttpApi;
  /** The API stage's access logs (one JSON line per request), where 429 answers are counted. */
  readonly apiAccessLogs?: logs.ILogGroup;
  /** Route keys whose p99 latency is watched (their stage has detailed metrics). */
  readonly latencyRoutes?: readonly string[];
  /** Subscribed to the topic by e-mail when given. */
  readonly operatorEmail?: string;
  /**
   * The SES configuration set every send names, when SES is in this stack's region: the e-mail alarms
   * (`mail-alarms.ts`) are then here. Without it there are none (they live in the mail stack).
   */
  readonly mail?: { readonly configurationSetName: string };
  /** The mail outbox: its consumer's dead-letter queue and the count of mails that failed for good. */
  readonly outbox?: { readonly deadLetterQueue: sqs.IQueue; readonly failedMails: cloudwatch.IMetric };
  /** The dead-letter queue of the SES events' function (`mail-events.ts`): every dead-letter queue has an alarm. */
  readonly mailEventsDeadLetters?: sqs.IQueue;
  /** The stage's monthly cost budget (context `budget`), in US dollars (context `monthlyBudgetUsd`); none when absent. */
  readonly budget?: { readonly stage: string; readonly limitUsd: number };
}

export class Alarms extends Construct {
  readonly topic: sns.Topic;
  /** Every alarm, each with the topic as its ALARM and OK action. */
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly budget: budgets.CfnBudget | undefined;
  readonly dashboard: cloudwatch.Dashboard;
  private readonly action: SnsAction;
  private readonly namePrefix: string;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.namePrefix = Stack.of(this).stackName;
    this.topic = createAlarmTopic(this, 'Topic', 'Joias Inox alarms', props.operatorEmail);
    this.action = new SnsAction(this.topic);

    this.watchApi(props);
    this.watchLambda();
    this.watchTables();
    if (props.mail) for (const { id: alarmId, spec } of mailAlarmSpecs(props.mail.configurationSetName)) this.watch(alarmId, spec);
    if (props.outbox) this.watchOutbox(props.outbox);
    if (props.mailEventsDeadLetters) {
      this.watch('MailEventsDeadLetters', {
        name: 'SES events dead letters',
        description:
          'A bounce or complaint SES reported was never recorded on its order (EventBridge could not hand it over ' +
          'for 24 hours, or the MailEvents function kept failing). The queue holds the events for 14 days with the ' +
          'error; once the cause is fixed, send them to the MailEvents function again (recording is idempotent).',
        metric: props.mailEventsDeadLetters.metricApproximateNumberOfMessagesVisible({
          period: ALARM_PERIOD,
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: ALARM_THRESHOLDS.mailEventsDeadLetters,
      });
    }
    this.budget = props.budget ? monthlyBudget(this, 'MonthlyBudget', { ...props.budget, topic: this.topic }) : undefined;
    this.dashboard = shopDashboard(this, { httpApi: props.httpApi, alarms: this.alarms, period: ALARM_PERIOD });
  }

  /** The API: 5xx answers, the share of refusals, 429s (from the access logs), the watched routes' p99 latency. */
  private watchApi(props: AlarmsProps): void {
    this.watch('Api5xx', {
      name: 'API 5xx answers',
      description: 'The shop API answered 5xx (a bug or a failing dependency). See the API access logs and the function logs.',
      metric: props.httpApi.metricServerError({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }),
      threshold: ALARM_THRESHOLDS.api5xx,
    });

    const requests = props.httpApi.metricCount({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM });
    this.watch('Api4xxRate', {
      name: 'API refusals (4xx) rate',
      description:
        `More than ${ALARM_THRESHOLDS.api4xxRate * 100} % of the API's answers ` +
        `were refusals (4xx) over at least ${MIN_REQUESTS_FOR_RATES} requests: ` +
        'a bot probing or flooding, or a release that breaks the shop. See the API access logs (status, ip, routeKey).',
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${MIN_REQUESTS_FOR_RATES}, refusals / requests, 0)`,
        usingMetrics: { refusals: props.httpApi.metricClientError({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }), requests },
        period: ALARM_PERIOD,
        label: 'Share of 4xx answers',
      }),
      threshold: ALARM_THRESHOLDS.api4xxRate,
    });

    if (props.apiAccessLogs) {
      const tooMany = new logs.MetricFilter(this, 'Api429Filter', {
        logGroup: props.apiAccessLogs,
        metricNamespace: 'JoiasInox',
        metricName: `${this.namePrefix}-Api429`,
        filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
        metricValue: '1',
        defaultValue: 0,
      });
      this.watch('Api429', {
        name: 'API answers 429 (too many requests)',
        description:
          `At least ${ALARM_THRESHOLDS.api429} requests in 5 minutes were ` +
          `refused for going over a per-client limit or the stage throttle: ` +
          'a bot at work, or limits too tight for a real crowd. The access logs name the addresses (ip) and routes.',
        metric: tooMany.metric({ period: ALARM_PERIOD, statistic: cloudwatch.Stats.SUM }),
        threshold: ALARM_THRESHOLDS.api429,
      });
    }

    for (const routeKey of props.latencyRoutes ?? []) {
      this.watch(`Latency${routeKey.replace(/[^A-Za-z0-9]/g, '')}`, {
        name: `${routeKey} p99 latency`,
        description:
          `The slowest 1 % of "${routeKey}" took ${ALARM_THRESHOLDS.orderLatencyP99Ms} ms or more ` +
          `over 5 minutes: customers wait at checkout. See the function's logs and DynamoDB throttles.`,
        metric: new cloudwatch.Metric({
          namespace: 'AWS/ApiGateway',
          metricName: 'Latency',
          dimensionsMap: { ApiId: props.httpApi.apiId, Stage: '$default', Route: routeKey },
          statistic: 'p99',
          period: ALARM_PERIOD,
        }),
        threshold: ALARM_THRESHOLDS.orderLatencyP99Ms,
      });
    }
  }

  /** Lambda, account-wide in the region: any error, any throttle (the dashboard says which function). */
  private watchLambda(): void {
    const stack = Stack.of(this);
    const lambdaErrors = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      statistic: cloudwatch.Stats.SUM,
      period: ALARM_PERIOD,
    });
    const lambdaThrottles = new cloudwatch.Metric({
      namespace: 'AWS/Lambda',
      metricName: 'Throttles',
      statistic: cloudwatch.Stats.SUM,
      period: ALARM_PERIOD,
    });
    this.watch('LambdaErrors', {
      name: 'Lambda errors',
      description:
        `A function failed (uncaught error, timeout, out of memory or failed start); any function of the account in ` +
        `${stack.region} counts. The dashboard ${dashboardName(stack)} shows which function; its log group says why.`,
      metric: lambdaErrors,
      threshold: ALARM_THRESHOLDS.lambdaErrors,
    });
    this.watch('LambdaThrottles', {
      name: 'Lambda throttles',
      description:
        `Calls of a function were refused because the account's Lambda concurrency ` +
        `in ${stack.region} was used up (a flood, or another workload in the account).`,
      metric: lambdaThrottles,
      threshold: ALARM_THRESHOLDS.lambdaThrottles,
    });
  }

  /** DynamoDB: any throttled request on a table or index of the account in the region ({@link tableThrottlesQuery}). */
  private watchTables(): void {
    this.watch('TableThrottles', {
      name: 'DynamoDB throttles',
      description:
        "DynamoDB, the shop's database, refused reads or writes for coming too fast (throttling) on " +
        "a table of this account and region (the shop's, unless another stage shares the account). " +
        'The shop tries again by itself, so customers mostly see slowness; if it goes on, some requests fail (see the API 5xx alarm). ' +
        'Nothing to change in AWS yourself: tell whoever maintains the shop. The DynamoDB console (each table, Monitor) shows which table.',
      metric: new cloudwatch.MathExpression({
        expression: tableThrottlesQuery(),
        usingMetrics: {},
        period: ALARM_PERIOD,
        label: 'Throttled DynamoDB requests',
      }),
      threshold: ALARM_THRESHOLDS.tableThrottles,
    });
  }

  private watchOutbox(outbox: NonNullable<AlarmsProps['outbox']>): void {
    // One dead-letter queue for every stream consumer of `lambdas/jobs.ts` (the id kept from when it was the outbox's alone).
    this.watch('OutboxDeadLetters', {
      name: 'Stream consumers dead letters',
      description:
        'A stream consumer gave up on records (DynamoDB, SES or the payment provider kept failing); the queue holds ' +
        'which records, the consumer logs say why. OutboxMail: the e-mails wait in the outbox table and the redrive ' +
        'job sends them once the cause is fixed. OrderPayments: a refund the provider could not be reached for (the ' +
        'order still shows it asked for; any change to the order, e.g. a note, tries again; a payment start is given ' +
        'up as refused before this). Publish*Pages: pages not rendered again (save the product or the settings again).',
      metric: outbox.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: ALARM_PERIOD,
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: ALARM_THRESHOLDS.outboxDeadLetters,
    });
    this.watch('OutboxMailsFailed', {
      name: 'E-mails failed for good',
      description:
        'SES refused a shop e-mail for good, or kept failing for about 45 minutes. The ' +
        'order shows which e-mail and why, and the owner can send it again from the order.',
      metric: outbox.failedMails,
      threshold: ALARM_THRESHOLDS.mailsFailedForGood,
    });
  }

  private watch(id: string, spec: AlarmSpec): void {
    this.alarms.push(alarmOn(this, id, spec, this.action));
  }
}

/** The DynamoDB metric the throttle alarm adds up (dimensions `TableName`, `Operation`). */
export const TABLE_THROTTLE_METRIC = 'ThrottledRequests';

/**
 * The Metrics Insights query of the throttle alarm: the sum of `ThrottledRequests` of every table of the
 * account in the region, over every operation.
 *
 * - Account-wide, like the Lambda alarms: the documented syntax filters with `=`/`!=` joined by `AND`
 *   only (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch-metrics-insights-querylanguage.html),
 *   so "one of these 13 tables" cannot be written in a way we can be sure CloudWatch accepts; a shop's
 *   account holds the shop's tables (another stage's tables would also count, and the alarm says so).
 * - `ThrottledRequests` counts a request once when any of its events was throttled, on the table or
 *   on one of its indexes. The per-event metrics `ReadThrottleEvents` and `WriteThrottleEvents` would
 *   also count the items of a BatchGet or BatchWrite that come back unprocessed while the rest succeed
 *   (ThrottledRequests counts a batch only when all of it is throttled), but they are two metric names,
 *   so two queries, and CloudWatch takes one Metrics Insights query per request. The repositories retry
 *   those leftovers; if the throttling lasts, a retry in which every item is throttled is counted.
 * - `FROM "AWS/DynamoDB"` (no SCHEMA) takes every dimension set.
 * - Billed per metric the query analyses ($0.10 a month each, by the hour); throttle series only have
 *   data once something was throttled, so it costs close to nothing while nothing is.
 */
export function tableThrottlesQuery(): string {
  return `SELECT SUM(${TABLE_THROTTLE_METRIC}) FROM "AWS/DynamoDB"`;
}
