/**
 * The census of the default deploy (cdk.json: prod, eu-west-1, edgePlan=free), as `npm run cost -- --json`
 * printed it (synthesized with AWS's standard Lambda quota, 1000): the recorded answer the preflight tests
 * hand `runPreflight` instead of a synth. `cost-docs.test.ts` synthesizes the app and fails when the
 * functions and reservations here are no longer the app's.
 */
import type { Census } from '#infra/ops/cost/census.ts';

export const RECORDED_CENSUS: Census = {
  stacks: [
    {
      name: 'JoiasInox-prod-Waf',
      region: 'us-east-1',
      resources: 6,
      nested: [],
    },
    {
      name: 'JoiasInox-prod',
      region: 'eu-west-1',
      resources: 196,
      nested: [113, 99, 92, 92, 71],
    },
    {
      name: 'JoiasInox-prod-Plan',
      region: 'us-east-1',
      resources: 6,
      nested: [],
    },
    {
      name: 'JoiasInox-prod-EdgeLogs',
      region: 'us-east-1',
      resources: 8,
      nested: [],
    },
  ],
  resources: 683,
  functions: {
    total: 86,
    shop: 78,
    helpers: 8,
  },
  reserved: {
    executions: 278,
    functions: 44,
  },
  alarms: {
    count: 14,
    metrics: 15,
    insightsQueries: 1,
  },
  customMetrics: [
    {
      name: 'JoiasInox/JoiasInox-prod-Api429',
      source: 'log metric filter',
    },
    {
      name: 'OrdersPlaced',
      source: 'business metric (Powertools)',
    },
    {
      name: 'ReservationsExpired',
      source: 'business metric (Powertools)',
    },
    {
      name: 'MailsFailedForGood',
      source: 'business metric (Powertools)',
    },
    {
      name: 'Count (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: '4xx (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: '5xx (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'Latency (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'IntegrationLatency (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'DataProcessed (POST /api/orders)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'Count (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: '4xx (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: '5xx (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'Latency (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'IntegrationLatency (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'DataProcessed (POST /api/orders/{id}/proof)',
      source: 'API Gateway detailed route metric',
    },
    {
      name: 'SES renderingFailure',
      source: 'SES event publishing',
      once: true,
    },
    {
      name: 'SES reject',
      source: 'SES event publishing',
      once: true,
    },
  ],
  dashboards: 1,
  secrets: 4,
  kmsKeys: 0,
  hostedZones: 0,
  budgets: 1,
  logGroups: 87,
  queues: 2,
  tables: 15,
  webAcls: [
    {
      rules: 11,
    },
  ],
  plans: ['FREE'],
};
