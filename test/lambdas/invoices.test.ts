/**
 * The invoices' must-holds through the real handlers and the twin (docs/invoices.md): the order is placed at
 * the front door, paid by the owner's confirmation of its proof, and the orders stream's invoices consumer
 * issues its fatura-recibo on the twin's InvoiceXpress stand-in (`infra/twin/invoicing-local.ts`) with the
 * real adapter. A twin of this file's own, invoicing on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import type { Order } from '#shared/api.ts';
import { FINAL_CONSUMER } from '#shared/invoices.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { SETTINGS_CACHE_SECONDS, SETTINGS_LIMITS } from '#shared/settings.ts';
import { handleOrderInvoice, redriveDueInvoices } from '#lambdas/services/invoices.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, customerOrderView, orderBody, placeOrder } from '../support/factories.ts';
import { adminIdToken, call, callRoute, documentClient, useOwnTwin } from '../support/twin.ts';
import { dayKey } from '#shared/dates.ts';
import { until } from '../support/wait.ts';

let own: Twin;
let token: string;

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
    invoicing: true,
  });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 180_000);

afterAll(async () => {
  await own?.stop();
});

const stored = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: own.env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item as Order & {
    invoicing?: { reason?: string };
  };
const documentsOf = (orderNumber: number) =>
  own.invoicing.documents().filter((doc) => doc.reference.startsWith(`encomenda-${orderNumber}`) && doc.status !== 'deleted');
const adminOrder = async (id: string) => (await callRoute('GET /api/admin/orders/{id}', { params: { id } }, { token })).body.order;

/** A product, an order of it with a proof (optionally a NIF), placed; the answer's order and access token. */
async function placed(extra: { nif?: string; companyName?: string } = {}, product = { priceCents: 1999, discountPercent: 15, stock: 50 }) {
  const piece = await createProduct(product);
  const body = { ...(await orderBody([{ productId: piece.id, quantity: 2 }])), ...extra };
  const answer = await placeOrder(body);
  expect(answer.status).toBe(201);
  return answer.body.order;
}

/** The owner confirms the proof: the order is paid (`Enviar`). */
async function confirm(id: string) {
  const moved = await callRoute('PATCH /api/admin/orders/{id}', { params: { id }, body: { status: 'Enviar' } }, { token });
  expect(moved.status).toBe(200);
}

const issued = (id: string) =>
  until(
    `order ${id}'s invoice`,
    () => adminOrder(id),
    (order) => order.invoice?.status === 'issued',
    90_000,
  );

