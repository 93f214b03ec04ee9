/**
 * "Pagamentos automáticos" on "Definições" (docs/design.md §34), through the real handlers, the twin's
 * Secrets Manager and its payment provider (`infra/twin/payments-local.ts`, which answers a wrong key
 * 401 as Stripe does): the keys are checked with the provider before anything is kept, written only to
 * their secret, never given back; the switches need them, and a save of the settings neither writes
 * their record nor switches anything off by leaving it out. This file runs against a twin of its own:
 * the settings are what every other file relies on.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { startPaymentsLocal, type PaymentsLocal } from '#infra/twin/payments-local.ts';
import { PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { readSecretNow, writeSecret } from '#lambdas/repositories/secret-writes.ts';
import { routes, type Route } from '#lambdas/routes.ts';
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import type { SettingsResponse } from '#shared/api.ts';
import { paymentKeysTexts } from '#shared/messages/index.ts';
import { twinInfo } from '../support/global-setup.ts';
import { adminIdToken, call, documentClient, nonAdminToken, useOwnTwin } from '../support/twin.ts';

const SECRET_KEY = 'sk_test_owner_0123456789abcd';
const WEBHOOK_SECRET = 'whsec_owner_current_0123';
const NEW_WEBHOOK_SECRET = 'whsec_owner_rolled_4567';
/** The payment-keys secret of this file (its own: a twin may start with keys of its own in another). */
const SECRET_NAME = 'joias-payment-keys-owner-test';

/** Removes the keys' record from the settings, as in a shop whose owner never saved keys. */
async function forgetSavedKeys(): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: own.env.TABLE_SETTINGS,
      Key: { pk: 'settings', sk: 'current' },
      UpdateExpression: 'REMOVE paymentKeys, settings.automaticPayments.#keys',
      ExpressionAttributeNames: { '#keys': 'keys' },
    }),
  );
}

let own: Twin;
let provider: PaymentsLocal;
let token: string;
let arn: string;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: false });
  useOwnTwin(twinInfo(own));
  provider = await startPaymentsLocal({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  // What the twin's start gives the functions with the `paymentKeys` grant (its secret, empty until the
  // owner saves keys, and the local provider); set here too so this file does not depend on it.
  arn = await own.secrets.ensure(SECRET_NAME, () => '{}');
  // The state of a shop whose owner never saved keys (a twin may start with its own saved).
  await forgetSavedKeys();
  process.env[PAYMENT_KEYS_ENV.secretArn] = arn;
  process.env[PAYMENT_KEYS_ENV.endpoint] = provider.url;
  token = await adminIdToken();
}, 120_000);
afterAll(async () => {
  await provider?.stop();
  await own?.stop();
});

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };
const saveKeys = (body: unknown, as = token) =>
  call<{ keys: { savedAt: string; hint: string } } & Refusal>('PUT', '/api/admin/settings/payment-keys', { token: as, body });
const read = async () => {
  const answer = await call<SettingsResponse>('GET', '/api/admin/settings', { token });
  expect(answer.status).toBe(200);
  return answer;
};
const save = (version: number, settings: unknown) =>
  call<SettingsResponse & Refusal>('PUT', '/api/admin/settings', { token, body: { version, settings } });
const kept = async () => own.secrets.current(SECRET_NAME);

