/**
 * Automatic payments in the synthesized template (docs/design.md §34): the payment provider's keys in
 * their own secret (empty until the owner saves them, never a value in the template), read at run time
 * only by the functions whose rows grant `paymentKeys`; the orders table's stream and the payments
 * consumer on it, which reaches the keys' secret, the orders, the outbox and the settings, and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LINK_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { PAYMENT_STREAM_FILTER, streamConsumers } from '#lambdas/jobs.ts';
import { routeKeyOf } from '#infra/cloud/api.ts';
import { routes } from '#lambdas/routes.ts';
import {
  actionsOf,
  functionEnv,
  functionRole,
  removeScratch,
  roleUsesSecret,
  statementsOfRole,
  synthShop,
  SYNTH_TIMEOUT_MS,
  type Synthesized,
} from './support.ts';

let shop: Synthesized;
beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const secretId = () => shop.logicalId(shop.stack.paymentKeysSecret);
const consumer = streamConsumers.find((row) => row.name === 'OrderPayments')!;
const fn = () => shop.stack.outbox.functions.get('OrderPayments')!;
const envOf = (f: { function: object }) => functionEnv(shop, f);
const roleOf = (f: { function: object }) => functionRole(shop, f);
const readsKeys = (roleLogicalId: string) => roleUsesSecret(shop, roleLogicalId, secretId());

describe("the payment provider's keys", () => {
  it('are a secret of their own whose first value is an empty object (the owner saves the keys; nothing is generated)', () => {
    const secret = shop.json.Resources[secretId()]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.SecretString).toBe('{}');
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
  });

  it('are read only by the functions whose rows grant paymentKeys: their ARN in the environment, never a value', () => {
    for (const [key, f] of shop.stack.api.functions.entries()) {
      const row = routes.find((route) => routeKeyOf(route) === key)!;
      const granted = row.grants.some((grant) => 'paymentKeys' in grant);
      expect({ key, env: PAYMENT_KEYS_ENV.secretArn in envOf(f), reads: readsKeys(roleOf(f)) }).toEqual({
        key,
        env: granted,
        reads: granted,
      });
    }
    for (const [name, f] of shop.stack.outbox.functions.entries()) {
      const row = streamConsumers.find((c) => c.name === name)!;
      expect({ name, reads: readsKeys(roleOf(f)) }).toEqual({ name, reads: row.grants.some((grant) => 'paymentKeys' in grant) });
    }
    // The local provider's endpoint is the twin's alone: the cloud's client calls the provider.
    for (const resource of Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::Lambda::Function')) {
      expect(Object.keys(resource.Properties.Environment?.Variables ?? {})).not.toContain(PAYMENT_KEYS_ENV.endpoint);
    }
  });
});

describe('the payments consumer of the orders stream', () => {
  it('reads the orders stream, filtered to orders with a provider payment to act on, with partial failures and a dead-letter queue', () => {
    expect(shop.json.Resources[shop.logicalId(shop.stack.data.tables.orders)]!.Properties.StreamSpecification).toEqual({
      StreamViewType: 'NEW_IMAGE',
    });
    shop.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: shop.logicalId(fn().function) },
      EventSourceArn: { 'Fn::GetAtt': [shop.logicalId(shop.stack.data.tables.orders), 'StreamArn'] },
      BatchSize: consumer.batchSize,
      MaximumRetryAttempts: consumer.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [shop.logicalId(shop.stack.outbox.deadLetterQueue), 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(PAYMENT_STREAM_FILTER) }] },
    });
  });

  it('reaches the keys secret (GetSecretValue), the orders (read, write, no delete), the outbox (write), settings (read): no more', () => {
    const statements = statementsOfRole(shop.json, roleOf(fn()));
    const secrets = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')));
    expect(secrets.map((s) => ({ actions: actionsOf([s]), resource: s.Resource }))).toEqual([
      { actions: ['secretsmanager:GetSecretValue'], resource: { Ref: secretId() } },
    ]);
    const dynamo = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));
    const named = JSON.stringify(dynamo.map((s) => s.Resource));
    const reached = Object.entries(shop.stack.data.tables)
      .filter(([, table]) => named.includes(`"${shop.logicalId(table)}"`))
      .map(([key]) => key);
    expect(reached.sort()).toEqual(['orders', 'outbox', 'settings']);
    expect(actionsOf(dynamo)).not.toContain('dynamodb:DeleteItem');
    expect(
      actionsOf(statements).filter(
        (a) =>
          !a.startsWith('dynamodb:') &&
          !a.startsWith('secretsmanager:') &&
          !a.startsWith('logs:') &&
          !a.startsWith('xray:') &&
          !a.startsWith('sqs:'),
      ),
    ).toEqual([]);
    const env = envOf(fn());
    expect(env[PAYMENT_KEYS_ENV.secretArn]).toEqual({ Ref: secretId() });
    expect(env[ORDER_LINK_ENV.secretArn]).toBeUndefined();
    expect(
      Object.keys(env)
        .filter((name) => name.startsWith('TABLE_'))
        .sort(),
    ).toEqual(['TABLE_ORDERS', 'TABLE_OUTBOX', 'TABLE_SETTINGS']);
  });
});