describe('a paid order gets exactly one fatura-recibo', () => {
  // The first document of a new twin meets its functions cold, while the pages are still being rendered.
  it(
    'with the lines, the total to the cent and the NIF; its number and link on both order pages; the PDF downloads',
    { timeout: 120_000 },
    async () => {
      const order = await placed({ nif: '501964843', companyName: 'Joias Lda' });
      await confirm(order.id);
      const admin = await issued(order.id);
      const docs = documentsOf(order.orderNumber);
      expect(docs).toHaveLength(1);
      const [doc] = docs;
      expect(doc).toMatchObject({ type: 'InvoiceReceipt', status: 'final', client: { name: 'Joias Lda', fiscal_id: '501964843' } });
      expect(Math.round(Number(doc!.total) * 100)).toBe(order.totalCents);
      // Two pieces of 19,99 € less 15 % (16,99 € each): 39,98 € before discounts, so shipping is free (no line).
      expect(doc!.items.map((item) => [item.quantity, item.discount])).toEqual([['2', '15.007504']]);
      expect(admin.invoice).toMatchObject({ status: 'issued', number: expect.stringMatching(/^FR A\/\d+$/), url: expect.any(String) });
      expect(admin.nif).toBe('501964843');
      const customer = await customerOrderView(order.id, order.accessToken);
      expect(customer.body.order.invoice).toEqual({ number: admin.invoice!.number, status: 'issued', url: admin.invoice!.url });
      const pdf = await fetch(admin.invoice!.url!);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      // The provider mailed it to the customer (the settings' default "enviar a fatura ao cliente").
      expect(doc!.emails).toEqual([(await stored(order.id)).email]);
    },
  );

  it('no NIF is "Consumidor final"; a wrong check digit is refused with the Portuguese message and nif_invalid', async () => {
    const refused = await placeOrder({
      ...(await orderBody([{ productId: (await createProduct({ stock: 5 })).id, quantity: 1 }])),
      nif: '123456788',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'nif_invalid', fields: { nif: validationTexts.customerNif.invalid } });
    const order = await placed();
    await confirm(order.id);
    await issued(order.id);
    expect(documentsOf(order.orderNumber)[0]!.client).toMatchObject({ name: FINAL_CONSUMER, fiscal_id: '' });
  });

  it('five deliveries of the same record, at once and again, and three retries still make one document', async () => {
    const order = await placed();
    await confirm(order.id);
    await Promise.all(Array.from({ length: 5 }, () => handleOrderInvoice(order.id)));
    for (let retry = 0; retry < 3; retry++) await handleOrderInvoice(order.id);
    await issued(order.id);
    expect(documentsOf(order.orderNumber)).toHaveLength(1);
  });

  it('an order cancelled before payment gets nothing', async () => {
    const order = await placed();
    const closed = await callRoute('PATCH /api/admin/orders/{id}', { params: { id: order.id }, body: { status: 'Encerrada' } }, { token });
    expect(closed.status).toBe(200);
    expect(await handleOrderInvoice(order.id)).toBe('nothing');
    expect(documentsOf(order.orderNumber)).toHaveLength(0);
    expect((await adminOrder(order.id)).invoice).toBeUndefined();
  });
});

describe('refunds get credit notes', () => {
  it('a refund of 10,00 € on closing is one credit note of 10,00 € referencing the invoice', async () => {
    const order = await placed();
    await confirm(order.id);
    await issued(order.id);
    const closed = await callRoute(
      'PATCH /api/admin/orders/{id}',
      { params: { id: order.id }, body: { status: 'Encerrada', refundCents: 1000, refundMethod: 'transferencia' } },
      { token },
    );
    expect(closed.status).toBe(200);
    const admin = await until(
      'the credit note',
      () => adminOrder(order.id),
      (o) => (o.invoice?.creditNotes?.length ?? 0) > 0,
      30_000,
    );
    const [invoice, note] = documentsOf(order.orderNumber);
    expect(note).toMatchObject({ type: 'CreditNote', status: 'final', total: '10.00', owner_invoice_id: invoice!.id });
    expect(admin.invoice!.creditNotes).toEqual([
      { number: `NC ${note!.inverted_sequence_number}`, amountCents: 1000, url: note!.permalink },
    ]);
    // The customer's order page lists it too, with its PDF; another order's token gets neither the order nor its documents.
    const customer = await customerOrderView(order.id, order.accessToken);
    expect(customer.body.order.invoice).toEqual({
      number: admin.invoice!.number,
      status: 'issued',
      url: admin.invoice!.url,
      creditNotes: admin.invoice!.creditNotes,
    });
    expect((await fetch(note!.permalink)).headers.get('content-type')).toBe('application/pdf');
    const stranger = await placed();
    const peek = await customerOrderView(order.id, stranger.accessToken);
    expect(peek.status).toBe(403);
    expect(JSON.stringify(peek.body)).not.toContain(note!.permalink);
    expect(JSON.stringify((await customerOrderView(stranger.id, stranger.accessToken)).body)).not.toContain(note!.permalink);
    // The accountant's export names the invoice and its credit note.
    const today = dayKey(new Date());
    const csv = await call<string>('GET', `/api/admin/orders/export?from=${today}&to=${today}&status=Encerrada`, { token });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.split(';'));
    const header = rows.find((cells) => cells.includes('NIF'))!;
    const row = rows.find((cells) => cells[0] === String(order.orderNumber))!;
    const at = header.indexOf('NIF');
    expect(row.slice(at, at + 3)).toEqual(['', admin.invoice!.number, `${admin.invoice!.creditNotes![0]!.number} (10,00)`]);
  });

  it('a full cancel after payment credits the rest: all of it, with the invoice lines', async () => {
    const order = await placed();
    await confirm(order.id);
    await issued(order.id);
    const closed = await callRoute(
      'PATCH /api/admin/orders/{id}',
      { params: { id: order.id }, body: { status: 'Encerrada', refundCents: order.totalCents, refundMethod: 'transferencia' } },
      { token },
    );
    expect(closed.status).toBe(200);
    await until(
      'the credit note',
      () => adminOrder(order.id),
      (o) => (o.invoice?.creditNotes?.length ?? 0) > 0,
      30_000,
    );
    const [invoice, note] = documentsOf(order.orderNumber);
    expect(note!.total).toBe(invoice!.total);
    expect(note!.items.map((item) => item.description)).toEqual(invoice!.items.map((item) => item.description));
  });
});