describe('the payment keys', () => {
  it('a switch on before any keys are saved is refused in Portuguese, and nothing is saved', async () => {
    const { body: before } = await read();
    const answer = await save(before.version, { ...before.settings, automaticPayments: { mbway: true, multibanco: false } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({ 'settings.automaticPayments.mbway': paymentKeysTexts.automaticNeedsKeys });
    const { body: after } = await read();
    expect(after.version).toBe(before.version);
    expect(after.settings.automaticPayments).toEqual({ mbway: false, multibanco: false });
  });

  it('a key the provider refuses: 400 with the field said, nothing written anywhere', async () => {
    const { body: before } = await read();
    const answer = await saveKeys({ secretKey: 'sk_test_owner_wrong_999999', webhookSecret: WEBHOOK_SECRET });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'payment_keys_refused', fields: { secretKey: paymentKeysTexts.stripeKeyRefused } });
    expect(await kept()).toBe('{}');
    const { body: after } = await read();
    expect(after.settings.automaticPayments.keys).toBeUndefined();
    expect(after.version).toBe(before.version);
  });

  it("keys not shaped as the provider's are refused before any call, field by field", async () => {
    const answer = await saveKeys({ secretKey: 'pk_live_public123456789', webhookSecret: 'segredo' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toEqual({
      secretKey: paymentKeysTexts.stripeSecretKey,
      webhookSecret: paymentKeysTexts.stripeWebhookSecret,
    });
    expect(await kept()).toBe('{}');
  });

  it('the provider not answering: 503, nothing written', async () => {
    process.env[PAYMENT_KEYS_ENV.endpoint] = 'http://127.0.0.1:1';
    try {
      const answer = await saveKeys({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
      expect(answer.status).toBe(503);
      expect(answer.body.error.message).toBe(paymentKeysTexts.stripeUnavailable);
    } finally {
      process.env[PAYMENT_KEYS_ENV.endpoint] = provider.url;
    }
    expect(await kept()).toBe('{}');
  });

  it('the right keys: written to the secret, their record beside the settings (no new version), never given back', async () => {
    const { body: before } = await read();
    const answer = await saveKeys({ secretKey: ` ${SECRET_KEY} `, webhookSecret: WEBHOOK_SECRET });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.keys).toEqual({ savedAt: expect.any(String), hint: 'abcd' });
    expect(JSON.parse(await kept())).toEqual({
      provider: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    } satisfies PaymentKeys);

    const after = await read();
    expect(after.body.settings.automaticPayments.keys).toEqual(answer.body.keys);
    expect(after.body.version).toBe(before.version);
    expect(after.body.history.length).toBe(before.history.length);
    // The keys are in no answer: not the save's, not the settings'.
    for (const text of [JSON.stringify(answer.body), JSON.stringify(after.body)]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toContain(WEBHOOK_SECRET);
    }
  });

  it("a save of the settings never writes the keys' record, and leaving the switches out keeps them", async () => {
    const { body: start } = await read();
    const keys = start.settings.automaticPayments.keys;
    const on = await save(start.version, {
      ...start.settings,
      automaticPayments: { mbway: true, multibanco: true, keys: { savedAt: '2020-01-01T00:00:00.000Z', hint: 'zzzz' } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.settings.automaticPayments).toEqual({ mbway: true, multibanco: true, keys });
    expect(on.body.history[0]!.changes).toEqual([
      { field: 'automaticPayments.mbway', from: false, to: true },
      { field: 'automaticPayments.multibanco', from: false, to: true },
    ]);

    // A screen from before the switches sends none: they stay on.
    const { automaticPayments: _left, ...older } = on.body.settings;
    const kept = await save(on.body.version, { ...older, lowStockThreshold: older.lowStockThreshold + 1 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.settings.automaticPayments).toEqual({ mbway: true, multibanco: true, keys });
  });

  it('a new webhook signing secret keeps the one before it accepted for a day', async () => {
    const answer = await saveKeys({ secretKey: SECRET_KEY, webhookSecret: NEW_WEBHOOK_SECRET });
    expect(answer.status).toBe(200);
    const secret = JSON.parse(await kept()) as PaymentKeys;
    expect(secret).toMatchObject({ webhookSecret: NEW_WEBHOOK_SECRET, previousWebhookSecret: WEBHOOK_SECRET });
    const hours = (Date.parse(secret.previousUntil!) - Date.parse(answer.body.keys.savedAt)) / 3_600_000;
    expect(hours).toBe(24);
  });

  it("only an admin saves keys; only the keys route may write their secret (as IAM's PutSecretValue)", async () => {
    expect((await saveKeys({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }, await nonAdminToken())).status).toBe(403);
    const before = await kept();
    const writeAs = (grants: Route['grants']) =>
      asFunction({ name: 'test', grants, api: true }, () => writeSecret(arn, '{"provider":"stripe"}'));
    const readAs = (grants: Route['grants']) => asFunction({ name: 'test', grants, api: true }, () => readSecretNow(arn));
    // The settings' own route, the functions that read the keys: no write.
    const settingsRow = routes.find((row) => row.handler === 'admin/settings/update')!;
    await expect(writeAs(settingsRow.grants)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(writeAs([{ paymentKeys: true }])).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(readAs(settingsRow.grants)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(await kept()).toBe(before);
    // The keys route's own row: its secret's ARN is in its environment, and only there.
    const keysRow = routes.find((row) => row.handler === 'admin/settings/payment-keys')!;
    expect(await asFunction({ name: 'test', grants: keysRow.grants, api: true }, async () => process.env[PAYMENT_KEYS_ENV.secretArn])).toBe(
      arn,
    );
    expect(
      await asFunction({ name: 'test', grants: settingsRow.grants, api: true }, async () => process.env[PAYMENT_KEYS_ENV.secretArn]),
    ).toBeUndefined();
  });
});
