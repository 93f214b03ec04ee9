/**
 * The shop's settings (docs/design.md §23): changed on "Definições" with no deploy, they reach
 * the checkout, the e-mails and the back-office within the cache's seconds; every save is over the
 * version the owner saw and goes in the history; hostile or broken values are refused in Portuguese and
 * change nothing. This file runs against a twin of its own: the settings are what every other file relies on.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSettings } from '#lambdas/repositories/settings.ts';
import { DEMO_SELLER, LOCAL_PAYMENTS, startTwin, type Twin } from '#infra/twin/twin.ts';
import { LOCAL_INVOICING_ACCOUNT } from '#infra/twin/twin-invoicing.ts';
import type { SettingsResponse } from '#shared/api.ts';
import { monthKey } from '#shared/mb-way.ts';
import { DEFAULT_SETTINGS, SEED_AUTHOR, SETTINGS_CACHE_SECONDS, type ShopSettings } from '#shared/settings.ts';
import { paths } from '#shared/paths.ts';
import { twinInfo } from '../support/global-setup.ts';
import { pdfText } from '../support/pdf.ts';
import { createProduct, mailsTo, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminIdToken, call, documentClient, nonAdminToken, twin, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({ port: 0, seed: false, throttle: false });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 120_000);
afterAll(() => own?.stop());

const NEW_IBAN = 'PT50 0035 0000 0000 1234 5677 9';
/** A wait a little longer than the functions' cache of the settings. */
const CACHE_WAIT = { timeout: (SETTINGS_CACHE_SECONDS + 5) * 1000, interval: 500 };

const read = () => call<SettingsResponse>('GET', '/api/admin/settings', { token });
const save = (version: number, settings: unknown, as = token) =>
  call<SettingsResponse & { error?: { code: string; message: string; fields?: Record<string, string> } }>('PUT', '/api/admin/settings', {
    token: as,
    body: { version, settings },
  });
async function current(): Promise<SettingsResponse> {
  const answer = await read();
  expect(answer.status).toBe(200);
  return answer.body;
}
async function change(edit: (settings: ShopSettings) => ShopSettings): Promise<SettingsResponse> {
  const { settings, version } = await current();
  const answer = await save(version, edit(settings));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}
const methods = async () =>
  (await call('GET', '/api/payment-methods')).body as {
    methods: { id: string; available: boolean; holdMinutes: number; instructions?: Record<string, string> }[];
  };

