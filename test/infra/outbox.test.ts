/**
 * The mail outbox in the synthesized template: the table's stream and TTL, the consumer's event source
 * mapping (filter, partial batch failures, bisect, retries, SQS dead-letter destination, one batch per
 * shard), its alarms, and a consumer role that reaches only what it needs.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { OUTBOX_STREAM_FILTER } from '#lambdas/contracts/outbox-items.ts';
import { INVOICE_STREAM_FILTER, PAYMENT_STREAM_FILTER, SETTINGS_STREAM_FILTER, streamConsumers } from '#lambdas/jobs.ts';
import { actionsOf, statementsOfRole, synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop({ mailSendRate: 7 });
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const consumer = streamConsumers[0];
const fn = () => shop.stack.outbox.functions.get(consumer.name)!;
const outboxId = () => shop.logicalId(shop.stack.data.tables.outbox);
const queueId = () => shop.logicalId(shop.stack.outbox.deadLetterQueue);

describe('the outbox table', () => {
  it('has a stream of new images and a TTL', () => {
    const props = shop.json.Resources[outboxId()]!.Properties;
    expect(props.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect(tables.outbox.indexes.map((index) => index.name)).toEqual(['byDue']);
  });
});

describe('the consumer and its event source mapping', () => {
  it('reads the outbox stream with filter, partial failures, bisect, retries and an SQS dead-letter destination', () => {
    shop.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: shop.logicalId(fn().function) },
      EventSourceArn: { 'Fn::GetAtt': [outboxId(), 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: consumer.batchSize,
      MaximumRetryAttempts: consumer.retryAttempts,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ParallelizationFactor: 1,
      MaximumRecordAgeInSeconds: 86_400,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId(), 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(OUTBOX_STREAM_FILTER) }] },
    });
    // The settings' publisher reads the record in force only (not the history items of the same save), the
    // payments consumer only orders with a provider payment to act on, the invoices consumer only paid or closed orders; the other page
    // publishers read every record of their tables: no filter.
    const mappings = Object.values(shop.template.findResources('AWS::Lambda::EventSourceMapping')) as {
      Properties: { FilterCriteria?: { Filters: unknown[] } };
    }[];
    expect(mappings).toHaveLength(streamConsumers.length);
    expect(mappings.filter((m) => m.Properties.FilterCriteria).map((m) => m.Properties.FilterCriteria!.Filters)).toEqual(
      expect.arrayContaining([
        [{ Pattern: JSON.stringify(OUTBOX_STREAM_FILTER) }],
        [{ Pattern: JSON.stringify(SETTINGS_STREAM_FILTER) }],
        [{ Pattern: JSON.stringify(PAYMENT_STREAM_FILTER) }],
        [{ Pattern: JSON.stringify(INVOICE_STREAM_FILTER) }],
      ]),
    );
    expect(mappings.filter((m) => m.Properties.FilterCriteria)).toHaveLength(4);
  });

  it('sends at no more than the configured SES rate', () => {
    shop.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ MAIL_SEND_RATE: '7' }) },
    });
  });

  it('the dead-letter queue is encrypted and TLS-only', () => {
    shop.template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
  });
});

describe('the outbox alarms', () => {
  it('watch the dead-letter queue depth, mails that failed for good, and the consumer function (with every function)', () => {
    const alarms = Object.values(shop.json.Resources)
      .filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm')
      .map((resource) => resource.Properties);
    const dlq = alarms.find((alarm) => String(alarm.AlarmName).endsWith('Stream consumers dead letters'))!;
    expect(dlq).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    expect(dlq.Dimensions).toEqual([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId(), 'QueueName'] } }]);
    expect(dlq.AlarmActions).toHaveLength(1);
    const failed = alarms.find((alarm) => String(alarm.AlarmName).endsWith('E-mails failed for good'))!;
    // The consumer counts them itself (Powertools Metrics: namespace of the stack, dimension service).
    expect(failed).toMatchObject({
      MetricName: 'MailsFailedForGood',
      Namespace: 'JoiasInox/JoiasInox-test',
      Threshold: 1,
      Dimensions: [{ Name: 'service', Value: 'joias-api' }],
    });
    // The consumer's own failures: the account-wide Lambda errors alarm, and its graph on the dashboard.
    expect(
      alarms.some((alarm) => String(alarm.AlarmName).endsWith('Lambda errors') && alarm.Namespace === 'AWS/Lambda' && !alarm.Dimensions),
    ).toBe(true);
    const dashboard = Object.values(shop.json.Resources).find((resource) => resource.Type === 'AWS::CloudWatch::Dashboard')!;
    // The dashboard's errors graph searches the functions named after the stack: the consumer has no
    // name of its own, so CloudFormation names it `<stack>-<logical id>-<suffix>` and the search finds it.
    expect(JSON.stringify(dashboard.Properties.DashboardBody)).toContain(`FunctionName=${shop.stack.stackName}'`);
    const consumerFunction = Object.values(shop.json.Resources).find(
      (r) => r.Type === 'AWS::Lambda::Function' && JSON.stringify(r.Properties.Description ?? '').includes(consumer.name),
    )!;
    expect(consumerFunction).toBeDefined();
    expect(consumerFunction.Properties.FunctionName).toBeUndefined();
    expect(
      Object.values(shop.json.Resources).filter(
        (r) => r.Type === 'AWS::Logs::MetricFilter' && JSON.stringify(r.Properties).includes('MailsFailedForGood'),
      ),
    ).toEqual([]);
    // Every function writes its metrics to the stack's namespace.
    for (const resource of Object.values(shop.json.Resources).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    )) {
      expect(resource.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe('JoiasInox/JoiasInox-test');
    }
  });
});

describe("the consumer's role", () => {
  it('reaches only the outbox and its stream, orders, requests, counters, rate limits, settings (read), SES and its dead letters', () => {
    const statements = statementsOfRole(shop.json, shop.logicalId(fn().role));
    const tableOf = new Map((Object.keys(tables) as TableKey[]).map((key) => [shop.logicalId(shop.stack.data.tables[key]), key] as const));
    const reached = new Set<string>();
    for (const statement of statements) {
      for (const action of actionsOf([statement])) expect(action).not.toMatch(/\*/);
      expect([statement.Resource].flat()).not.toContain('*');
      JSON.stringify(statement.Resource).replace(/"(?:Ref|Fn::GetAtt)":\s*\[?"([A-Za-z0-9]+)"/g, (_, id: string) => {
        if (tableOf.has(id)) reached.add(tableOf.get(id)!);
        return '';
      });
    }
    expect([...reached].sort()).toEqual(['counters', 'orders', 'outbox', 'rateLimits', 'settings', 'stockAlerts']);
    // Stream reads only on the outbox's stream.
    const streamStatements = statements.filter((statement) => actionsOf([statement]).some((action) => action === 'dynamodb:GetRecords'));
    expect(streamStatements.map((statement) => statement.Resource)).toEqual([{ 'Fn::GetAtt': [outboxId(), 'StreamArn'] }]);
    // Orders, counters and rate limits: written, never read.
    const writeOnly = (['orders', 'counters', 'rateLimits'] as const).map((key) => shop.logicalId(shop.stack.data.tables[key]));
    for (const statement of statements) {
      const ids = JSON.stringify(statement.Resource);
      if (writeOnly.some((id) => ids.includes(id))) {
        for (const action of actionsOf([statement])) expect(action).toMatch(/Put|Update|Delete|BatchWrite/);
      }
    }
    const sqs = statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('sqs:')));
    expect(sqs.map((statement) => statement.Resource)).toEqual([{ 'Fn::GetAtt': [queueId(), 'Arn'] }]);
    expect(actionsOf(statements).some((action) => action === 'ses:SendEmail')).toBe(true);
  });

  it('is the only function that may send mail', () => {
    const senders = Object.entries(shop.json.Resources)
      .filter(([, resource]) => resource.Type === 'AWS::IAM::Policy')
      .filter(([, resource]) => JSON.stringify(resource.Properties.PolicyDocument).includes('ses:SendEmail'))
      .flatMap(([, resource]) => resource.Properties.Roles as unknown[]);
    expect(senders).toEqual([{ Ref: shop.logicalId(fn().role) }]);
  });
});
