/**
 * Operations: the alarm topic (TLS only, no customer-managed key: it carries no personal data;
 * publishable by this account's alarms and budgets, e-mailing the operator when one is configured) and the alarms on API 5xx answers,
 * Lambda's errors and throttles (the whole account, two alarms), throttled requests of all the tables (one Metrics
 * Insights alarm) and e-mail, all reporting ALARM and OK to the topic; the monthly cost budget; the dashboard. Also: every log group
 * keeps its logs for a bounded time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { routes } from '#lambdas/routes.ts';
import {
  ALARM_PERIOD,
  ALARM_THRESHOLDS,
  BUDGET_ALERTS,
  REPUTATION_PERIOD,
  TABLE_THROTTLE_METRIC,
  tableThrottlesQuery,
} from '#infra/cloud/alarms.ts';
import { DEFAULT_MONTHLY_BUDGET_USD } from '#infra/common/deploy-settings.ts';
import { budgetName, configurationSetName, STAGE_TAG } from '#infra/common/naming.ts';
import { LATENCY_WATCHED_ROUTES } from '#infra/cloud/api.ts';
import { tables } from '#lambdas/contracts/data-model.ts';
import { synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

const OPERATOR = 'dona@joias.test';
let shop: Synthesized;
let withOperator: Synthesized;

beforeAll(() => {
  shop = synthShop();
  withOperator = synthShop({ operatorEmail: OPERATOR });
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

type Resource = Synthesized['json']['Resources'][string];

const alarmsOf = (s: Synthesized): [string, Resource][] =>
  Object.entries(s.json.Resources).filter(([, r]) => r.Type === 'AWS::CloudWatch::Alarm');
const topicRef = (s: Synthesized) => ({ Ref: s.logicalId(s.stack.alarms.topic) });
const topicId = (s: Synthesized) => s.logicalId(s.stack.alarms.topic);

/** The alarm watching a plain metric with these dimensions. */
function alarmOn(s: Synthesized, namespace: string, metricName: string, dimensions: Record<string, unknown>): Resource {
  const found = alarmsOf(s).filter(
    ([, a]) =>
      a.Properties.Namespace === namespace &&
      a.Properties.MetricName === metricName &&
      JSON.stringify(a.Properties.Dimensions ?? []) ===
        JSON.stringify(Object.entries(dimensions).map(([Name, Value]) => ({ Name, Value }))),
  );
  expect(found, `${namespace} ${metricName} ${JSON.stringify(dimensions)}`).toHaveLength(1);
  return found[0]![1];
}

describe('alarm topic', () => {
  it("has no server-side encryption, the stack no KMS key ($1 each): CloudWatch can't use the AWS-managed key; no personal data", () => {
    const topic = shop.json.Resources[shop.logicalId(shop.stack.alarms.topic)]!;
    expect(topic.Properties.KmsMasterKeyId).toBeUndefined();
    expect(Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::KMS::Key')).toEqual([]);
    // What it carries is alarm names, descriptions and budget figures: nothing names a customer.
    for (const [id, alarm] of alarmsOf(shop)) expect(JSON.stringify(alarm.Properties), id).not.toMatch(/@/);
  });

  it('accepts only TLS, and only alarms of this account may publish', () => {
    const policies = Object.values(shop.json.Resources).filter(
      (r) => r.Type === 'AWS::SNS::TopicPolicy' && JSON.stringify(r.Properties.Topics) === JSON.stringify([topicRef(shop)]),
    );
    expect(policies).toHaveLength(1);
    shop.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [topicRef(shop)],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Principal: '*',
            Action: 'sns:Publish',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: 'sns:Publish',
            Resource: topicRef(shop),
            Condition: {
              ArnLike: { 'aws:SourceArn': { 'Fn::Join': ['', Match.arrayWith([':cloudwatch:eu-west-1:', ':alarm:*'])] } },
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
            },
          }),
        ]),
      },
    });
  });

  it('e-mails the operator when context operatorEmail is given, and nobody otherwise', () => {
    const subscriptionsOf = (s: Synthesized) =>
      Object.values(s.json.Resources).filter(
        (r) => r.Type === 'AWS::SNS::Subscription' && JSON.stringify(r.Properties.TopicArn) === JSON.stringify(topicRef(s)),
      );
    expect(
      Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::SNS::Subscription' && r.Properties.Protocol === 'email'),
    ).toEqual([]);
    expect(subscriptionsOf(shop)).toHaveLength(0);
    expect(subscriptionsOf(withOperator)).toHaveLength(1);
    withOperator.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: OPERATOR,
      TopicArn: topicRef(withOperator),
    });
  });

  it('is a stack output', () => {
    expect(shop.json.Outputs!.AlarmTopicArn.Value).toEqual(topicRef(shop));
  });
});

