/**
 * The route table and the synthesized API agree: one function and one API Gateway route per row, the
 * JWT authorizer exactly on admin rows, and each function's environment and IAM statements exactly
 * what its row's grants say.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { routeId, routes, type Route } from '#lambdas/routes.ts';
import type { Grant } from '#lambdas/route-grants.ts';
import { buckets, tables } from '#lambdas/contracts/data-model.ts';
import { MAIL_TEMPLATE_IDS, templateName } from '#lambdas/contracts/mail-templates.ts';
import { routeKeyOf, type RouteKey } from '#infra/cloud/api.ts';
import { jobs, streamConsumers } from '#lambdas/jobs.ts';
import { baseEnvironment, FUNCTION_RUNTIME } from '#infra/cloud/constructs/shop-function.ts';
import { BUCKET_PUT_ACTIONS, TABLE_DELETE_ACTIONS, TABLE_WRITE_ACTIONS, envVarsOf } from '#infra/common/grants.ts';
import {
  actionsOf,
  findDependencyCycle,
  makeHandlers,
  openViolations,
  statementsOfRole,
  synthShop,
  SYNTH_TIMEOUT_MS,
  TEST_SENDER,
  removeScratch,
  type Synthesized,
} from './support.ts';
import { MAIL_ENV, ORIGIN_ENV, PAGES_ENV } from '#lambdas/contracts/env.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

function functionOf(s: Synthesized, key: RouteKey) {
  const fn = s.stack.api.functions.get(key);
  if (!fn) throw new Error(`no function for ${key}`);
  const logicalId = s.logicalId(fn.function);
  return { fn, logicalId, resource: s.json.Resources[logicalId]!, roleLogicalId: s.logicalId(fn.role) };
}

/** Every API function also gets the origin secret (the origin lock), whatever its grants. */
function expectedEnv(route: Pick<Route, 'grants' | 'renderer'>): string[] {
  // A set: two grants may name the same variable (the sender's identity and the account's SES state both need `MAIL_SES_REGION`).
  return [
    ...new Set([
      ...Object.keys(baseEnvironment(shop.stack)),
      ...route.grants.flatMap(envVarsOf),
      ORIGIN_ENV.secretArn,
      ...(route.renderer ? [PAGES_ENV.rendererDir] : []),
    ]),
  ].sort();
}

const WRITE_ACTIONS = [
  ...TABLE_WRITE_ACTIONS,
  ...TABLE_DELETE_ACTIONS,
  ...BUCKET_PUT_ACTIONS,
  's3:DeleteObject',
  'ses:SendEmail',
  'ses:SendTemplatedEmail',
];

