/**
 * The shop cannot open mute (docs/design.md §33): with the account in SES's sandbox (the twin started
 * with `sesSandbox`, as a new AWS account is), customers would get no mail while the owner's own
 * notifications, to a verified address, arrive. So the go-live checklist shows its SES item unmet and
 * checkout answers 503 `shop_not_ready` until SES grants production access (`GetAccount`'s
 * `ProductionAccessEnabled`) or the owner acknowledges, in "Definições", that customers get no mail. Only
 * the functions with the `sesAccount` grant may ask SES (`ses:GetAccount`). This file runs its own twin.
 */
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFunction } from '#infra/twin/function-scope.ts';
import { SES_ACCOUNT_SWITCH_PATH } from '#infra/twin/ses-identities.ts';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { askProductionAccess } from '#lambdas/repositories/ses-account.ts';
import { ses } from '#lambdas/repositories/ses-client.ts';
import { routes } from '#lambdas/routes.ts';
import type { SettingsResponse } from '#shared/api.ts';
import { GO_LIVE_LABELS } from '#shared/go-live.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { MAIL_SANDBOX_CONSEQUENCE, SETTING_LABELS, SETTINGS_CACHE_SECONDS } from '#shared/settings.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, placeOrder, reservationBody } from '../support/factories.ts';
import { adminIdToken, call, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: false, scheduledJobs: false, sesSandbox: true });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 120_000);
afterAll(() => own?.stop());

/** The functions' settings cache a few seconds. */
const CACHED = { timeout: (SETTINGS_CACHE_SECONDS + 15) * 1000, interval: 500 };
const settings = async () => (await call<SettingsResponse>('GET', '/api/admin/settings', { token })).body;
const save = (view: SettingsResponse, acknowledged: boolean) =>
  call<SettingsResponse>('PUT', '/api/admin/settings', {
    token,
    body: { version: view.version, settings: { ...view.settings, mailSandboxAcknowledged: acknowledged } },
  });
const order = async () => placeOrder(reservationBody([{ productId: (await createProduct({ stock: 5 })).id, quantity: 1 }]));

describe("a shop whose AWS account is in SES's sandbox", () => {
  it('shows the SES item unmet (everything else done) and refuses checkout with 503 shop_not_ready', async () => {
    const view = await settings();
    expect(view.goLive).toEqual({ ready: false, missing: ['mailProduction'] });
    expect(GO_LIVE_LABELS.mailProduction).toMatch(/acesso de produção/);
    const checked = await call<{ goLive: unknown }>('POST', '/api/admin/settings/sender-check', { token });
    expect(checked.body.goLive).toEqual({ ready: false, missing: ['mailProduction'] });
    expect((await call('GET', '/api/shop-info')).body.ready).toBe(false);
    const answer = await order();
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'shop_not_ready', message: apiTexts.shopNotReady });
  });

  it('asks SES for the account only through the `sesAccount` grant (ses:GetAccount), as IAM would', async () => {
    const check = routes.find((route) => route.handler === 'admin/settings/sender-check')!;
    await expect(asFunction({ name: 'with-grant', grants: check.grants, api: true }, askProductionAccess)).resolves.toBe(false);
    const ask = () => ses().send(new GetAccountCommand({}));
    // Neither the identity's grant nor the grant to send reaches the account; the storefront reads the kept answer.
    for (const grants of [
      [{ senderIdentity: true as const }],
      [{ mail: true as const }],
      routes.find((route) => route.handler === 'shop-info/get')!.grants,
    ]) {
      await expect(asFunction({ name: 'without-grant', grants, api: true }, ask)).rejects.toThrow(
        /not authorized to perform: ses:GetAccount/,
      );
    }
    // Only the two routes that ask SES have it.
    expect(
      routes.filter((route) => route.grants.some((grant) => 'sesAccount' in grant)).map((route) => `${route.method} ${route.path}`),
    ).toEqual(['PUT /api/admin/settings', 'POST /api/admin/settings/sender-check']);
  });

  it("opens with the owner's acknowledgement, whose words are the consequence, and closes again without it", async () => {
    expect(SETTING_LABELS.mailSandboxAcknowledged).toBe(MAIL_SANDBOX_CONSEQUENCE);
    expect(MAIL_SANDBOX_CONSEQUENCE).toMatch(/os clientes NÃO recebem nenhum e-mail/);
    const saved = await save(await settings(), true);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.goLive).toEqual({ ready: true, missing: [] });
    expect(saved.body.history[0]?.changes).toContainEqual({ field: 'mailSandboxAcknowledged', from: false, to: true });
    await expect.poll(async () => (await order()).status, CACHED).toBe(201);

    const closed = await save(await settings(), false);
    expect(closed.body.goLive).toEqual({ ready: false, missing: ['mailProduction'] });
    await expect.poll(async () => (await order()).status, CACHED).toBe(503);
  });

  it('opens once SES grants production access, with no acknowledgement', async () => {
    const switched = await fetch(`${own.endpoints.ses}${SES_ACCOUNT_SWITCH_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ productionAccess: true }),
    });
    expect(switched.status).toBe(200);
    const checked = await call<{ goLive: unknown }>('POST', '/api/admin/settings/sender-check', { token });
    expect(checked.body.goLive).toEqual({ ready: true, missing: [] });
    expect((await settings()).settings.mailSandboxAcknowledged).toBe(false);
    await expect.poll(async () => (await order()).status, CACHED).toBe(201);
  });
});