describe('a full cancel after a partial refund credits the rest', () => {
  /**
   * An order of 34,80 €, 10,00 € given back (its credit note), then the rest, 24,80 €: one more note of
   * 24,80 € on the same invoice, never a second of 34,80 €. The shop gives money back only with a close
   * (`close-refund.ts`) and a closed order never moves again, so no handler records a second refund yet:
   * it is written into the ledger as the close writes a manual one (`ledgerRecords`), and from there on
   * it is the real stream, consumer, adapter and stand-in, which refuses to credit more than is left.
   */
  it(
    "one more credit note of 24,80 € referencing the same invoice, however often the consumer runs; both on the customer's page",
    { timeout: 120_000 },
    async () => {
      const order = await placed({}, { priceCents: 1740, discountPercent: 0, stock: 50 });
      expect(order.totalCents).toBe(3480);
      await confirm(order.id);
      await issued(order.id);
      const closed = await callRoute(
        'PATCH /api/admin/orders/{id}',
        { params: { id: order.id }, body: { status: 'Encerrada', refundCents: 1000, refundMethod: 'transferencia' } },
        { token },
      );
      expect(closed.status).toBe(200);
      await until(
        'the partial credit note',
        () => adminOrder(order.id),
        (o) => (o.invoice?.creditNotes?.length ?? 0) === 1,
        30_000,
      );
      const at = new Date().toISOString();
      const rest = {
        id: `refund:manual:${at}`,
        kind: 'refund',
        method: 'transferencia',
        source: 'owner',
        state: 'refunded',
        amountCents: 2480,
        currency: 'EUR',
        at,
        settledAt: at,
        by: 'admin@example.com',
        reason: 'manual',
      };
      await documentClient().send(
        new UpdateCommand({
          TableName: own.env.TABLE_ORDERS,
          Key: { id: order.id },
          UpdateExpression: 'SET ledgerRecords = list_append(ledgerRecords, :rest)',
          ExpressionAttributeValues: { ':rest': [rest] },
        }),
      );
      // The stream's record, five more deliveries at once and three retries.
      await Promise.all(Array.from({ length: 5 }, () => handleOrderInvoice(order.id)));
      for (let retry = 0; retry < 3; retry++) await handleOrderInvoice(order.id);
      const admin = await until(
        'the credit note of the rest',
        () => adminOrder(order.id),
        (o) => (o.invoice?.creditNotes?.length ?? 0) === 2,
        30_000,
      );
      expect(admin.financialStatus).toBe('refunded');
      const docs = documentsOf(order.orderNumber);
      const invoice = docs.filter((doc) => doc.type === 'InvoiceReceipt');
      const notes = docs.filter((doc) => doc.type === 'CreditNote');
      expect(invoice).toHaveLength(1);
      expect(notes.map((note) => [note.total, note.status, note.owner_invoice_id])).toEqual([
        ['10.00', 'final', invoice[0]!.id],
        ['24.80', 'final', invoice[0]!.id],
      ]);
      expect(notes[1]!.items.map((item) => item.name)).toEqual(['Devolução']);
      expect(admin.invoice!.creditNotes!.map((note) => note.amountCents)).toEqual([1000, 2480]);
      expect((await adminOrder(order.id)).invoice!.reason).toBeUndefined();
      const customer = (await customerOrderView(order.id, order.accessToken)).body.order;
      expect(customer.invoice!.creditNotes).toEqual(
        notes.map((note) => ({
          number: `NC ${note.inverted_sequence_number}`,
          amountCents: Math.round(Number(note.total) * 100),
          url: note.permalink,
        })),
      );
    },
  );
});

