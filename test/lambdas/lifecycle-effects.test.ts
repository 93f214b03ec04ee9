/**
 * The lifecycle owns its effects (docs/design.md §35): every move of `ORDER_TRANSITIONS`, asked through
 * the real handlers (the customer's proof and cancel, the owner's moves, the expiry job), queues exactly
 * the mails its row of `MOVE_EFFECTS` names, and nothing else. The provider's paid move is the webhook's
 * (`payment-webhook.test.ts` and `payments-end-to-end.test.ts` read its two mails).
 */
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { moveEffects, ORDER_TRANSITIONS, ORDER_STATUSES, type MoveCause, type OrderStatus } from '#shared/order-status.ts';
import { expireReservations } from '#lambdas/services/order-lifecycle.ts';
import { createProduct, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { adminIdToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

type Answer = { order: Order; error?: { code: string; fields?: Record<string, string> } };

/** The templates of every mail queued for the order so far (customer's and owner's), sorted. */
async function mailsOf(id: string): Promise<string[]> {
  const templates: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: twin().env.TABLE_OUTBOX,
        FilterExpression: 'contains(id, :order)',
        ExpressionAttributeValues: { ':order': `order#${id}#` },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    // Owner notes are `owner#order#<id>` (no trailing #): matched apart.
    templates.push(...(page.Items ?? []).map((item) => String(item.mail?.template)));
    start = page.LastEvaluatedKey;
  } while (start);
  let ownerStart: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({
        TableName: twin().env.TABLE_OUTBOX,
        FilterExpression: 'begins_with(id, :owner)',
        ExpressionAttributeValues: { ':owner': `owner#order#${id}` },
        ExclusiveStartKey: ownerStart,
        ConsistentRead: true,
      }),
    );
    templates.push(...(page.Items ?? []).map((item) => String(item.mail?.template)));
    ownerStart = page.LastEvaluatedKey;
  } while (ownerStart);
  return templates.filter((template) => template !== 'order-reserved').sort();
}

const patch = async (id: string, body: object) => call<Answer>('PATCH', `/api/admin/orders/${id}`, { token: await adminIdToken(), body });

interface Reserved {
  readonly id: string;
  readonly token: string;
}

async function reserve(): Promise<Reserved> {
  const piece = await createProduct({ stock: 3, priceCents: 2000 });
  const placed = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }], { paymentMethod: 'transferencia' }));
  expect(placed.status).toBe(201);
  return { id: placed.body.order.id, token: placed.body.order.accessToken };
}

/** Each move asked as its cause asks it. */
async function ask(order: Reserved, from: OrderStatus, to: OrderStatus, cause: MoveCause): Promise<void> {
  if (cause === 'customer' && to === 'Confirmar Pagamento') {
    const proofKey = await uploadProof();
    const answer = await callRoute('POST /api/orders/{id}/proof', {
      params: { id: order.id },
      body: { accessToken: order.token, proofKey },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  } else if (cause === 'customer') {
    const answer = await callRoute(
      'POST /api/orders/{id}/cancel',
      { params: { id: order.id } },
      { headers: { 'x-order-token': order.token } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  } else if (cause === 'expiry') {
    const { TABLE_ORDERS } = twin().env;
    await documentClient().send(
      new UpdateCommand({
        TableName: TABLE_ORDERS,
        Key: { id: order.id },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    await expireReservations(new Date());
  } else {
    const body =
      from === 'Aguarda Pagamento' && to === 'Enviar'
        ? { status: to, note: 'pagou ao balcão' }
        : to === 'Encerrada' && !['Aguarda Pagamento', 'Confirmar Pagamento', 'Enviar'].includes(from)
          ? { status: to, restock: true }
          : { status: to };
    const answer = await patch(order.id, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}

/** Walks `path` from a new reservation, checking after each move that the mails added are the table's. */
async function walk(path: readonly (readonly [OrderStatus, MoveCause])[]): Promise<string[]> {
  const order = await reserve();
  let from: OrderStatus = 'Aguarda Pagamento';
  const moves: string[] = [];
  for (const [to, cause] of path) {
    const before = await mailsOf(order.id);
    await ask(order, from, to, cause);
    const expected = [...moveEffects(from, to, cause).mails].sort();
    const added = await mailsOf(order.id);
    for (const template of before) added.splice(added.indexOf(template), 1);
    expect(added, `${from} → ${to} (${cause})`).toEqual(expected);
    moves.push(`${from}>${to}`);
    from = to;
  }
  return moves;
}

describe('every move queues the mails of its row in MOVE_EFFECTS', () => {
  it('covers every transition of the lifecycle', { timeout: 180_000 }, async () => {
    const walked = new Set<string>();
    const paths: (readonly (readonly [OrderStatus, MoveCause])[])[] = [
      [
        ['Confirmar Pagamento', 'customer'],
        ['Enviar', 'owner'],
        ['Enviado', 'owner'],
        ['Concluido', 'owner'],
        ['Encerrada', 'owner'],
      ],
      [
        ['Enviar', 'owner'],
        ['Encerrada', 'owner'],
      ],
      [
        ['Confirmar Pagamento', 'customer'],
        ['Encerrada', 'owner'],
      ],
      [
        ['Enviar', 'owner'],
        ['Enviado', 'owner'],
        ['Encerrada', 'owner'],
      ],
      [['Encerrada', 'customer']],
      [['Encerrada', 'expiry']],
      [['Encerrada', 'owner']],
    ];
    for (const path of paths) for (const move of await walk(path)) walked.add(move);
    const all = ORDER_STATUSES.flatMap((from) => ORDER_TRANSITIONS[from].map((to) => `${from}>${to}`));
    expect([...walked].sort()).toEqual(all.sort());
  });
});
