/**
 * Gift orders (docs/gifts.md) through the real handlers and services, on a twin of this file's own (the
 * wrap setting must not reach the other files' checkouts): a wrap the shop does not offer and a message
 * over 200 characters are refused in Portuguese and reserve nothing; with the wrap switched on in
 * "Definições", a gift order with a message and the wrap costs the wrap on every view (the answer, the
 * customer's page, the owner's order and list, the invoice's lines, the mail, the CSV); the wrap keeps
 * its price of the reservation; it does not count toward free shipping; the gift slip has the message
 * (escaped) and no price.
 */
import { randomUUID } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { csvMoney } from '#shared/csv.ts';
import { dayKey } from '#shared/dates.ts';
import { invoiceLines, linesTotalCents } from '#shared/invoices.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { GiftSlip } from '#web/ui/admin/gift-slip.tsx';
import { createProduct, customerOrderView, mailsTo, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { EVIL_IMG, EVIL_LINK } from '../support/mail.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { adminToken, call } from '../support/twin.ts';
import { clientFetch } from '../support/clients.ts';
import { twin } from '../support/twin.ts';

twinOfItsOwn();

const admin = async (method: string, path: string, body?: unknown) => call(method, path, { token: await adminToken(), body });

/** Saves the wrap setting as the settings screen does (the whole record over the version loaded). */
async function saveWrap(giftWrap: unknown) {
  const loaded = await admin('GET', '/api/admin/settings');
  const { automaticPayments, invoicing, ...rest } = loaded.body.settings;
  const { keys: _keys, ...switches } = automaticPayments;
  const { key: _key, enabledAt: _at, ...invoicingForm } = invoicing;
  // The test twin sends the owner every mail (a figure over the form's maximum): the screen's value.
  const ownerMailsPerHour = Math.min(rest.ownerMailsPerHour, 100);
  return admin('PUT', '/api/admin/settings', {
    version: loaded.body.version,
    settings: { ...rest, ownerMailsPerHour, automaticPayments: switches, invoicing: invoicingForm, giftWrap },
  });
}

const stockOf = async (id: string) => (await call('GET', `/api/products/${id}`)).body.product.stock as number;

/** The hostile card: markup, a link, an image that runs code, a line break and a bell (a control character). */
const HOSTILE_MESSAGE = `Parabéns, Rita! <script>alert(1)</script> ${EVIL_LINK}\n${EVIL_IMG}\u0007`;

describe.sequential('gift orders', () => {
  it('a wrap the shop does not offer is refused on gift.wrap in Portuguese, reserves nothing; the checkout offers none', async () => {
    expect((await call('GET', '/api/payment-methods')).body.giftWrapCents).toBeUndefined();
    const piece = await createProduct({ priceCents: 2000, stock: 4 });
    const refused = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }]),
      gift: { message: 'Para ti', wrap: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('gift_wrap_unavailable');
    expect(refused.body.error.fields).toEqual({ 'gift.wrap': giftTexts.wrapNotOffered });
    expect(refused.body.error.message).toBe(
      'De momento a loja não faz embrulhos de oferta. Desmarca o embrulho: a mensagem do cartão continua a ir com a encomenda.',
    );
    expect(await stockOf(piece.id)).toBe(4);
    // A gift without the wrap is an order like any other, with its message.
    const placed = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), gift: { message: 'Para ti' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.gift).toEqual({ message: 'Para ti', wrap: false, wrapCents: 0 });
    expect(placed.body.order.totalCents).toBe(2300);
  });

  it('a message over 200 characters is refused in Portuguese; control characters are stripped, line breaks kept', async () => {
    const piece = await createProduct({ priceCents: 2000, stock: 4 });
    const long = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), gift: { message: 'a'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ 'gift.message': giftTexts.messageTooLong });
    expect(giftTexts.messageTooLong).toBe('A mensagem do cartão pode ter no máximo 200 caracteres. Encurta-a um pouco.');
    expect(await stockOf(piece.id)).toBe(4);
    const exact = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }]),
      gift: { message: `${'b'.repeat(199)}\u202E\u0007c` },
    });
    expect(exact.status, JSON.stringify(exact.body)).toBe(201);
    expect(exact.body.order.gift!.message).toBe(`${'b'.repeat(199)}c`);
    const badShape = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), gift: { wrap: 'sim' } } as never);
    expect(badShape.status).toBe(400);
    expect(badShape.body.error.fields).toEqual({ 'gift.wrap': giftTexts.giftInvalid });
  });

  it('"Definições" takes a wrap price in cents from 0 to 100 €, refuses others in Portuguese', async () => {
    const tooDear = await saveWrap({ offered: true, priceCents: 10_001 });
    expect(tooDear.status).toBe(400);
    expect(tooDear.body.error.fields).toEqual({ 'settings.giftWrap.priceCents': giftTexts.wrapPriceInvalid });
    const fractional = await saveWrap({ offered: true, priceCents: 2.5 });
    expect(fractional.status).toBe(400);
    const saved = await saveWrap({ offered: true, priceCents: 250 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.giftWrap).toEqual({ offered: true, priceCents: 250 });
    expect(saved.body.history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'giftWrap.offered', from: false, to: true },
        { field: 'giftWrap.priceCents', from: 0, to: 250 },
      ]),
    );
    expect((await call('GET', '/api/payment-methods')).body.giftWrapCents).toBe(250);
  });

  it('a gift order with a message and the wrap: the wrap is in the total on every view, at its price of the reservation', async () => {
    const piece = await createProduct({ priceCents: 2000, stock: 5, name: 'Colar Oferta' });
    const body = { ...(await orderBody([{ productId: piece.id, quantity: 1 }])), gift: { message: HOSTILE_MESSAGE, wrap: true } };
    const placed = await placeOrder(body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const stored = HOSTILE_MESSAGE.replace('\u0007', '');
    // 2000 of goods (below 30 €: shipping 3,00 €) + 2,50 € of wrap.
    expect(placed.body.order).toMatchObject({
      subtotalCents: 2000,
      shippingCents: 300,
      totalCents: 2550,
      gift: { message: stored, wrap: true, wrapCents: 250 },
    });

    // The owner raises the price: the order keeps the one it was reserved at.
    expect((await saveWrap({ offered: true, priceCents: 400 })).status).toBe(200);

    const mine = await customerOrderView(placed.body.order.id, placed.body.order.accessToken);
    expect(mine.body.order).toMatchObject({ totalCents: 2550, gift: { message: stored, wrap: true, wrapCents: 250 } });

    const detail = await admin('GET', `/api/admin/orders/${placed.body.order.id}`);
    const order = detail.body.order as Order;
    expect(order).toMatchObject({ totalCents: 2550, gift: { wrap: true, wrapCents: 250 } });
    const list = await admin('GET', '/api/admin/orders?limit=100');
    expect(list.body.orders.find((row: { id: string }) => row.id === order.id)).toMatchObject({ totalCents: 2550, gift: { wrap: true } });

    // The invoice: the wrap is a line of its own, and the lines add up to the order's total.
    const lines = invoiceLines(order);
    expect(lines.at(-1)).toMatchObject({ kind: 'gift-wrap', name: 'Embrulho de oferta', quantity: 1, grossCents: 250 });
    expect(linesTotalCents(lines)).toBe(order.totalCents);

    // The order mail: the wrap among the totals, the message escaped in the HTML part.
    const [mail] = await mailsTo(body.shipping.email);
    expect(mail!.body.text).toContain('Embrulho de oferta: 2,50 €');
    expect(mail!.body.text).toContain('Total: 25,50 €');
    expect(mail!.body.text).toContain('Mensagem do cartão: Parabéns, Rita! <script>alert(1)</script>');
    expect(mail!.body.html).toMatch(/Embrulho de oferta<\/td><td [^>]*>2,50 €/);
    expect(mail!.body.html).toContain('Parabéns, Rita! &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.body.html).not.toContain('<script>');
    expect(mail!.body.html).not.toContain('<img src=x');
    expect(mail!.body.html).not.toContain('href="https://evil.example"');

    // The accountant's CSV: "Oferta" and "Embrulho (€)", the total with the wrap.
    const today = dayKey(new Date());
    const csv = await clientFetch(`${twin().url}/api/admin/orders/export?from=${today}&to=${today}&status=Confirmar%20Pagamento`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    const rows = (await csv.text())
      .slice(1)
      .split('\r\n')
      .map((line) => line.split(';'));
    const header = rows[0]!;
    const row = rows.find((cells) => cells[0] === String(order.orderNumber))!;
    expect([row[header.indexOf('Oferta')], row[header.indexOf('Embrulho (€)')], row[header.indexOf('Total')]]).toEqual([
      'Sim',
      csvMoney(250),
      csvMoney(2550),
    ]);
  });

  it('the wrap does not count toward free shipping: 29,00 € of goods and a 4,00 € wrap still pay shipping', async () => {
    const piece = await createProduct({ priceCents: 2900, stock: 2 });
    const placed = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), gift: { wrap: true } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order).toMatchObject({
      subtotalCents: 2900,
      shippingCents: 300,
      totalCents: 2900 + 300 + 400,
      gift: { message: '', wrap: true, wrapCents: 400 },
    });
  });

  it('a code and the wrap on one order: the code takes its share of the pieces only, the wrap adds its price; views agree', async () => {
    // 10 % off two pieces of 17,40 € (the 34,80 € cart of docs/discount-codes.md), the wrap at 4,00 €.
    const code = `PRENDA${randomUUID()
      .replaceAll('-', '')
      .slice(0, 6)
      .toUpperCase()
      .replace(/[O0I1]/g, 'X')}`;
    expect((await admin('POST', '/api/admin/discount-codes', { code, type: 'percent', percent: 10, active: true })).status).toBe(201);
    const piece = await createProduct({ priceCents: 1740, stock: 4, name: 'Brincos Prenda' });
    const body = {
      ...(await orderBody([{ productId: piece.id, quantity: 2 }])),
      discountCode: code,
      gift: { message: 'Para a Rita', wrap: true },
    };
    const placed = await placeOrder(body);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // 3 480 of goods (free shipping from 30,00 € is judged before any discount) − 348 of the code + 400 of wrap.
    const expected = {
      subtotalCents: 3480,
      shippingCents: 0,
      totalCents: 3480 - 348 + 400,
      discount: { code, amountCents: 348 },
      gift: { wrap: true, wrapCents: 400 },
    };
    expect(placed.body.order).toMatchObject(expected);
    const mine = await customerOrderView(placed.body.order.id, placed.body.order.accessToken);
    expect(mine.body.order).toMatchObject(expected);
    const order = (await admin('GET', `/api/admin/orders/${placed.body.order.id}`)).body.order as Order;
    expect(order).toMatchObject(expected);
    // The invoice: the pieces less the code's share, the wrap a line of its own, the sum the order's total.
    const lines = invoiceLines(order);
    expect(lines.at(-1)).toMatchObject({ kind: 'gift-wrap', grossCents: 400 });
    expect(lines.filter((line) => line.kind === 'piece').reduce((sum, line) => sum + line.grossCents, 0)).toBe(3480 - 348);
    expect(linesTotalCents(lines)).toBe(3532);
    // The customer's mail says the same total.
    await expect.poll(async () => (await mailsTo(body.shipping.email)).length).toBeGreaterThan(0);
    const [mail] = await mailsTo(body.shipping.email);
    expect(mail!.body.text).toContain('35,32');
  });

  it('the gift slip carries the message, escaped, and no price at all; an order that is not a gift has none', async () => {
    const piece = await createProduct({ priceCents: 1999, stock: 2, name: 'Anel Presente' });
    const placed = await placeOrder({
      ...reservationBody([{ productId: piece.id, quantity: 1 }]),
      gift: { message: HOSTILE_MESSAGE, wrap: true },
    });
    const order = (await admin('GET', `/api/admin/orders/${placed.body.order.id}`)).body.order as Order;
    const slip = renderToStaticMarkup(createElement(GiftSlip, { order, shown: true }));
    expect(slip).toContain('Anel Presente');
    expect(slip).toContain(giftTexts.slipTitle(order.orderNumber));
    expect(slip).toContain('Parabéns, Rita! &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(slip).not.toContain('<script>');
    expect(slip).not.toContain('<img');
    expect(slip).not.toMatch(/€|\d+,\d\d/);
    expect(slip).not.toContain('19,99');
    const plain = (await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))).body.order;
    const plainOrder = (await admin('GET', `/api/admin/orders/${plain.id}`)).body.order as Order;
    expect(plainOrder.gift).toBeUndefined();
    expect(renderToStaticMarkup(createElement(GiftSlip, { order: plainOrder, shown: true }))).toBe('');
  });

  it('the wrap switched off again: a wrap is refused, the checkout no longer offers it', async () => {
    expect((await saveWrap({ offered: false, priceCents: 400 })).status).toBe(200);
    expect((await call('GET', '/api/payment-methods')).body.giftWrapCents).toBeUndefined();
    const piece = await createProduct({ priceCents: 2000, stock: 2 });
    const refused = await placeOrder({ ...reservationBody([{ productId: piece.id, quantity: 1 }]), gift: { wrap: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ 'gift.wrap': giftTexts.wrapNotOffered });
  });
});
