/**
 * Invoicing in the synthesized template (docs/invoices.md): the invoicing provider's API key in a secret
 * of its own (empty until the owner saves it), read only by the invoices consumer; that consumer on the
 * orders stream (filtered, partial failures, the dead-letter queue its alarm watches), reaching the
 * orders and the settings and nothing else; the redrive job; the orders' sparse `byInvoiceDue` index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICING_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { INVOICE_STREAM_FILTER, jobs, streamConsumers } from '#lambdas/jobs.ts';
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

const secretId = () => shop.logicalId(shop.stack.invoicingKeySecret);
const consumer = streamConsumers.find((row) => row.name === 'OrderInvoices')!;
const fn = () => shop.stack.outbox.functions.get('OrderInvoices')!;
const envOf = (f: { function: object }) => functionEnv(shop, f);
const roleOf = (f: { function: object }) => functionRole(shop, f);
const readsKey = (roleLogicalId: string) => roleUsesSecret(shop, roleLogicalId, secretId());

describe("the invoicing provider's API key", () => {
  it('is a secret of its own whose first value is an empty object (the owner saves the key; nothing is generated)', () => {
    const secret = shop.json.Resources[secretId()]!;
    expect(secret.Type).toBe('AWS::SecretsManager::Secret');
    expect(secret.Properties.SecretString).toBe('{}');
    expect(secret.Properties.GenerateSecretString).toBeUndefined();
  });

  it("is read only by the functions whose rows grant invoicingKey, by ARN; the stand-in endpoint is the twin's alone", () => {
    for (const [key, f] of shop.stack.api.functions.entries()) {
      const row = routes.find((route) => routeKeyOf(route) === key)!;
      const granted = row.grants.some((grant) => 'invoicingKey' in grant);
      expect({ key, env: INVOICING_ENV.secretArn in envOf(f), reads: readsKey(roleOf(f)) }).toEqual({ key, env: granted, reads: granted });
    }
    for (const [name, f] of [...shop.stack.outbox.functions.entries(), ...shop.stack.jobs.functions.entries()]) {
      const row = [...streamConsumers, ...jobs].find((c) => c.name === name)!;
      expect({ name, reads: readsKey(roleOf(f)) }).toEqual({ name, reads: row.grants.some((grant) => 'invoicingKey' in grant) });
    }
    for (const resource of Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::Lambda::Function')) {
      expect(Object.keys(resource.Properties.Environment?.Variables ?? {})).not.toContain(INVOICING_ENV.endpoint);
    }
  });
});

describe('the invoices consumer and its redrive', () => {
  it('reads the orders stream, filtered to paid and closed orders, with partial failures and the dead-letter queue', () => {
    shop.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: shop.logicalId(fn().function) },
      EventSourceArn: { 'Fn::GetAtt': [shop.logicalId(shop.stack.data.tables.orders), 'StreamArn'] },
      BatchSize: consumer.batchSize,
      MaximumRetryAttempts: consumer.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [shop.logicalId(shop.stack.outbox.deadLetterQueue), 'Arn'] } } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(INVOICE_STREAM_FILTER) }] },
    });
    // The dead letters are watched: an alarm on the queue's depth.
    const watched = Object.values(shop.json.Resources).filter(
      (r) =>
        r.Type === 'AWS::CloudWatch::Alarm' && JSON.stringify(r.Properties).includes(shop.logicalId(shop.stack.outbox.deadLetterQueue)),
    );
    expect(watched.length).toBeGreaterThan(0);
  });

  it('reaches the key (GetSecretValue), the orders (read, write, no delete), the outbox (its mails), the settings (read): no more', () => {
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
    const env = envOf(fn());
    expect(env[INVOICING_ENV.secretArn]).toEqual({ Ref: secretId() });
    expect(env[PAYMENT_KEYS_ENV.secretArn]).toBeUndefined();
  });

  it('the redrive job runs every minute and reaches only the orders; the orders have the sparse byInvoiceDue index', () => {
    const redrive = shop.stack.jobs.functions.get('InvoiceRedrive')!;
    const statements = statementsOfRole(shop.json, roleOf(redrive));
    expect(actionsOf(statements).filter((a) => a.startsWith('secretsmanager:'))).toEqual([]);
    const orders = shop.json.Resources[shop.logicalId(shop.stack.data.tables.orders)]!;
    const indexes = orders.Properties.GlobalSecondaryIndexes as { IndexName: string; KeySchema: { AttributeName: string }[] }[];
    expect(indexes.find((index) => index.IndexName === 'byInvoiceDue')?.KeySchema.map((key) => key.AttributeName)).toEqual([
      'invoiceQueue',
      'invoiceDueAt',
    ]);
  });
});