describe('route table ↔ HTTP API', () => {
  it('has one Lambda function per route row, scheduled job, stream consumer, for photos and mail events (besides deploy helpers)', () => {
    const functions = Object.entries(shop.json.Resources).filter(
      ([id, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        !id.startsWith('CustomCDKBucketDeployment') &&
        !id.startsWith('BucketNotificationsHandler') &&
        // The AwsCustomResource singleton that seeds the settings record at the first deploy.
        !id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
    );
    expect(functions).toHaveLength(routes.length + jobs.length + streamConsumers.length + 2);
    expect(shop.stack.api.functions.size).toBe(routes.length);
    expect(shop.stack.jobs.functions.size).toBe(jobs.length);
  });

  it.each(jobs.map((job) => [job.name, job] as const))('scheduled %s runs from an EventBridge rule at its period', (_name, job) => {
    const fn = shop.logicalId(shop.stack.jobs.functions.get(job.name)!.function);
    const rules = Object.values(shop.json.Resources).filter(
      (r) => r.Type === 'AWS::Events::Rule' && JSON.stringify(r.Properties.Targets).includes(fn),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties).toMatchObject({ ScheduleExpression: rateOf(job.everyMinutes), State: 'ENABLED' });
    // EventBridge may invoke it, nothing else.
    const permissions = Object.values(shop.json.Resources).filter(
      (r) => r.Type === 'AWS::Lambda::Permission' && JSON.stringify(r.Properties.FunctionName).includes(fn),
    );
    expect(permissions.map((p) => p.Properties.Principal)).toEqual(['events.amazonaws.com']);
  });

  it.each(routes.map((route) => [routeKeyOf(route), route] as const))('%s has its route, function and access', (key, route) => {
    const { logicalId, resource } = functionOf(shop, key);
    expect(resource.Properties.Runtime).toBe(FUNCTION_RUNTIME.name);
    expect(resource.Properties.Architectures).toEqual(['arm64']);
    expect(resource.Properties.Handler).toBe('index.handler');
    expect(logicalId.startsWith(`Api${routeId(route)}`)).toBe(true);

    const routeResource = shop.json.Resources[shop.logicalId(shop.stack.api.routes.get(key)!)]!;
    expect(routeResource.Type).toBe('AWS::ApiGatewayV2::Route');
    expect(routeResource.Properties.RouteKey).toBe(`${route.method} ${route.path}`);

    // The route's integration invokes this row's function.
    const integrationId = (routeResource.Properties.Target['Fn::Join'][1] as unknown[]).find(
      (part): part is { Ref: string } => typeof part === 'object' && part !== null && 'Ref' in part,
    )!.Ref;
    expect(JSON.stringify(shop.json.Resources[integrationId]!.Properties.IntegrationUri)).toContain(logicalId);

    if (route.access === 'admin') {
      expect(routeResource.Properties.AuthorizationType).toBe('JWT');
      const authorizers = Object.keys(shop.json.Resources).filter(
        (id) => shop.json.Resources[id]!.Type === 'AWS::ApiGatewayV2::Authorizer',
      );
      expect(authorizers).toHaveLength(1);
      expect(routeResource.Properties.AuthorizerId).toEqual({ Ref: authorizers[0] });
    } else {
      expect(routeResource.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
      expect(routeResource.Properties.AuthorizerId).toBeUndefined();
    }
  });

  it('every route key of the template is a row of the table', () => {
    const keys = Object.values(shop.json.Resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey)
      .sort();
    expect(keys).toEqual(routes.map(routeKeyOf).sort());
  });

  it('the JWT authorizer trusts the admin user pool and its app client', () => {
    shop.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: shop.logicalId(shop.stack.auth.client) }],
        Issuer: {
          'Fn::Join': ['', ['https://cognito-idp.eu-west-1.amazonaws.com/', { Ref: shop.logicalId(shop.stack.auth.userPool) }]],
        },
      },
    });
  });

  it.each(routes.map((route) => [routeKeyOf(route), route] as const))('%s gets exactly the env vars of its grants', (key, route) => {
    const { resource } = functionOf(shop, key);
    const env = resource.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual(expectedEnv(route));
    expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
    for (const grant of route.grants as readonly Grant[]) {
      if ('table' in grant) expect(env[tables[grant.table].envVar]).toEqual({ Ref: shop.logicalId(shop.stack.data.tables[grant.table]) });
    }
  });

  it('public read-only routes cannot write anything', () => {
    const readOnly = routes.filter(
      (route) =>
        route.access === 'public' &&
        (route.grants as readonly Grant[]).every((g) => ('table' in g || 'bucket' in g) && g.access === 'read'),
    );
    expect(readOnly.length).toBeGreaterThan(0);
    for (const route of readOnly) {
      const { roleLogicalId } = functionOf(shop, routeKeyOf(route));
      const actions = actionsOf(statementsOfRole(shop.json, roleLogicalId));
      expect(actions).toContain('dynamodb:Query');
      for (const action of WRITE_ACTIONS) expect(actions, routeKeyOf(route)).not.toContain(action);
      expect(actions.some((a) => a.includes('*'))).toBe(false);
    }
  });

  it('functions log to their own log group kept for a month, and may write only there besides their grants', () => {
    for (const route of routes) {
      const { fn, resource, roleLogicalId } = functionOf(shop, routeKeyOf(route));
      const logGroupId = shop.logicalId(fn.logGroup);
      expect(resource.Properties.LoggingConfig.LogGroup).toEqual({ Ref: logGroupId });
      expect(shop.json.Resources[logGroupId]!.Properties.RetentionInDays).toBe(30);
      expect(shop.json.Resources[roleLogicalId]!.Properties.ManagedPolicyArns).toBeUndefined();
      const logStatements = statementsOfRole(shop.json, roleLogicalId).filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')));
      expect(logStatements).toEqual([expect.objectContaining({ Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } })]);
    }
  });

  it('the stage throttles every route and writes JSON access logs', () => {
    shop.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
    });
    const stage = Object.values(shop.json.Resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    expect(() => JSON.parse(stage.Properties.AccessLogSettings.Format)).not.toThrow();
  });
});

