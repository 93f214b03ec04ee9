/**
 * The mail outbox's consumers (docs/design.md §19): one function per row of `streamConsumers`
 * (`lambdas/jobs.ts`), bound to exactly its grants, fed by an event source mapping on its table's
 * stream:
 *
 * - only records of items waiting to be sent invoke it (`OUTBOX_STREAM_FILTER`);
 * - `reportBatchItemFailures`: the consumer names the first record it could not handle, and only that
 *   record and the ones after it are retried; `bisectBatchOnError` splits a batch that fails as a whole
 *   (a timeout, a crash); after `retryAttempts` (or a day) the record's metadata goes to an SQS
 *   dead-letter queue, which an alarm watches;
 * - one batch at a time per shard (`parallelizationFactor` 1) and `MAIL_SEND_RATE` sends a second per
 *   invocation: the shop never sends faster than the configured SES rate (an on-demand table this
 *   size has one or very few shards).
 *
 * SES failures are not errors of the function: the consumer records them on the item (retry later,
 * or failed for good with the reason on the order). A mail that fails for good writes the log line
 * "mail failed for good" and counts it in the `MailsFailedForGood` metric, which an alarm watches.
 */
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OUTBOX_ENV } from '#lambdas/contracts/env.ts';
import { BUSINESS_METRICS } from '#lambdas/contracts/metrics.ts';
import type { TableKey } from '#lambdas/contracts/data-model.ts';
import { streamConsumers as consumerTable, type StreamConsumer } from '#lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { acknowledgeNag } from './constructs/nag.ts';
import { BASE_ENVIRONMENT, metricsNamespace, ShopFunction } from './constructs/shop-function.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

/** How long a consumer invocation may take: a batch at the slowest rate, or a page of back-in-stock requests. */
export const CONSUMER_TIMEOUT = Duration.minutes(2);
/** Records older than this are not retried any more (they go to the dead-letter queue). */
export const MAX_RECORD_AGE = Duration.hours(24);

export interface MailOutboxProps {
  readonly targets: BindTargets;
  readonly tables: Readonly<Record<TableKey, dynamodb.TableV2>>;
  /** E-mails a second, at most (the account's SES sending rate). */
  readonly sendRate: number;
  /** @default `streamConsumers` of `lambdas/jobs.ts` */
  readonly consumers?: readonly StreamConsumer[];
}

export class MailOutbox extends Construct {
  readonly functions: ReadonlyMap<string, ShopFunction>;
  readonly deadLetterQueue: sqs.Queue;
  /** Mails that failed for good (sum per period), from the consumers' logs. */
  readonly failedMails: cloudwatch.Metric;

  constructor(scope: Construct, id: string, props: MailOutboxProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeNag(
      this.deadLetterQueue,
      'SQS3',
      'This queue is itself the dead-letter destination of the outbox consumer; an alarm watches its depth.',
    );

    // Counted by the consumer itself (Powertools Metrics, `lambdas/metrics.ts`): no metric filter.
    this.failedMails = new cloudwatch.Metric({
      namespace: metricsNamespace(Stack.of(this)),
      metricName: BUSINESS_METRICS.mailsFailed,
      dimensionsMap: { service: BASE_ENVIRONMENT.POWERTOOLS_SERVICE_NAME },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
    });

    const functions = new Map<string, ShopFunction>();
    for (const consumer of props.consumers ?? consumerTable) {
      const fn = new ShopFunction(this, consumer.name, {
        entry: path.join(REPO_ROOT, 'lambdas', 'consumers', `${consumer.handler}.ts`),
        description: `Stream consumer: ${consumer.name} (${consumer.table} table)`,
        timeout: CONSUMER_TIMEOUT,
        renderer: 'renderer' in consumer && consumer.renderer === true,
        grants: consumer.grants,
      });
      for (const grant of consumer.grants) bindGrant(fn.function, grant, props.targets);
      if (consumer.handler === 'outbox-mail') fn.function.addEnvironment(OUTBOX_ENV.sendRate, String(props.sendRate));
      fn.function.addEventSource(
        new DynamoEventSource(props.tables[consumer.table], {
          startingPosition: lambda.StartingPosition.TRIM_HORIZON,
          batchSize: consumer.batchSize,
          retryAttempts: consumer.retryAttempts,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          parallelizationFactor: 1,
          maxRecordAge: MAX_RECORD_AGE,
          onFailure: new SqsDlq(this.deadLetterQueue),
          ...('filter' in consumer && consumer.filter
            ? { filters: [lambda.FilterCriteria.filter(consumer.filter as unknown as Record<string, unknown>)] }
            : {}),
        }),
      );
      functions.set(consumer.name, fn);
    }
    this.functions = functions;
  }
}