describe('the provider down never holds the order', () => {
  it('pending with why, the order shipped meanwhile; issued once after, by the redrive or the owner\'s "Tentar de novo"', async () => {
    const order = await placed();
    own.invoicing.setOutage(true);
    try {
      await confirm(order.id);
      const pending = await until(
        'the pending invoice',
        () => adminOrder(order.id),
        (o) => Boolean(o.invoice?.reason),
        30_000,
      );
      expect(pending.invoice).toMatchObject({ status: 'pending', number: '' });
      expect(pending.invoice!.reason).toMatch(/não respondeu/);
      const shipped = await callRoute('PATCH /api/admin/orders/{id}', { params: { id: order.id }, body: { status: 'Enviado' } }, { token });
      expect(shipped.status).toBe(200);
      // The redrive job before the backoff ends: nothing to wake.
      expect(await redriveDueInvoices(new Date())).toBe(0);
    } finally {
      own.invoicing.setOutage(false);
    }
    // Past the backoff, the redrive job wakes it.
    expect(await redriveDueInvoices(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    await issued(order.id);
    expect(documentsOf(order.orderNumber)).toHaveLength(1);
    expect((await adminOrder(order.id)).invoice!.reason).toBeUndefined();
    const again = await callRoute('POST /api/admin/orders/{id}/invoice', { params: { id: order.id } }, { token });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invoice_not_retryable');
  });
});

describe('invoicing off', () => {
  it('calls nothing and no order says a fatura exists', { timeout: 60_000 }, async () => {
    const settings = (await callRoute('GET /api/admin/settings', {}, { token })).body;
    // (This twin's notifications per hour are above the form's bound: the form's highest.)
    const form = {
      ...settings.settings,
      ownerMailsPerHour: SETTINGS_LIMITS.ownerMailsPerHour.max,
      invoicing: { ...settings.settings.invoicing, enabled: false },
    };
    const off = await callRoute('PUT /api/admin/settings', { body: { version: settings.version, settings: form } }, { token });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // The functions keep the settings they read a few seconds (`SETTINGS_CACHE_SECONDS`), as in the cloud.
    await new Promise((resolve) => setTimeout(resolve, (SETTINGS_CACHE_SECONDS + 1) * 1000));
    const calls = own.invoicing.calls().length;
    const order = await placed();
    await confirm(order.id);
    // The consumer ran (the move is a record it reads) and did nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await handleOrderInvoice(order.id)).toBe('nothing');
    expect(own.invoicing.calls().length).toBe(calls);
    expect((await adminOrder(order.id)).invoice).toBeUndefined();
    expect((await customerOrderView(order.id, order.accessToken)).body.order.invoice).toBeUndefined();
  });
});

describe('"Faturação": the account and API key', () => {
  it('a key the provider refuses keeps nothing; the right one is kept in its secret and never comes back', async () => {
    const refused = await callRoute(
      'PUT /api/admin/settings/invoicing-key',
      { body: { provider: 'invoicexpress', account: own.invoicing.account, apiKey: 'wrong_key_0123456789abcdef' } },
      { token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invoicing_key_refused');
    const saved = await callRoute(
      'PUT /api/admin/settings/invoicing-key',
      { body: { provider: 'invoicexpress', account: own.invoicing.account, apiKey: own.invoicing.apiKey } },
      { token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.key).toMatchObject({ account: own.invoicing.account, hint: own.invoicing.apiKey.slice(-4) });
    const settings = await callRoute('GET /api/admin/settings', {}, { token });
    expect(settings.body.settings.invoicing.key?.hint).toBe(own.invoicing.apiKey.slice(-4));
    expect(JSON.stringify(settings.body)).not.toContain(own.invoicing.apiKey);
  });
});
