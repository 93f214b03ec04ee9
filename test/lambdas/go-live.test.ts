/**
 * The shop cannot open unfinished (docs/design.md §33): a twin of its own that starts
 * as the cloud does, with no seller, is "Loja em preparação" on every public page and refuses checkout
 * with 503 `shop_not_ready` (nothing reserved); once "Definições" completes the go-live checklist the
 * pages are rendered again without it and orders are taken. With the demo seller (the other files'
 * shared twin) no "a preencher" reaches a customer. This file runs its own twin: it empties the seller.
 */
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asFunction } from '#infra/twin/function-scope.ts';
import { DEMO_SELLER, startTwin, type Twin } from '#infra/twin/twin.ts';
import { askSenderVerified } from '#lambdas/repositories/sender-identity.ts';
import { ses } from '#lambdas/repositories/ses-client.ts';
import { routes } from '#lambdas/routes.ts';
import type { SettingsResponse } from '#shared/api.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { SETTINGS_CACHE_SECONDS } from '#shared/settings.ts';
import { twinInfo } from '../support/global-setup.ts';
import { pdfText } from '../support/pdf.ts';
import { createProduct, placeOrder, reservationBody } from '../support/factories.ts';
import { adminIdToken, call, documentClient, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: false, demoSeller: false, scheduledJobs: false });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 120_000);
afterAll(() => own?.stop());

const PREPARING = 'Loja em preparação';
/** The publisher renders within a second or two; the functions' settings cache a few seconds more. */
const RENDERED = { timeout: (SETTINGS_CACHE_SECONDS + 15) * 1000, interval: 500 };
const page = async (path: string) => (await (await fetch(`${own.url}${encodeURI(path)}`)).text()).replaceAll('<!-- -->', '');
const pdf = async () => pdfText(new Uint8Array(await (await fetch(`${own.url}${paths.withdrawalFormPdf}`)).arrayBuffer()));
const settings = async () => (await call<SettingsResponse>('GET', '/api/admin/settings', { token })).body;

describe('a shop whose go-live checklist is not complete', () => {
  it('says "Loja em preparação" on its public pages, shows no placeholder, and the back-office says what is missing', async () => {
    for (const path of [paths.home, paths.shop, paths.legal, paths.faq]) {
      const html = await page(path);
      expect(html, path).toContain(PREPARING);
      expect(html, path).not.toMatch(/a preencher/i);
    }
    expect(await pdf()).not.toMatch(/a preencher/i);
    expect((await call('GET', '/api/shop-info')).body.ready).toBe(false);

    const view = await settings();
    // The twin's SES has verified its sender (asked at the start, and again now through the check's own grant); the seller is missing.
    const missing = ['legalName', 'nif', 'address', 'email', 'phone'];
    expect(view.goLive).toEqual({ ready: false, missing });
    const checked = await call<{ goLive: unknown }>('POST', '/api/admin/settings/sender-check', { token });
    expect(checked.status).toBe(200);
    expect(checked.body.goLive).toEqual({ ready: false, missing });
    expect((await call('GET', '/api/admin/dashboard', { token })).body.goLive.ready).toBe(false);
  });

  it('refuses checkout with 503 shop_not_ready in Portuguese, and reserves nothing', async () => {
    const piece = await createProduct({ stock: 3 });
    const answer = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatchObject({ code: 'shop_not_ready', message: apiTexts.shopNotReady });
    const stored = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_PRODUCTS, Key: { id: piece.id } }));
    expect(stored.Item?.stock).toBe(3);
    const orders = await documentClient().send(new ScanCommand({ TableName: process.env.TABLE_ORDERS, Select: 'COUNT' }));
    expect(orders.Count).toBe(0);
  });

  it('asks SES only through its grant: a function without `senderIdentity` is refused, as IAM would', async () => {
    const check = routes.find((route) => route.handler === 'admin/settings/sender-check')!;
    await expect(asFunction({ name: 'with-grant', grants: check.grants, api: true }, askSenderVerified)).resolves.toBe(true);
    // The storefront's functions read SES's kept answer, never SES: without the grant the call is refused.
    const shopInfo = routes.find((route) => route.handler === 'shop-info/get')!;
    const ask = () => ses().send(new GetEmailIdentityCommand({ EmailIdentity: own.env.MAIL_IDENTITY }));
    await expect(asFunction({ name: 'without-grant', grants: shopInfo.grants, api: true }, ask)).rejects.toThrow(
      /not authorized to perform: ses:GetEmailIdentity/,
    );
    // Nor does the grant to send mail reach it (least privilege: SendEmail is not GetEmailIdentity).
    await expect(asFunction({ name: 'mail-only', grants: [{ mail: true }], api: true }, ask)).rejects.toThrow(
      /not authorized to perform: ses:GetEmailIdentity/,
    );
  });

  it('opens once "Definições" completes the checklist: the pages are rendered again without the notice and orders are taken', async () => {
    const before = await settings();
    const saved = await call<SettingsResponse>('PUT', '/api/admin/settings', {
      token,
      body: { version: before.version, settings: { ...before.settings, seller: DEMO_SELLER } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.goLive).toEqual({ ready: true, missing: [] });

    await expect.poll(async () => (await page(paths.shop)).includes(PREPARING), RENDERED).toBe(false);
    await expect.poll(async () => (await page(paths.legal)).includes(`<dt>NIF</dt><dd>${DEMO_SELLER.nif}</dd>`), RENDERED).toBe(true);
    const legal = await page(paths.legal);
    expect(legal).not.toContain(PREPARING);
    expect(legal).not.toMatch(/a preencher/i);

    const piece = await createProduct({ stock: 3 });
    await expect.poll(async () => (await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))).status, RENDERED).toBe(201);
  });
});
