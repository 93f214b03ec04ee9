/**
 * The back-office finds an order by what the owner remembers: part of the customer's
 * name, e-mail or phone, or the order number; the search reads one term's items and those orders,
 * never the whole table. Through the real handler and DynamoDB Local, among 2 000 orders.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderSummary } from '#shared/api.ts';
import { adminTexts, validationTexts } from '#shared/messages/index.ts';
import { messageCustomerRef, orderCustomerRef } from '#shared/customer-ref.ts';
import { ORDER_NUMBER_MAX } from '#shared/order-status.ts';
import { ORDER_LISTING } from '#lambdas/repositories/orders.ts';
import { putOrderSearchTerms } from '#lambdas/repositories/order-search.ts';
import { ddb } from '#lambdas/repositories/dynamodb-client.ts';
import { ordersPage } from '#lambdas/services/admin-orders.ts';
import { createProduct, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { adminToken, call, documentClient, twin } from '../support/twin.ts';

const search = async (q: string, extra = '') =>
  call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}${extra}`, { token: await adminToken() });
const numbers = (body: { orders: OrderSummary[] }) => body.orders.map((order) => order.orderNumber);

/** 2 000 stored orders of other customers (written directly, with their search terms, as the reservation writes them). */
async function crowd(count: number, base: number): Promise<void> {
  const now = Date.now();
  const orders: Order[] = Array.from({ length: count }, (_, i) => ({
    id: String(base + i),
    orderNumber: base + i,
    status: 'Confirmar Pagamento',
    createdAt: new Date(now - (i + 1) * 60_000).toISOString(),
    timestamp: Math.floor((now - (i + 1) * 60_000) / 1000),
    email: `ana.costa${i}@example.com`,
    firstName: 'Ana',
    lastName: i % 2 ? 'Costa' : 'Silva',
    country: 'Portugal',
    address: 'Rua A, 1',
    city: 'Porto',
    postalCode: '4000-001',
    phone: `91${String(1_000_000 + i).padStart(7, '0')}`,
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    lines: [],
    subtotalCents: 1000,
    discountCents: 0,
    shippingCents: 300,
    totalCents: 1300,
    emails: [],
    timeline: [],
  }));
  for (let i = 0; i < orders.length; i += 25) {
    await documentClient().send(
      new BatchWriteCommand({
        RequestItems: {
          [twin().env.TABLE_ORDERS!]: orders
            .slice(i, i + 25)
            .map((order) => ({ PutRequest: { Item: { ...order, listing: ORDER_LISTING, accessTokenHash: '0'.repeat(64) } } })),
        },
      }),
    );
  }
  await putOrderSearchTerms(orders);
}

let target: { id: string; orderNumber: number; email: string };
const tag = randomUUID().replace(/\D/g, '').slice(0, 3).padEnd(3, '7');

beforeAll(async () => {
  // Above the 6-digit numbers real orders get: the crowd's direct writes never overwrite an order
  // another file placed meanwhile (which would then be listed under two search refs).
  await crowd(2000, ORDER_NUMBER_MAX + 1 + Math.floor(Math.random() * 500) * 2000);
  const piece = await createProduct({ stock: 5 });
  const placed = await placeOrder(
    reservationBody([{ productId: piece.id, quantity: 1 }], {
      firstName: 'Maria da Conceição',
      lastName: `Zulmira${tag}`,
      email: `m.zulmira${tag}@exemplo.pt`,
      phone: `(+351) 936-${tag}-888`,
    }),
  );
  expect(placed.status).toBe(201);
  target = placed.body.order;
}, 120_000);