describe('settings in the shop', () => {
  it('starts from the record the first start seeded (the demo payments), with no history; a second seed never overwrites it', async () => {
    const first = await current();
    expect(first).toMatchObject({ version: 1, updatedBy: SEED_AUTHOR, history: [] });
    // The twin's provider keys are saved (its payment-keys secret), the automatic methods off (docs/design.md §34).
    const automaticPayments = {
      ...DEFAULT_SETTINGS.automaticPayments,
      keys: { savedAt: expect.any(String), hint: expect.stringMatching(/^.{4}$/) },
    };
    // So is the twin's invoicing account and key (its invoicing-key secret), invoicing off (docs/invoices.md).
    const invoicing = {
      ...DEFAULT_SETTINGS.invoicing,
      account: LOCAL_INVOICING_ACCOUNT,
      key: { savedAt: expect.any(String), hint: expect.stringMatching(/^.{4}$/) },
    };
    expect(first.settings).toEqual({ ...DEFAULT_SETTINGS, seller: DEMO_SELLER, payments: LOCAL_PAYMENTS, automaticPayments, invoicing });
    // The twin's demo seller and payments complete the go-live checklist: the shop is open (docs/design.md §33).
    expect(first.goLive).toEqual({ ready: true, missing: [] });

    await change((s) => ({ ...s, lowStockThreshold: 4 }));
    // What a later deploy (or restart) does: the seed is refused, the owner's value stays.
    expect(await seedSettings({ ...DEFAULT_SETTINGS, payments: LOCAL_PAYMENTS }, new Date().toISOString(), SEED_AUTHOR)).toBe(false);
    expect((await current()).settings.lowStockThreshold).toBe(4);
  });

  it('a new IBAN reaches /api/payment-methods and the next order e-mail with no deploy; the history says who changed what', async () => {
    const before = await current();
    const saved = await change((s) => ({ ...s, payments: { ...s.payments, iban: ' pt50003500000000123456779 ' } }));
    // Stored in its printed form, whatever spacing and case the owner typed.
    expect(saved.settings.payments.iban).toBe(NEW_IBAN);
    expect(saved.version).toBe(before.version + 1);
    expect(saved.updatedBy).toBe(own.admin.email);
    expect(saved.history[0]).toMatchObject({
      by: own.admin.email,
      version: saved.version,
      changes: [{ field: 'payments.iban', from: LOCAL_PAYMENTS.iban, to: NEW_IBAN }],
    });

    await expect
      .poll(async () => (await methods()).methods.find((m) => m.id === 'transferencia')?.instructions?.iban, CACHE_WAIT)
      .toBe(NEW_IBAN);

    const piece = await createProduct({ stock: 5 });
    // The order-creating function has its own cache: wait until it answers with the new IBAN too.
    let order: Awaited<ReturnType<typeof placeOrder>> | undefined;
    await expect
      .poll(async () => {
        // A reservation: its e-mail tells how to pay (after a proof, no mail asks for payment).
        order = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
        return (order.body.order?.instructions as { iban?: string } | undefined)?.iban;
      }, CACHE_WAIT)
      .toBe(NEW_IBAN);
    const [received] = (await mailsTo(order!.body.order.email as string)).filter((mail) =>
      mail.subject.includes(String(order!.body.order.orderNumber)),
    );
    expect(received?.body.text).toContain(NEW_IBAN);
    expect(received?.body.html).toContain(NEW_IBAN);
  });

  it('refuses a save over a version no longer the stored one (409, nothing saved), and two admins saving at once: one wins', async () => {
    const { settings, version } = await current();
    const stale = await save(version - 1, { ...settings, holdCaps: { ...settings.holdCaps, units: 9 } });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'settings_changed', message: expect.stringContaining('alteradas entretanto') });

    const [a, b] = await Promise.all([
      save(version, { ...settings, holdCaps: { ...settings.holdCaps, units: 13 } }),
      save(version, { ...settings, holdCaps: { ...settings.holdCaps, units: 15 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await current();
    expect(after.version).toBe(version + 1);
    expect(after.settings.holdCaps.units).toBe(a.status === 200 ? 13 : 15);
    expect(after.history.filter((entry) => entry.version === version + 1)).toHaveLength(1);
  });

  it('refuses bad and hostile values in Portuguese, field by field, and changes nothing', async () => {
    const before = await current();
    const { settings, version } = before;
    const cases: [unknown, string, RegExp][] = [
      [
        { ...settings, payments: { ...settings.payments, iban: 'PT50 0035 0000 0000 1234 5677 8' } },
        'settings.payments.iban',
        /IBAN não é válido/,
      ],
      [
        { ...settings, payments: { ...settings.payments, paypal: '<a href="https://evil.example">PAGAR AQUI</a>' } },
        'settings.payments.paypal',
        /sem < nem >/,
      ],
      [
        { ...settings, payments: { ...settings.payments, revolut: '@loja\nPAGA PARA PT50...' } },
        'settings.payments.revolut',
        /sem < nem >/,
      ],
      [{ ...settings, payments: { ...settings.payments, mbwayPhone1: '91234567a' } }, 'settings.payments.mbwayPhone1', /telemóvel válido/],
      [{ ...settings, payments: { ...settings.payments, ibanHolder: '' } }, 'settings.payments.ibanHolder', /titular/],
      [
        { ...settings, payments: { mbwayPhone1: '', mbwayPhone2: '', iban: '', ibanHolder: '', paypal: '', revolut: '' } },
        'settings.payments.iban',
        /pelo menos uma forma de pagamento/,
      ],
      [{ ...settings, holdMinutes: { ...settings.holdMinutes, mbway: 14 } }, 'settings.holdMinutes.mbway', /entre 15 e 4320/],
      [{ ...settings, holdMinutes: { ...settings.holdMinutes, paypal: 20.5 } }, 'settings.holdMinutes.paypal', /entre 15 e 4320/],
      [{ ...settings, holdMinutes: { ...settings.holdMinutes, revolut: '30' } }, 'settings.holdMinutes.revolut', /entre 15 e 4320/],
      [{ ...settings, holdCaps: { ...settings.holdCaps, orders: 0 } }, 'settings.holdCaps.orders', /entre 1 e 20/],
      [{ ...settings, mbwayLimits: { number1: -1, number2: 40 } }, 'settings.mbwayLimits.number1', /entre 0 e 1000/],
      [{ ...settings, lowStockThreshold: 1e9 }, 'settings.lowStockThreshold', /entre 0 e 100/],
      [{ ...settings, ownerEmail: 'dono@' }, 'settings.ownerEmail', /e-mail válido/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await save(version, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error?.fields?.[field], field).toMatch(message);
    }
    expect((await save(version, 'tudo')).status).toBe(400);
    expect((await call('PUT', '/api/admin/settings', { token, body: { settings } })).status).toBe(400);
    expect(await current()).toEqual(before);
  });

  it('only an admin reads or saves them', async () => {
    const { settings, version } = await current();
    expect((await call('GET', '/api/admin/settings')).status).toBe(401);
    expect((await save(version, settings, 'not-a-token')).status).toBe(401);
    const customer = await nonAdminToken();
    expect((await call('GET', '/api/admin/settings', { token: customer })).status).toBe(403);
    expect((await save(version, { ...settings, ownerEmail: 'ladrao@example.com' }, customer)).status).toBe(403);
    expect((await current()).version).toBe(version);
  });

  it('a method left empty is not offered and an order with it is refused, nothing reserved', async () => {
    await change((s) => ({ ...s, payments: { ...s.payments, paypal: '' } }));
    await expect
      .poll(async () => (await methods()).methods.find((m) => m.id === 'paypal'), CACHE_WAIT)
      .toEqual({ id: 'paypal', label: 'PayPal', available: false, holdMinutes: 120 });
    const piece = await createProduct({ stock: 2 });
    await expect
      .poll(async () => {
        const answer = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'paypal' }));
        return answer.status === 409 ? answer.body.error : answer.status;
      }, CACHE_WAIT)
      .toMatchObject({
        code: 'payment_method_unavailable',
        fields: { 'shipping.paymentMethod': expect.stringContaining('não está disponível') },
      });
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id }, ConsistentRead: true }),
    );
    expect(Item!.stock).toBe(2);
    await change((s) => ({ ...s, payments: { ...s.payments, paypal: LOCAL_PAYMENTS.paypal } }));
  });

  it('the MB WAY monthly limits, the hold minutes, the owner address and the low-stock threshold take effect', async () => {
    // MB WAY: number 1 takes 2 orders this month, number 2 none → after 2 orders MB WAY is unavailable.
    await documentClient().send(
      new PutCommand({ TableName: twin().env.TABLE_MBWAY_COUNTERS, Item: { month: monthKey(), count1: 2, count2: 0 } }),
    );
    await change((s) => ({
      ...s,
      mbwayLimits: { number1: 2, number2: 0 },
      holdMinutes: { ...s.holdMinutes, transferencia: 300 },
      ownerEmail: 'dona.da.loja@example.com',
      lowStockThreshold: 6,
    }));
    await expect.poll(async () => (await methods()).methods.find((m) => m.id === 'mbway')?.available, CACHE_WAIT).toBe(false);
    expect((await methods()).methods.find((m) => m.id === 'transferencia')?.holdMinutes).toBe(300);

    const piece = await createProduct({ stock: 6 });
    await expect
      .poll(async () => {
        const answer = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
        return Math.round((Date.parse(answer.body.order.expiresAt!) - Date.now()) / 3_600_000);
      }, CACHE_WAIT)
      .toBe(5);

    const paid = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    expect(paid.status).toBe(201);
    await expect
      .poll(
        async () => (await mailsTo('dona.da.loja@example.com')).some((mail) => mail.subject.includes(String(paid.body.order.orderNumber))),
        CACHE_WAIT,
      )
      .toBe(true);

    const dashboard = async () => (await call('GET', '/api/admin/dashboard', { token })).body as { lowStockThreshold: number };
    await expect.poll(async () => (await dashboard()).lowStockThreshold, CACHE_WAIT).toBe(6);
    const products = await call('GET', '/api/admin/products', { token });
    expect(products.body.lowStockThreshold).toBe(6);
  });
});