describe('alarms', () => {
  const period = ALARM_PERIOD.toSeconds();

  it("there are the API's (5xx, 4xx rate, 429s), route latency, Lambda, DynamoDB, e-mail, outbox, SES dead-letter ones, no other", () => {
    expect(alarmsOf(shop)).toHaveLength(3 + LATENCY_WATCHED_ROUTES.length + 2 + 1 + 3 + 2 + 1);
    expect(shop.stack.alarms.alarms).toHaveLength(alarmsOf(shop).length);
  });

  it('every alarm fires on one bad period at its threshold, ignores silence, and reports ALARM and OK to the topic', () => {
    for (const [id, alarm] of alarmsOf(shop)) {
      expect(alarm.Properties, id).toMatchObject({
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        DatapointsToAlarm: 1,
        TreatMissingData: 'notBreaching',
        AlarmActions: [topicRef(shop)],
        OKActions: [topicRef(shop)],
      });
      expect(alarm.Properties.AlarmName, id).toMatch(/^JoiasInox-test /);
    }
  });

  it('API: the sum of 5xx answers of the HTTP API over 5 minutes', () => {
    const alarm = alarmOn(shop, 'AWS/ApiGateway', '5xx', { ApiId: { Ref: shop.logicalId(shop.stack.api.httpApi) } });
    expect(alarm.Properties).toMatchObject({ Statistic: 'Sum', Period: period, Threshold: ALARM_THRESHOLDS.api5xx });
  });

  it('Lambda: the errors and throttles of every function of the account in the region (no function dimension), over 5 minutes', () => {
    const errors = alarmOn(shop, 'AWS/Lambda', 'Errors', {});
    expect(errors.Properties).toMatchObject({ Statistic: 'Sum', Period: period, Threshold: ALARM_THRESHOLDS.lambdaErrors });
    expect(errors.Properties.Dimensions).toBeUndefined();
    expect(errors.Properties.AlarmName).toBe('JoiasInox-test Lambda errors');
    expect(JSON.stringify(errors.Properties.AlarmDescription)).toContain('dashboard');
    const throttles = alarmOn(shop, 'AWS/Lambda', 'Throttles', {});
    expect(throttles.Properties).toMatchObject({ Statistic: 'Sum', Period: period, Threshold: ALARM_THRESHOLDS.lambdaThrottles });
    expect(throttles.Properties.Dimensions).toBeUndefined();
    // No alarm per function any more.
    expect(alarmsOf(shop).filter(([, a]) => a.Properties.Namespace === 'AWS/Lambda')).toHaveLength(2);
  });

  describe('DynamoDB: one alarm on the throttled requests of every table of the account in the region, and so of every index', () => {
    /** The alarms whose metrics read DynamoDB's namespace, by a metric or by a query. */
    const dynamoAlarms = (s: Synthesized) =>
      alarmsOf(s).filter(
        ([, a]) => a.Properties.Namespace === 'AWS/DynamoDB' || JSON.stringify(a.Properties.Metrics ?? []).includes('AWS/DynamoDB'),
      );
    /** The alarm's one query. */
    function queryOf(alarm: Resource): string {
      const queries = alarm.Properties.Metrics as {
        Id: string;
        Expression?: unknown;
        MetricStat?: unknown;
        ReturnData?: boolean;
        Period?: number;
      }[];
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatchObject({ ReturnData: true, Period: ALARM_PERIOD.toSeconds() });
      expect(queries[0]!.MetricStat).toBeUndefined();
      expect(typeof queries[0]!.Expression).toBe('string');
      return queries[0]!.Expression as string;
    }

    it('there is exactly one, and no alarm per table or per index remains', () => {
      const found = dynamoAlarms(shop);
      expect(found).toHaveLength(1);
      expect(found[0]![1].Properties.AlarmName).toBe('JoiasInox-test DynamoDB throttles');
      // No alarm watches a DynamoDB metric of its own (per table or per index): neither as its one metric
      // nor as a metric of a math expression; and none is named after a table.
      for (const [id, alarm] of alarmsOf(shop)) {
        expect(alarm.Properties.Namespace, id).not.toBe('AWS/DynamoDB');
        expect(JSON.stringify(alarm.Properties.Dimensions ?? []), id).not.toContain('TableName');
        expect(JSON.stringify(alarm.Properties.Metrics ?? []), id).not.toContain('"Namespace":"AWS/DynamoDB"');
        for (const key of Object.keys(tables)) expect(String(alarm.Properties.AlarmName), id).not.toMatch(new RegExp(`throttles ${key}$`));
      }
    });

    it(`a Metrics Insights query sums ${TABLE_THROTTLE_METRIC} of the whole namespace over 5 minutes (all tables), fires at one`, () => {
      const [[, alarm]] = dynamoAlarms(shop) as [[string, Resource]];
      expect(alarm.Properties).toMatchObject({
        Threshold: ALARM_THRESHOLDS.tableThrottles,
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
      expect(ALARM_THRESHOLDS.tableThrottles).toBe(1);
      // Only the documented syntax (SELECT FUNCTION(metric) FROM namespace): no WHERE, so no operator
      // CloudWatch might refuse at deploy time; not SCHEMA(...), which keeps one exact dimension set.
      expect(queryOf(alarm)).toBe(`SELECT SUM(${TABLE_THROTTLE_METRIC}) FROM "AWS/DynamoDB"`);
      expect(tableThrottlesQuery()).toBe(queryOf(alarm));
      // The description speaks to the owner: what happened, what customers see, whom to tell.
      expect(String(alarm.Properties.AlarmDescription)).toMatch(/database.*throttling.*tell whoever maintains the shop/s);
    });
  });
});

describe('budget', () => {
  const budgetsOf = (synth: Synthesized) => Object.values(synth.json.Resources).filter((r) => r.Type === 'AWS::Budgets::Budget');

  it('a monthly cost budget of monthlyBudgetUsd (default 10 USD) tells the alarm topic at 80 % actual and 100 % forecast', () => {
    const [budget] = budgetsOf(shop);
    expect(budgetsOf(shop)).toHaveLength(1);
    expect(budget!.Properties.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
    });
    const notifications = budget!.Properties.NotificationsWithSubscribers as { Notification: any; Subscribers: any[] }[];
    expect(notifications.map((n) => [n.Notification.NotificationType, n.Notification.Threshold, n.Notification.ThresholdType])).toEqual([
      ['ACTUAL', BUDGET_ALERTS.actualPercent, 'PERCENTAGE'],
      ['FORECASTED', BUDGET_ALERTS.forecastPercent, 'PERCENTAGE'],
    ]);
    for (const n of notifications) expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: topicRef(shop) }]);
  });

  it("counts the stage's costs only, by the tag every stack of the stage carries, under one name per stage", () => {
    const [budget] = budgetsOf(shop);
    expect(budget!.Properties.Budget.BudgetName).toBe(budgetName('test'));
    expect(budget!.Properties.Budget.CostFilters).toEqual({ TagKeyValue: [`user:${STAGE_TAG}$test`] });
    expect(shop.stack.tags.tagValues()).toEqual({ [STAGE_TAG]: 'test' });
  });

  it(
    'context budget=false leaves out the budget and the Budgets permission on the topic',
    () => {
      const without = synthShop({ budget: false });
      expect(budgetsOf(without)).toEqual([]);
      expect(JSON.stringify(without.json)).not.toContain('budgets.amazonaws.com');
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'context monthlyBudgetUsd sets the amount',
    () => {
      const other = synthShop({ monthlyBudgetUsd: 25 });
      expect(budgetsOf(other)[0]!.Properties.Budget.BudgetLimit).toEqual({ Amount: 25, Unit: 'USD' });
    },
    SYNTH_TIMEOUT_MS,
  );

  it("Budgets may publish to the topic, for this account's budgets only", () => {
    const policies = Object.values(shop.json.Resources).filter(
      (r) => r.Type === 'AWS::SNS::TopicPolicy' && JSON.stringify(r.Properties.Topics).includes(topicId(shop)),
    );
    const statement = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .find((st: any) => st.Principal?.Service === 'budgets.amazonaws.com');
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Action: 'sns:Publish',
      Resource: topicRef(shop),
      Condition: { StringEquals: { 'aws:SourceAccount': expect.anything() }, ArnLike: { 'aws:SourceArn': expect.anything() } },
    });
  });
});

