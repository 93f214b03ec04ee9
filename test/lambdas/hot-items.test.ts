/**
 * Hot items (docs/design.md §3): many orders at the same moment, on a twin that cancels a transaction
 * naming an item another one under way names, as DynamoDB does (`infra/twin/transaction-conflicts.ts`).
 * The dashboard's counters and the MB WAY live counts are spread over shards, so orders of different
 * pieces never wait for each other; one piece's stock stays one item, its orders go through one after
 * another within their retries, and never one unit more than there is. Through the front door, the real
 * handlers and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { COUNTER_SHARDS, countItem, getCounters } from '#lambdas/repositories/counters.ts';
import { shardKeys } from '#lambdas/repositories/shards.ts';
import { writeTransactionRetrying } from '#lambdas/repositories/transactions.ts';
import { installTransactionConflicts, transactionConflicts } from '#infra/twin/transaction-conflicts.ts';
import { nextClientAddress } from '../support/clients.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { twinOfItsOwn } from '../support/own-twin.ts';
import { callRoute, documentClient, twin } from '../support/twin.ts';

// It reads what the whole catalogue holds unpaid, which other files' reservations move: a twin of its own.
twinOfItsOwn();

const AT_ONCE = 20;

/** `count` reservations of one unit each at the same moment, each customer with their own address, e-mail and phone. */
const reserveAtOnce = (productIds: readonly string[]) =>
  Promise.all(
    productIds.map((productId) =>
      callRoute(
        'POST /api/orders',
        {
          body: reservationBody([{ productId, quantity: 1 }], {
            email: `quente.${randomUUID().slice(0, 10)}@example.com`,
            phone: `91${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`,
          }),
        },
        { headers: { 'idempotency-key': randomUUID() }, client: nextClientAddress() },
      ),
    ),
  );
const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
const movementsOf = async (productId: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_STOCK_MOVEMENTS,
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];
const codes = (answers: readonly { status: number; body: { error?: { code: string } } }[]) =>
  answers.map((a) => (a.status === 201 ? 201 : `${a.status} ${a.body.error?.code}`));

describe('hot items', () => {
  it(`${AT_ONCE} reservations at once of ${AT_ONCE} different pieces: all placed (their counters are shards, not one item)`, async () => {
    const pieces = await Promise.all(Array.from({ length: AT_ONCE }, () => createProduct({ stock: 3 })));
    const answers = await reserveAtOnce(pieces.map((piece) => piece.id));
    expect(codes(answers)).toEqual(Array(AT_ONCE).fill(201));
    expect(await Promise.all(pieces.map((piece) => stockOf(piece.id)))).toEqual(Array(AT_ONCE).fill(2));
  });

  it(`${AT_ONCE} reservations at once of one piece with ample stock: all placed in turn, each unit taken once, with its move`, async () => {
    const piece = await createProduct({ stock: 500 });
    const answers = await reserveAtOnce(Array(AT_ONCE).fill(piece.id));
    expect(codes(answers)).toEqual(Array(AT_ONCE).fill(201));
    expect(await stockOf(piece.id)).toBe(500 - AT_ONCE);
    expect((await movementsOf(piece.id)).filter((m) => m.reason === 'reservation')).toHaveLength(AT_ONCE);
  });

  it(`${AT_ONCE} reservations at once for the last 5 units: 5 placed, the others told it is sold out, 0 oversold`, async () => {
    const piece = await createProduct({ stock: 5 });
    const answers = await reserveAtOnce(Array(AT_ONCE).fill(piece.id));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.error?.code}`)).toEqual(
      Array(AT_ONCE - 5).fill('409 out_of_stock'),
    );
    expect(await stockOf(piece.id)).toBe(0);
    expect((await movementsOf(piece.id)).filter((m) => m.reason === 'reservation')).toHaveLength(5);
  });

  it(`a counter ${AT_ONCE} transactions add to at once under DynamoDB conflicts: every change counted, over its shards`, async () => {
    // This worker's own client meets the conflicts too (the twin's are in its own process).
    installTransactionConflicts();
    const before = transactionConflicts();
    const [name, units] = [`teste#${randomUUID()}`, `teste#${randomUUID()}`];
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () => writeTransactionRetrying([countItem(name, 1), countItem(units, 3)], randomUUID())),
    );
    expect(results.filter((result) => !result.written)).toEqual([]);
    expect(await getCounters([name, units])).toEqual({ [name]: AT_ONCE, [units]: 3 * AT_ONCE });
    const shards = await Promise.all(
      shardKeys(name, COUNTER_SHARDS).map(
        async (key) => (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_COUNTERS, Key: { name: key } }))).Item,
      ),
    );
    expect(shards.filter(Boolean).length).toBeGreaterThan(1);
    // The conflicts happened (all at once on 8 items) and were tried again.
    expect(transactionConflicts()).toBeGreaterThan(before);
  });
});
