/**
 * 600 confirmed back-in-stock requests (three of the outbox's pages, `BACK_IN_STOCK_PAGE`), then the
 * owner's restock of 60 units (at most 10 mails a unit): the save writes one outbox item (not 600), the
 * outbox turns it into 600 e-mails, page after page, each request is marked notified with its mail, and
 * a second restock mails nobody. The restock runs in this worker through a DynamoDB proxy that counts the
 * calls the owner's save makes. How long the save and the mailing take with 2 500 requests is in
 * `npm run bench` (the outbox row): 2 500 here took 53 s of a serial CI run for the same rules.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACK_IN_STOCK_PAGE } from '#lambdas/contracts/outbox-items.ts';
import { changeStock } from '#lambdas/services/admin-stock.ts';
import { createProduct, type SentMail } from '../support/factories.ts';
import { flakyProxy } from '../support/flaky-proxy.ts';
import { outboxDrained } from '../support/outbox.ts';
import { seedConfirmedStockAlert } from '../support/stock-alert-seed.ts';
import { documentClient, twin } from '../support/twin.ts';

const REQUESTS = BACK_IN_STOCK_PAGE * 3;
let proxy: Awaited<ReturnType<typeof flakyProxy>>;

beforeAll(async () => {
  proxy = await flakyProxy(twin().endpoints.dynamodb, () => 'pass');
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.url;
});
afterAll(() => proxy.close());

async function alertStatuses(productId: string): Promise<string[]> {
  const statuses: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_STOCK_ALERTS,
        IndexName: 'byProduct',
        KeyConditionExpression: 'productId = :p',
        ExpressionAttributeValues: { ':p': productId },
        ProjectionExpression: '#s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExclusiveStartKey: start,
      }),
    );
    statuses.push(...(page.Items ?? []).map((item) => String(item.status)));
    start = page.LastEvaluatedKey;
  } while (start);
  return statuses;
}

async function mailsSince(seconds: number, domain: string): Promise<SentMail[]> {
  const store = (await (await fetch(`${twin().endpoints.ses}/store?since=${seconds}`)).json()) as { emails: SentMail[] };
  return store.emails.filter((mail) => mail.destination.to.some((to) => to.endsWith(domain)));
}

async function restock(productId: string, delta: number) {
  const before = proxy.log.length;
  const answer = await changeStock(productId, { delta, reason: 'adjustment' }, { kind: 'admin', email: 'dona@example.com' });
  return { answer, calls: proxy.log.slice(before).map((entry) => entry.operation) };
}

describe(`${REQUESTS} back-in-stock requests, then a restock`, () => {
  it(`the save writes one outbox item; ${REQUESTS} e-mails go out, each request notified once; a second restock mails nobody`, async () => {
    const domain = `@avisos-${randomUUID().slice(0, 8)}.example`;
    const product = await createProduct({ stock: 0, name: 'Colar Muito Esperado' });
    const emails = Array.from({ length: REQUESTS }, (_, i) => `pessoa${i}${domain}`);
    const queue = [...emails];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let email = queue.shift(); email; email = queue.shift())
          await seedConfirmedStockAlert({ email, productId: product.id, productName: product.name });
      }),
    );
    expect((await alertStatuses(product.id)).filter((status) => status === 'pending')).toHaveLength(REQUESTS);
    const since = Math.floor(Date.now() / 1000) - 1;

    // The owner's save: read the product, one transaction (stock, movement, one outbox item). Nothing per request.
    const first = await restock(product.id, REQUESTS / 10);
    expect(first.answer).toMatchObject({ backInStock: true, product: { stock: REQUESTS / 10 } });
    expect(first.calls).toEqual(['GetItem', 'TransactWriteItems']);

    const deadline = Date.now() + 240_000;
    while ((await alertStatuses(product.id)).some((status) => status !== 'notified')) {
      if (Date.now() > deadline) throw new Error('the requests were not all notified in time');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    await outboxDrained(undefined, 60_000).catch(() => undefined);
    const mails = await mailsSince(since, domain);
    expect(mails).toHaveLength(REQUESTS);
    expect(new Set(mails.map((mail) => mail.destination.to[0]))).toEqual(new Set(emails));
    expect(mails.every((mail) => mail.subject === 'Colar Muito Esperado voltou a estar disponível')).toBe(true);

    // Sold out again and back again: every request was notified, so nobody is mailed twice.
    await changeStock(product.id, { set: 0, expected: REQUESTS / 10, reason: 'adjustment' }, { kind: 'admin', email: 'dona@example.com' });
    const again = await restock(product.id, REQUESTS / 10);
    expect(again.answer.backInStock).toBe(true);
    await outboxDrained(emails[0], 60_000);
    expect(await mailsSince(since, domain)).toHaveLength(REQUESTS);
  }, 420_000);
});