describe('dashboard', () => {
  it("one dashboard named after the stack and the region, with the alarms and every function's errors, within 50 metrics", () => {
    const dashboards = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    expect(JSON.stringify(dashboards[0]!.Properties.DashboardName)).toContain(shop.stack.stackName);
    expect(JSON.stringify(dashboards[0]!.Properties.DashboardName)).toContain(shop.stack.region);
    expect(body).toContain('Errors by function');
    expect(body).toContain('OrdersPlaced');
    expect(body).toContain('ReservationsExpired');
    // Every function's errors, by one search over the functions named after the stack (however many there are).
    expect(body).toContain("SEARCH('{AWS/Lambda,FunctionName} MetricName=");
    expect(body).toContain(`Errors\\\\\\" FunctionName=${shop.stack.stackName}', 'Sum', 300)`);
    // ...which finds every function because none has a name of its own (CloudFormation names them after the stack).
    const functions = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBeGreaterThan(routes.length);
    expect(functions.filter((fn) => fn.Properties.FunctionName !== undefined)).toEqual([]);
    const metrics = (body.match(/AWS\/(Lambda|ApiGateway)|JoiasInox\/JoiasInox-test/g) ?? []).length;
    expect(metrics).toBeLessThanOrEqual(50);
  });
});

describe('e-mail alarms', () => {
  it("bounce rate: the account's Reputation.BounceRate (a fraction) reaches 2 %, well before AWS's 5 % review", () => {
    const alarm = alarmOn(shop, 'AWS/SES', 'Reputation.BounceRate', {});
    expect(ALARM_THRESHOLDS.mailBounceRate).toBe(0.02);
    expect(alarm.Properties).toMatchObject({ Statistic: 'Maximum', Period: REPUTATION_PERIOD.toSeconds(), Threshold: 0.02 });
    expect(alarm.Properties.Dimensions).toBeUndefined();
    expect(alarm.Properties.AlarmName).toBe('JoiasInox-test E-mail bounce rate');
  });

  it("complaint rate: the account's Reputation.ComplaintRate reaches 0.05 %, before AWS's 0.1 % review", () => {
    const alarm = alarmOn(shop, 'AWS/SES', 'Reputation.ComplaintRate', {});
    expect(ALARM_THRESHOLDS.mailComplaintRate).toBe(0.0005);
    expect(alarm.Properties).toMatchObject({ Statistic: 'Maximum', Period: REPUTATION_PERIOD.toSeconds(), Threshold: 0.0005 });
  });

  it("send failures: rendering failures and rejects of this stage's configuration set, summed over 5 minutes", () => {
    const found = alarmsOf(shop).filter(([, a]) => JSON.stringify(a.Properties.Metrics ?? []).includes('"AWS/SES"'));
    expect(found).toHaveLength(1);
    const alarm = found[0]![1].Properties;
    expect(alarm.Threshold).toBe(ALARM_THRESHOLDS.mailSendFailures);
    const [expression, ...metrics] = alarm.Metrics as { Id: string; Expression?: string; MetricStat?: any }[];
    const watched = metrics.map((m) => {
      expect(m.MetricStat).toMatchObject({ Stat: 'Sum', Period: ALARM_PERIOD.toSeconds(), Metric: { Namespace: 'AWS/SES' } });
      expect(m.MetricStat.Metric.Dimensions).toEqual([{ Name: 'ses:configuration-set', Value: configurationSetName('test') }]);
      expect(expression!.Expression).toContain(`FILL(${m.Id}, 0)`);
      return m.MetricStat.Metric.MetricName as string;
    });
    expect(watched.sort()).toEqual(['Reject', 'RenderingFailure']);
  });
});

