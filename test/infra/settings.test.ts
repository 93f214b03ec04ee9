/**
 * The wrong-IBAN trap is gone: payment instructions are no stack parameters and no function
 * environment; the stage's settings record is seeded once by the first deploy (a conditional PutItem,
 * no update call) and read by the functions from the settings table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { routes } from '#lambdas/routes.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;
const payments = { iban: 'PT50 0002 0123 1234 5678 9015 4', ibanHolder: 'Joias Inox, Lda.', mbwayPhone1: '912 345 678' };

beforeAll(() => {
  shop = synthShop({ payments, operatorEmail: 'dona@joias.test' });
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const seedResources = () => Object.values(shop.json.Resources).filter((resource) => resource.Type === 'Custom::ShopSettingsSeed');

describe('settings in the shop, not in the deployment', () => {
  it('has no payment parameter and no payment value in any function environment', () => {
    const parameters = Object.keys((shop.json as { Parameters?: Record<string, unknown> }).Parameters ?? {});
    expect(parameters.filter((name) => /payment|iban|mbway|paypal|revolut/i.test(name))).toEqual([]);
    const functions = Object.values(shop.json.Resources).filter((resource) => resource.Type === 'AWS::Lambda::Function');
    for (const fn of functions) {
      const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
      // The payment provider's keys: only their secret's ARN, read at run time (docs/design.md §34).
      expect(variables.filter((name) => /PAYMENT/.test(name) && name !== PAYMENT_KEYS_ENV.secretArn)).toEqual([]);
      expect(variables.filter((name) => /SECRET_KEY|WEBHOOK/.test(name))).toEqual([]);
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain('PT50');
    }
  });

  it('seeds the record once, from context, with a conditional PutItem and no update or delete call', () => {
    const [seed, ...others] = seedResources();
    expect(others).toHaveLength(0);
    // `Create` is the call as JSON text, joined around the table's name (a reference).
    const parts = (seed!.Properties.Create as { 'Fn::Join': [string, (string | { Ref: string })[]] })['Fn::Join'][1];
    expect(parts.filter((part) => typeof part !== 'string')).toEqual([{ Ref: shop.logicalId(shop.stack.data.tables.settings) }]);
    const parsed = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'settings-table')).join('')) as {
      action: string;
      parameters: { TableName: string; Item: Record<string, never>; ConditionExpression: string };
      ignoreErrorCodesMatching: string;
    };
    expect(parsed).toMatchObject({
      action: 'PutItem',
      parameters: { TableName: 'settings-table', ConditionExpression: 'attribute_not_exists(pk)' },
      ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
    });
    expect(seed!.Properties.Update).toBeUndefined();
    expect(seed!.Properties.Delete).toBeUndefined();
    // The item: the context's payments over the defaults, the operator as the owner's address.
    const item = unmarshall(parsed.parameters.Item);
    expect(item).toMatchObject({ pk: 'settings', sk: 'current', version: 1 });
    expect(item.settings).toEqual({
      ...DEFAULT_SETTINGS,
      payments: { ...DEFAULT_SETTINGS.payments, ...payments },
      ownerEmail: 'dona@joias.test',
    });
  });

  it('the seed may only PutItem on the settings table', () => {
    const settingsTable = shop.logicalId(shop.stack.data.tables.settings);
    const policies = Object.values(shop.json.Resources).filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(resource.Properties.PolicyDocument).includes('dynamodb:PutItem') &&
        JSON.stringify(resource.Properties.Roles).includes('AWS679f53fac002430cb0da5b7982bd2287'),
    );
    expect(policies).toHaveLength(1);
    const statements = policies[0]!.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[];
    expect(statements.map((statement) => statement.Action)).toEqual(['dynamodb:PutItem']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(settingsTable);
  });

  it('every function showing payment instructions or using the settings reads the settings table; only the settings screen writes', () => {
    const writers = routes.filter((route) =>
      route.grants.some((grant) => 'table' in grant && grant.table === 'settings' && grant.access !== 'read'),
    );
    // The screen's check writes only SES's answer about the sender (the go-live checklist), when it changed;
    // the keys route only when and which keys were saved (the keys themselves go to their secret).
    expect(writers.map((route) => `${route.method} ${route.path}`)).toEqual([
      'PUT /api/admin/settings',
      'PUT /api/admin/settings/payment-keys',
      'PUT /api/admin/settings/invoicing-key',
      'POST /api/admin/settings/sender-check',
    ]);
    for (const key of [
      'GET /api/payment-methods',
      'POST /api/orders',
      'POST /api/orders/{id}/proof',
      'GET /api/orders/{id}',
      'POST /api/admin/orders/{id}/emails',
    ]) {
      const route = routes.find((r) => `${r.method} ${r.path}` === key)!;
      expect(route.grants, key).toContainEqual({ table: 'settings', access: 'read' });
    }
  });
});
