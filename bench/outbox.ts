/**
 * Mail outbox figures on the twin: how long the owner's restock save takes with 0 and with 2 500
 * back-in-stock requests waiting (it must not grow: the save writes one outbox item either way), how
 * long the outbox then takes to mail all of them, and the outbox lag (event written → SES accepted)
 * of the order e-mails of paid orders placed 10 at a time.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import type { Twin } from '#infra/twin/twin.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import type { Product } from '#shared/product.ts';
import { seedConfirmedStockAlert } from '#test/support/stock-alert-seed.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';

export interface RestockFigure {
  readonly alerts: number;
  /** The owner's `POST /api/admin/products/{id}/stock` (0 → 3), through the front door. */
  readonly saveMs: number;
  /** From the save's answer until every request was marked notified (its mail accepted). */
  readonly allMailedSeconds: number;
}

export interface OutboxFigures {
  readonly restock: readonly RestockFigure[];
  readonly lag: { readonly mails: number; readonly p50Seconds: number; readonly p99Seconds: number; readonly maxSeconds: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function adminToken(twin: Twin): Promise<string> {
  const client = cognitoClient(twin.endpoints.cognito);
  try {
    const answer = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin.clientId,
        AuthParameters: { USERNAME: twin.admin.email, PASSWORD: twin.admin.password },
      }),
    );
    return answer.AuthenticationResult!.AccessToken!;
  } finally {
    client.destroy();
  }
}

async function pendingAlerts(productId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName('stockAlerts'),
        IndexName: 'byProduct',
        KeyConditionExpression: 'productId = :p',
        FilterExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':p': productId, ':pending': 'pending' },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

async function restockWith(twin: Twin, token: string, alerts: number, product: (id: string) => Product): Promise<RestockFigure> {
  const id = `bench-alerts-${alerts}-${randomUUID().slice(0, 6)}`;
  const piece = product(id);
  await putProduct({ ...piece, stock: 0 }, new Date());
  const emails = Array.from({ length: alerts }, (_, i) => `aviso${i}.${id}@example.com`);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let email = emails.shift(); email; email = emails.shift())
        await seedConfirmedStockAlert({ email, productId: id, productName: piece.name });
    }),
  );
  const started = performance.now();
  const answer = await fetch(`${twin.url}/api/admin/products/${id}/stock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    // Enough units for every request: a restock mails at most `alertsPerUnit` requests a unit.
    body: JSON.stringify({ delta: Math.ceil(alerts / DEFAULT_SETTINGS.alertsPerUnit), reason: 'adjustment' }),
  });
  const saveMs = performance.now() - started;
  if (answer.status !== 200) throw new Error(`restock answered ${answer.status}: ${await answer.text()}`);
  const answered = Date.now();
  while ((await pendingAlerts(id)) > 0) await sleep(500);
  return { alerts, saveMs: Math.round(saveMs * 10) / 10, allMailedSeconds: (Date.now() - answered) / 1000 };
}

/** Lag of every mail item of the given orders (customer and owner), from its writing to SES's acceptance. */
async function lagOf(orderIds: ReadonlySet<string>): Promise<number[]> {
  const lags: number[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new ScanCommand({
        TableName: tableName('outbox'),
        ExclusiveStartKey: start,
        FilterExpression: '#s = :sent AND #t = :mail',
        ExpressionAttributeNames: { '#s': 'status', '#t': 'type' },
        ExpressionAttributeValues: { ':sent': 'sent', ':mail': 'mail' },
      }),
    );
    for (const item of page.Items ?? []) {
      const orderId = /^(?:order|owner#order)#(\d{6})/.exec(String(item.id))?.[1];
      if (orderId && orderIds.has(orderId)) lags.push((Date.parse(String(item.sentAt)) - Date.parse(String(item.createdAt))) / 1000);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return lags.sort((a, b) => a - b);
}

export async function outboxFigures(
  twin: Twin,
  options: {
    readonly product: (id: string) => Product;
    readonly paidOrder: (productId: string) => Promise<string>;
    readonly log: (text: string) => void;
  },
): Promise<OutboxFigures> {
  const token = await adminToken(twin);
  // A first save warms the route's function (its cold start is not the figure).
  await restockWith(twin, token, 0, options.product);
  const restock: RestockFigure[] = [];
  for (const alerts of [0, 2500]) {
    options.log(`outbox: restock save with ${alerts} back-in-stock requests waiting`);
    restock.push(await restockWith(twin, token, alerts, options.product));
  }

  options.log('outbox: lag of the e-mails of 100 paid orders, 10 at a time');
  const productId = `bench-lag-${randomUUID().slice(0, 6)}`;
  await putProduct({ ...options.product(productId), stock: 1000 }, new Date());
  const orderIds = new Set<string>();
  for (let round = 0; round < 10; round++) {
    const ids = await Promise.all(Array.from({ length: 10 }, () => options.paidOrder(productId)));
    for (const id of ids) orderIds.add(id);
  }
  let lags: number[] = [];
  for (let tries = 0; tries < 240 && lags.length < orderIds.size * 2; tries++) {
    await sleep(500);
    lags = await lagOf(orderIds);
  }
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    restock,
    lag: {
      mails: lags.length,
      p50Seconds: round2(percentile(lags, 50)),
      p99Seconds: round2(percentile(lags, 99)),
      maxSeconds: round2(lags.at(-1) ?? 0),
    },
  };
}