describe('logs', () => {
  it('every log group of the stack has a retention of a month at most', () => {
    const groups = Object.entries(shop.json.Resources).filter(([, r]) => r.Type === 'AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(routes.length);
    for (const [id, group] of groups) {
      expect(group.Properties?.RetentionInDays, id).toBeGreaterThan(0);
      expect(group.Properties?.RetentionInDays, id).toBeLessThanOrEqual(30);
    }
  });

  it("every function logs into one of them, aws-cdk-lib's helpers too (S3 notifications, settings seed, site upload): all expire", () => {
    const groups = new Set(
      Object.entries(shop.json.Resources)
        .filter(([, r]) => r.Type === 'AWS::Logs::LogGroup')
        .map(([id]) => id),
    );
    const functions = Object.entries(shop.json.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    for (const prefix of ['BucketNotificationsHandler', 'AWS679f53fac002430cb0da5b7982bd2287', 'CustomCDKBucketDeployment']) {
      expect(
        functions.some(([id]) => id.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
    for (const [id, fn] of functions) {
      const ref = fn.Properties.LoggingConfig?.LogGroup?.Ref as string | undefined;
      expect(ref, id).toBeDefined();
      expect(groups.has(ref!), `${id} → ${ref}`).toBe(true);
    }
  });

  it("the settings seed (the IBAN, the owner's address) logs into a group kept a month, without DynamoDB's answer", () => {
    const seed = Object.values(shop.json.Resources).find((r) => r.Type === 'Custom::ShopSettingsSeed')!;
    expect(JSON.stringify(seed.Properties.Create)).toContain('\\"logApiResponseData\\":false');
    const [, fn] = Object.entries(shop.json.Resources).find(
      ([id]) => id.startsWith('AWS679f53fac002430cb0da5b7982bd2287') && !id.includes('ServiceRole'),
    )!;
    expect(shop.json.Resources[fn.Properties.LoggingConfig.LogGroup.Ref as string]!.Properties!.RetentionInDays).toBe(30);
  });
});
