/**
 * The twin is as strict as AWS (docs/design.md §24): a handler runs as its own function, seeing only the
 * environment and reaching only the actions its row grants; the gateway answers like API Gateway
 * where API Gateway answers by itself. A gateway of the twin's own code with test rows, in front of the
 * real handlers and DynamoDB Local.
 */
import http from 'node:http';
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_READ } from '#lambdas/route-grants.ts';
import type { Route } from '#lambdas/routes.ts';
import { createGateway } from '#infra/twin/gateway.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { ORDER_LINK_ENV, ORIGIN_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { paymentProvider } from '#lambdas/services/payment-gateway.ts';
import { ddb } from '#lambdas/repositories/dynamodb-client.ts';
import { readSecret, readSecretJson } from '#lambdas/repositories/secrets.ts';
import { uploadProof } from '../support/factories.ts';
import { call, documentClient, twin } from '../support/twin.ts';

const products = (grants: Route['grants'], extra: Partial<Route> = {}): Route =>
  ({ method: 'GET', path: '/api/products', handler: 'products/list', access: 'public', grants, ...extra }) as Route;

let server: http.Server;
let base: string;
const rows: Route[] = [];

beforeAll(async () => {
  const jwks = await (await fetch(`${twin().issuer}/.well-known/jwks.json`)).json();
  const gateway = createGateway({ issuer: twin().issuer, clientId: twin().clientId, jwks, routes: rows });
  server = http.createServer((req, res) => void gateway(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const asCloudFront = () => ({ 'x-origin-verify': twin().originSecret });

async function withRows<T>(routes: Route[], work: () => Promise<T>): Promise<T> {
  rows.splice(0, rows.length, ...routes);
  return work();
}

describe('each handler runs as its own function', () => {
  it("the order-link key's secret is named only to a function whose row grants it, read only by it (as IAM's GetSecretValue)", async () => {
    const arn = twin().env[ORDER_LINK_ENV.secretArn]!;
    expect(arn).toMatch(/^arn:aws:secretsmanager:/);
    const arnIn = (grants: Route['grants']) =>
      asFunction({ name: 'test', grants, api: true }, async () => process.env[ORDER_LINK_ENV.secretArn]);
    expect(await arnIn([{ table: 'orders', access: 'readWrite' }, { mail: true }])).toBeUndefined();
    expect(await arnIn([{ orderLinks: true }])).toBe(arn);
    const readAs = (grants: Route['grants'], api: boolean, id: string) => asFunction({ name: 'test', grants, api }, () => readSecret(id));
    expect((await readAs([{ orderLinks: true }], true, arn)).current).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // Naming the ARN without the grant: refused, even once another function has it in memory.
    await expect(readAs([{ table: 'orders', access: 'readWrite' }], true, arn)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    // The origin secret: every API function, no job.
    const origin = twin().env[ORIGIN_ENV.secretArn]!;
    expect((await readAs([], true, origin)).current).toBe(twin().originSecret);
    await expect(readAs([{ orderLinks: true }], false, origin)).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it("the payment provider's keys: named and read only by a function whose row grants paymentKeys (docs/design.md §34)", async () => {
    const arn = twin().env[PAYMENT_KEYS_ENV.secretArn]!;
    expect(arn).toMatch(/^arn:aws:secretsmanager:/);
    const as = <T>(grants: Route['grants'], work: () => Promise<T>) => asFunction({ name: 'test', grants, api: true }, work);
    const without: Route['grants'] = [{ table: 'orders', access: 'readWrite' }, { orderLinks: true }];
    expect(await as(without, async () => [process.env[PAYMENT_KEYS_ENV.secretArn], process.env[PAYMENT_KEYS_ENV.endpoint]])).toEqual([
      undefined,
      undefined,
    ]);
    // Naming the ARN without the grant: refused as IAM refuses it; the factory finds no ARN at all.
    await expect(as(without, () => readSecretJson(arn))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(as(without, () => paymentProvider())).rejects.toThrow(PAYMENT_KEYS_ENV.secretArn);
    // With it: the twin's keys, and the adapter's harmless call answered by the local provider.
    const provider = await as([{ paymentKeys: true }], () => paymentProvider());
    expect(provider?.name).toBe('stripe');
    await expect(as([{ paymentKeys: true }], () => provider!.checkCredentials())).resolves.toBeUndefined();
  });

  it('a handler whose row lacks the order-link grant or counters cannot sign or price a challenge (500, as in the cloud)', async () => {
    const challenge = (grants: Route['grants']): Route =>
      ({ method: 'GET', path: '/api/challenge', handler: 'challenge/get', access: 'public', grants }) as Route;
    const jwks = await (await fetch(`${twin().issuer}/.well-known/jwks.json`)).json();
    const answers: Record<string, number> = {};
    for (const [name, grants] of Object.entries({
      without: [SETTINGS_READ],
      withoutCounters: [SETTINGS_READ, { orderLinks: true }],
      with: [SETTINGS_READ, { orderLinks: true }, { table: 'counters', access: 'read' }],
    } as Record<string, Route['grants']>)) {
      const gateway = createGateway({ issuer: twin().issuer, clientId: twin().clientId, jwks, routes: [challenge(grants)] });
      const s = http.createServer((req, res) => void gateway(req, res));
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
      answers[name] = (
        await call('GET', '/api/challenge', { base: `http://127.0.0.1:${(s.address() as { port: number }).port}`, headers: asCloudFront() })
      ).status;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    expect(answers).toEqual({ without: 500, withoutCounters: 500, with: 200 });
  });

  it('with its grant, the catalogue answers', async () => {
    // The gateway compiles its rows when created: one gateway per case below.
    const jwks = await (await fetch(`${twin().issuer}/.well-known/jwks.json`)).json();
    const ok = createGateway({
      issuer: twin().issuer,
      clientId: twin().clientId,
      jwks,
      routes: [products([{ table: 'products', access: 'read' }])],
    });
    const other = createGateway({
      issuer: twin().issuer,
      clientId: twin().clientId,
      jwks,
      routes: [products([{ table: 'collections', access: 'read' }])],
    });
    const writeOnly = createGateway({
      issuer: twin().issuer,
      clientId: twin().clientId,
      jwks,
      routes: [products([{ table: 'products', access: 'write' }])],
    });
    const answers: Record<string, number> = {};
    // The refused ones first: a warm catalogue function may answer the next call from its memory.
    for (const [name, gateway] of Object.entries({ other, writeOnly, ok })) {
      const s = http.createServer((req, res) => void gateway(req, res));
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
      const answer = await call('GET', '/api/products', {
        base: `http://127.0.0.1:${(s.address() as { port: number }).port}`,
        headers: asCloudFront(),
      });
      answers[name] = answer.status;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    // Without the products table in its row the function has no TABLE_PRODUCTS (fails, as in AWS);
    // with the table granted for writing only, IAM refuses the read.
    expect(answers).toEqual({ ok: 200, other: 500, writeOnly: 500 });
  });

  it("a write grant deletes nothing: DeleteItem, a transaction's Delete, BatchWriteItem need the row's `delete`, as in IAM", async () => {
    const table = process.env.TABLE_IDEMPOTENCY!;
    const key = { id: `strict-${Date.now()}` };
    // The shop's own client, which the twin watches as IAM would (the tests' client is not a function's).
    const run = (grants: Route['grants'], command: () => Promise<unknown>) =>
      asFunction({ name: 'test', grants, api: true }, command).then(
        () => 'ok',
        (error: Error) => error.name,
      );
    const writeOnly: Route['grants'] = [{ table: 'idempotency', access: 'readWrite' }];
    const withDelete: Route['grants'] = [{ table: 'idempotency', access: 'readWrite', delete: true }];
    expect(await run(writeOnly, () => ddb().send(new PutCommand({ TableName: table, Item: key })))).toBe('ok');
    expect(await run(writeOnly, () => ddb().send(new DeleteCommand({ TableName: table, Key: key })))).toBe('AccessDeniedException');
    expect(
      await run(writeOnly, () => ddb().send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: table, Key: key } }] }))),
    ).toBe('AccessDeniedException');
    expect(
      await run(writeOnly, () => ddb().send(new BatchWriteCommand({ RequestItems: { [table]: [{ DeleteRequest: { Key: key } }] } }))),
    ).toBe('AccessDeniedException');
    expect((await documentClient().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item).toEqual(key);
    expect(await run(withDelete, () => ddb().send(new DeleteCommand({ TableName: table, Key: key })))).toBe('ok');
    expect((await documentClient().send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item).toBeUndefined();
  });
});

describe('what API Gateway answers by itself', () => {
  it('throttles a route like the stage: past the burst, 429 {"message":"Too Many Requests"}', async () => {
    await withRows([], async () => undefined);
    const jwks = await (await fetch(`${twin().issuer}/.well-known/jwks.json`)).json();
    const gateway = createGateway({
      issuer: twin().issuer,
      clientId: twin().clientId,
      jwks,
      routes: [products([{ table: 'products', access: 'read' }], { throttle: { rateLimit: 1, burstLimit: 3 } })],
    });
    const s = http.createServer((req, res) => void gateway(req, res));
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(s.address() as { port: number }).port}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('GET', '/api/products', { base: url, headers: asCloudFront() })),
    );
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled).toHaveLength(3);
    expect(throttled[0]!.body).toEqual({ message: 'Too Many Requests' });
  });

  it('a body over 10 MB → 413 {"message":"Request Entity Too Large"}, before any function runs', async () => {
    const { status, body } = await call('POST', '/api/contact-messages', {
      raw: 'x'.repeat(10 * 1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'Request Entity Too Large' });
  });

  it('an unknown route → 404 {"message":"Not Found"}', async () => {
    expect((await call('GET', `${base}/api/nada`.replace(base, ''), {})).body).toEqual({ message: 'Not Found' });
  });
});

describe('the front door refuses what CloudFront would', () => {
  it('encoded traversal out of /images/ never reaches another bucket or prefix: never the file, never a 500', async () => {
    const key = await uploadProof();
    for (const path of [
      `/images/..%2F..%2Fjoias-uploads%2F${encodeURIComponent(key)}`,
      `/images/..%2f..%2fjoias-uploads/${key}`,
      `/images/seed/..%2F..%2F..%2Fjoias-uploads%2F${encodeURIComponent(key)}`,
      `/images/%5c..%5c..%5cjoias-uploads%5c${encodeURIComponent(key)}`,
    ]) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(404);
      expect(String(answer.body), path).toMatch(/Esta página não existe/);
    }
    // Dot segments the URL itself resolves (as CloudFront does) leave /images/ altogether: the shop's
    // own page, never the proof.
    const resolved = await call('GET', `/images/%2e%2e/%2e%2e/joias-uploads/${key}`);
    expect(resolved.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(resolved.body)).not.toContain('PNG');
  });

  it('a malformed address (/%E0) → 400 with a page in Portuguese', async () => {
    for (const path of ['/%E0', '/product/%E0%A4%A', '/images/%E0']) {
      const answer = await call('GET', path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(String(answer.body)).toMatch(/lang="pt-PT"/);
    }
    expect((await call('GET', '/%E0')).status).toBe(400);
  });

  it('static traversal (/..%2F..%2Fpackage.json) → 400, never a file outside the built shop', async () => {
    const answer = await call('GET', '/..%2F..%2Fpackage.json');
    expect(answer.status).toBe(400);
    expect(String(answer.body)).not.toContain('"name"');
  });
});