describe("the seller's identification: a setting every page, the PDF and the mails follow", () => {
  const page = async (path: string) => {
    const response = await fetch(`${own.url}${encodeURI(path)}`);
    // Without React's markers between adjacent text nodes.
    return { status: response.status, html: (await response.text()).replaceAll('<!-- -->', '') };
  };
  const pdf = async () => {
    const response = await fetch(`${own.url}${paths.withdrawalFormPdf}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      text: pdfText(new Uint8Array(await response.arrayBuffer())),
    };
  };
  /** The publisher renders within a second or two in the twin. */
  const PAGES = { timeout: 20_000, interval: 250 };

  it('every page and the PDF name the seller of the settings (first the demo one, no placeholder); saved, the new, no deploy', async () => {
    // The first record (the twin's first start) rendered the PDF; pages render on their first visit.
    await expect.poll(async () => (await pdf()).status, PAGES).toBe(200);
    expect((await pdf()).type).toBe('application/pdf');
    expect((await pdf()).text).toContain(
      `Para ${DEMO_SELLER.legalName} (Joias Inox), ${DEMO_SELLER.address}, e-mail ${DEMO_SELLER.email}:`,
    );
    expect((await page(paths.legal)).html).toContain(`NIF</dt><dd>${DEMO_SELLER.nif}`);
    for (const text of [(await pdf()).text, (await page(paths.legal)).html, (await page(paths.faq)).html])
      expect(text).not.toMatch(/a preencher/i);

    const legalName = `Joias "Inox" & Filhos, Lda. ${randomUUID().slice(0, 4)}`;
    await change((s) => ({
      ...s,
      seller: {
        legalName,
        nif: 'PT 503 504 564',
        address: 'Rua das Flores, 12, 4050-262 Porto',
        email: 'reclamacoes@example.pt',
        phone: '220 000 000',
        registration: 'CRC Porto 503504564',
        shareCapital: '5 000 €',
      },
    }));
    const stored = await current();
    expect(stored.settings.seller.nif).toBe('503504564');
    expect(stored.history[0]!.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['seller.legalName', 'seller.nif']));

    // Escaped for HTML by React (no markup from the owner's text), in the footer of a page kept before the save.
    const escaped = legalName.replace('&', '&amp;').replaceAll('"', '&quot;');
    await expect
      .poll(
        async () => (await page(paths.faq)).html.includes(`${escaped} · NIF 503504564 · Sede: Rua das Flores, 12, 4050-262 Porto`),
        PAGES,
      )
      .toBe(true);
    await expect.poll(async () => (await page(paths.legal)).html.includes('<dt>NIF</dt><dd>503504564</dd>'), PAGES).toBe(true);
    expect((await page(paths.legal)).html).toContain('<dt>Capital social</dt><dd>5 000 €</dd>');
    await expect
      .poll(async () => (await pdf()).text, PAGES)
      .toContain(`Para ${legalName} (Joias Inox), Rua das Flores, 12, 4050-262 Porto, e-mail reclamacoes@example.pt:`);
    // The app reads the same from /api/shop-info (the shell's pages: checkout, an order).
    await expect
      .poll(async () => (await call<{ seller: { legalName: string } }>('GET', '/api/shop-info')).body.seller.legalName, CACHE_WAIT)
      .toBe(legalName);
  });

  it('a mistyped NIF or markup in a name is refused in Portuguese and changes nothing', async () => {
    const before = await current();
    for (const seller of [
      { nif: '503504565' },
      { legalName: '<a href="https://phish.example">Joias</a>' },
      { address: 'Rua\nOutra linha' },
    ]) {
      const answer = await save(before.version, { ...before.settings, seller: { ...before.settings.seller, ...seller } });
      expect(answer.status).toBe(400);
      expect(Object.values(answer.body.error!.fields ?? {}).join(' ')).toMatch(/NIF não é válido|200 caracteres/);
    }
    expect(await current()).toEqual(before);
  });

  it('the privacy policy states the retention periods in its HTML, and a change of period is rendered again', async () => {
    // Kept first (a visit renders it), so what follows is the publisher's render, not a first visit's.
    const days = (await current()).settings.retention.contactMessagesDays;
    await expect
      .poll(async () => (await page(paths.privacy)).html.includes(`<strong>Mensagens de contacto:</strong> ${days} dias`), PAGES)
      .toBe(true);
    await change((s) => ({ ...s, retention: { ...s.retention, contactMessagesDays: 400 } }));
    await expect
      .poll(async () => (await page(paths.privacy)).html.includes('<strong>Mensagens de contacto:</strong> 400 dias'), PAGES)
      .toBe(true);
  });
});