describe('every kind of grant binds IAM and env together', () => {
  // A synthetic table covering every grant kind, so rows added later are covered before they exist.
  const syntheticRoutes = [
    { method: 'GET', path: '/api/t/read', handler: 't/read', access: 'public', grants: [{ table: 'orders', access: 'read' }] },
    { method: 'POST', path: '/api/t/write', handler: 't/write', access: 'public', grants: [{ table: 'contactMessages', access: 'write' }] },
    { method: 'PUT', path: '/api/t/rw', handler: 't/rw', access: 'admin', grants: [{ table: 'products', access: 'readWrite' }] },
    {
      method: 'DELETE',
      path: '/api/t/delete',
      handler: 't/delete',
      access: 'admin',
      grants: [{ table: 'collections', access: 'write', delete: true }],
    },
    {
      method: 'GET',
      path: '/api/t/bucket-read',
      handler: 't/bucket-read',
      access: 'admin',
      grants: [{ bucket: 'proofs', access: 'read' }],
    },
    { method: 'POST', path: '/api/t/bucket-put', handler: 't/bucket-put', access: 'public', grants: [{ bucket: 'proofs', access: 'put' }] },
    {
      method: 'PATCH',
      path: '/api/t/{id}/bucket-rw',
      handler: 't/bucket-rw',
      access: 'admin',
      grants: [{ bucket: 'images', access: 'readWrite' }],
    },
    {
      method: 'POST',
      path: '/api/t/mail',
      handler: 't/mail',
      access: 'admin',
      grants: [{ mail: true }, { table: 'orders', access: 'readWrite' }, { table: 'idempotency', access: 'readWrite' }],
    },
  ] as const satisfies readonly Route[];
  let synthetic: Synthesized;
  let handlersDir: string;

  beforeAll(() => {
    handlersDir = makeHandlers(syntheticRoutes.map((r) => r.handler));
    synthetic = synthShop({ routes: syntheticRoutes, handlersDir });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => fs.rmSync(handlersDir, { recursive: true, force: true }));

  /** The statements of a row's grants: not its logs, nor the origin secret every API function reads (test/infra/edge.test.ts). */
  function statements(key: RouteKey) {
    const originSecret = { Ref: synthetic.logicalId(synthetic.stack.originSecret) };
    return statementsOfRole(synthetic.json, functionOf(synthetic, key).roleLogicalId).filter(
      (s) => !actionsOf([s]).some((a) => a.startsWith('logs:')) && JSON.stringify(s.Resource) !== JSON.stringify(originSecret),
    );
  }
  const arn = (construct: Parameters<Synthesized['logicalId']>[0]) => ({ 'Fn::GetAtt': [synthetic.logicalId(construct), 'Arn'] });

  it('table read reaches the table and exactly its declared indexes, write only the table', () => {
    const orders = synthetic.stack.data.tables.orders;
    const read = statements('GET /api/t/read');
    expect(read).toHaveLength(1);
    expect(read[0]!.Resource).toEqual([
      arn(orders),
      ...tables.orders.indexes.map((index) => ({ 'Fn::Join': ['', [arn(orders), `/index/${index.name}`]] })),
    ]);
    expect(actionsOf(read)).not.toContain('dynamodb:PutItem');

    const write = statements('POST /api/t/write');
    expect(write).toEqual([expect.objectContaining({ Resource: arn(synthetic.stack.data.tables.contactMessages) })]);
    expect(actionsOf(write).sort()).toEqual([...TABLE_WRITE_ACTIONS].sort());

    const rw = actionsOf(statements('PUT /api/t/rw'));
    expect(rw).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    // Write is not delete: DeleteItem (and BatchWriteItem, which may delete) only with the row's `delete`.
    for (const action of TABLE_DELETE_ACTIONS) {
      expect(actionsOf(write)).not.toContain(action);
      expect(rw).not.toContain(action);
    }
    expect(actionsOf(statements('DELETE /api/t/delete')).sort()).toEqual([...TABLE_WRITE_ACTIONS, ...TABLE_DELETE_ACTIONS].sort());
  });

  it('bucket grants: read = GetObject + ListBucket, put = PutObject, readWrite = both', () => {
    expect(actionsOf(statements('GET /api/t/bucket-read')).sort()).toEqual(['s3:GetObject', 's3:ListBucket']);
    expect(actionsOf(statements('POST /api/t/bucket-put'))).toEqual(['s3:PutObject']);
    expect(actionsOf(statements('PATCH /api/t/{id}/bucket-rw')).sort()).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    const put = statements('POST /api/t/bucket-put')[0]!;
    expect(put.Resource).toEqual({ 'Fn::Join': ['', [arn(synthetic.stack.data.buckets.proofs), '/*']] });
  });

  it('mail is allowed on the sender identity and the stage templates only', () => {
    const mail = statements('POST /api/t/mail').filter((s) => actionsOf([s]).some((a) => a.startsWith('ses:')));
    expect(mail).toHaveLength(1);
    expect(actionsOf(mail).sort()).toEqual(['ses:SendEmail', 'ses:SendTemplatedEmail']);
    const resources = JSON.stringify(mail[0]!.Resource);
    expect(resources).toContain(`:identity/${TEST_SENDER}`);
    for (const id of MAIL_TEMPLATE_IDS) expect(resources).toContain(`:template/${templateName('test-', id)}`);
    expect(resources).not.toMatch(/"\*"|\/\*"/);
  });

  it.each(syntheticRoutes.map((route) => [routeKeyOf(route), route] as const))('%s has exactly its env vars', (key, route) => {
    const env = functionOf(synthetic, key).resource.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).sort()).toEqual(expectedEnv(route));
    for (const grant of route.grants as readonly Grant[]) {
      if ('bucket' in grant)
        expect(env[buckets[grant.bucket].envVar]).toEqual({ Ref: synthetic.logicalId(synthetic.stack.data.buckets[grant.bucket]) });
      if ('mail' in grant) {
        expect(env[MAIL_ENV.from]).toBe(TEST_SENDER);
        expect(env[MAIL_ENV.templatePrefix]).toBe('test-');
        expect(JSON.stringify(env[MAIL_ENV.shopUrl])).toContain(synthetic.logicalId(synthetic.stack.web.distribution));
      }
    }
  });

  it('cdk-nag has nothing unacknowledged with every grant kind in use', () => {
    expect(synthetic.report.pluginReports.map((p) => p.pluginName)).toContain('AwsSolutions');
    expect(openViolations(synthetic.report)).toEqual([]);
  });

  it('the template has no dependency cycle (mail functions read the shop URL from the distribution)', () => {
    expect(findDependencyCycle(synthetic.json)).toBeUndefined();
  });
});

/** EventBridge's rate expression for a period in minutes, in the largest whole unit (as the CDK writes it). */
function rateOf(minutes: number): string {
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `rate(${value} ${unit}${value === 1 ? '' : 's'})`;
}