describe('GET /api/admin/orders?q=: search by name, e-mail, phone or number', () => {
  it('finds the order by part of the name (accents or not), of the e-mail, of the phone, and by its number', async () => {
    for (const q of [
      `zulmira${tag}`,
      `Conceição zulm`,
      `conceicao ZULMIRA${tag}`,
      `m.zulmira${tag}@exe`,
      `936 ${tag} 888`,
      `936${tag}`,
      String(target.orderNumber),
    ]) {
      const answer = await search(q);
      expect(answer.status, q).toBe(200);
      expect(numbers(answer.body), q).toContain(target.orderNumber);
    }
  });

  it('keeps only orders matching every word and the chosen status; no match is an empty list, not an error', async () => {
    expect(numbers((await search(`maria zulmira${tag}`)).body)).toEqual([target.orderNumber]);
    expect(numbers((await search(`joana zulmira${tag}`)).body)).toEqual([]);
    expect(numbers((await search(`zulmira${tag}`, '&status=Aguarda%20Pagamento')).body)).toEqual([target.orderNumber]);
    const none = await search(`zulmira${tag}`, '&status=Enviado');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ orders: [] });
  });

  it('pages through many matches newest first, each order once', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const answer = await call('GET', `/api/admin/orders?q=costa&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
        token: await adminToken(),
      });
      expect(answer.status).toBe(200);
      seen.push(...numbers(answer.body));
      cursor = answer.body.nextCursor;
      pages++;
    } while (cursor && pages < 30);
    expect(seen.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('reads one term and the orders found, never the whole table', async () => {
    const commands: { name: string; scanned?: number }[] = [];
    ddb().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        commands.push({ name: context.commandName ?? '?', scanned: (result.output as { ScannedCount?: number }).ScannedCount });
        return result;
      },
      { step: 'initialize', name: 'countReads' },
    );
    try {
      const page = await ordersPage({ q: `zulmira${tag}` });
      expect(page.orders.map((order) => order.orderNumber)).toEqual([target.orderNumber]);
    } finally {
      ddb().middlewareStack.remove('countReads');
    }
    expect(commands.map((c) => c.name)).toEqual(['QueryCommand', 'BatchGetItemCommand']);
    expect(commands[0]!.scanned).toBe(1);
  });

  it('refuses a search with nothing to look for, or too long, in Portuguese', async () => {
    for (const q of ['a', '12', '<>', 'x'.repeat(61)]) {
      const answer = await search(q);
      expect(answer.status, q).toBe(400);
      expect(answer.body.error.fields.q).toBe(validationTexts.pageQuery.search);
    }
    const hostile = await search('<script>alert(1)</script>');
    expect(hostile.status).toBe(200);
    expect(hostile.body.orders).toEqual([]);
    // A cursor of one search is refused by another.
    const first = await call('GET', '/api/admin/orders?q=costa&limit=1', { token: await adminToken() });
    const other = await call('GET', `/api/admin/orders?q=silva&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`, {
      token: await adminToken(),
    });
    expect(other.status).toBe(400);
  });
});

describe('GET /api/admin/customers/{ref}: one customer, by the e-mail of one of their records, never the e-mail in the address', () => {
  it('shows every order and contact message of the address (any case), newest first, with totals; another customer: none', async () => {
    const email = `Cliente.${randomUUID().slice(0, 8)}@Exemplo.pt`;
    const piece = await createProduct({ stock: 10, priceCents: 2000 });
    const first = await placeOrder(
      reservationBody([{ productId: piece.id, quantity: 1 }], { email, firstName: 'Rosa', lastName: 'Mota', phone: '913 000 111' }),
    );
    const second = await placeOrder(
      reservationBody([{ productId: piece.id, quantity: 2 }], { email: email.toLowerCase(), firstName: 'Rosa', lastName: 'Mota Silva' }),
    );
    const other = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect([first.status, second.status, other.status]).toEqual([201, 201, 201]);
    const token = await adminToken();
    // The second is paid and confirmed: it counts in the paid total.
    const proof = await uploadProof();
    expect(
      (
        await call('POST', `/api/orders/${second.body.order.id}/proof`, {
          body: { accessToken: second.body.order.accessToken, proofKey: proof },
        })
      ).status,
    ).toBe(200);
    expect((await call('PATCH', `/api/admin/orders/${second.body.order.id}`, { token, body: { status: 'Enviar' } })).status).toBe(200);
    const message = await call('POST', '/api/contact-messages', {
      body: { name: 'Rosa Mota', email: email.toUpperCase(), phone: '913000111', subject: 'Tamanho do anel', message: 'Olá!' },
    });
    expect(message.status).toBe(201);

    const view = await call('GET', `/api/admin/customers/${orderCustomerRef(first.body.order.id)}`, { token });
    expect(view.status).toBe(200);
    const customer = view.body.customer;
    // The same customer through their contact message's reference (the message stays unread).
    const byMessage = await call('GET', `/api/admin/customers/${messageCustomerRef(message.body.id)}`, { token });
    expect(byMessage.body.customer).toEqual(customer);
    expect(customer.email).toBe(email.toLowerCase());
    expect(customer.orders.map((o: OrderSummary) => o.orderNumber)).toEqual([second.body.order.orderNumber, first.body.order.orderNumber]);
    expect(customer.messages.map((m: { id: string; subject: string }) => [m.id, m.subject])).toEqual([
      [message.body.id, 'Tamanho do anel'],
    ]);
    expect(customer.totals).toEqual({ orders: 2, paidOrders: 1, paidCents: second.body.order.totalCents });
    expect(customer.name).toBe('Rosa Mota');
    // Opening the view does not mark the message read.
    expect(customer.messages[0].read).toBe(false);

    // An order or message that does not exist: 404 in Portuguese.
    const nobody = await call('GET', `/api/admin/customers/${messageCustomerRef(randomUUID())}`, { token });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error).toMatchObject({ code: 'customer_not_found', message: adminTexts.customerGone });
  });

  it('refuses an e-mail (or anything else that is no reference) in the address in Portuguese, and anyone who is not an admin', async () => {
    const token = await adminToken();
    for (const given of ['ana%40exemplo.pt', 'ana@exemplo.pt', encodeURIComponent('<script>'), 'e12345', 'mnot-a-uuid']) {
      const bad = await call('GET', `/api/admin/customers/${given}`, { token });
      expect(bad.status, given).toBe(400);
      expect(bad.body.error).toMatchObject({ code: 'invalid_customer_ref', message: adminTexts.customerRefInvalid });
    }
    expect((await call('GET', '/api/admin/customers/e123456')).status).toBe(401);
  });
});
