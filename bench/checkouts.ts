/**
 * 1 000 buyers check out at once through the front door, each from an address of their own with a
 * proof of payment, for a piece with 10 units, on a twin as the cloud runs (its default options: the
 * stage's throttle, the web ACL, Lambda's limits, `gateway.ts`). The proofs: every buyer answered
 * within 12 s with 201, 409 or the stage throttle's 429 (answered at once, before any function runs);
 * no 500; 10 sold; 0 oversold; no order for a buyer who got no 201, even after the functions' timeout
 * has long passed.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Twin } from '#infra/twin/twin.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { nextClientAddress } from '#test/support/clients.ts';
import { benchProduct } from './catalogue.ts';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';
import type { BuyerAnswer, BuyerRequest } from './buyers.ts';
import { presolvedProofs } from './challenge.ts';
import { orderBody, uploadProof } from './orders.ts';

export interface CheckoutFigures {
  readonly buyers: number;
  readonly units: number;
  readonly answered201: number;
  readonly answered409: number;
  /** The stage throttle's 429 (API Gateway's own, before any function runs). */
  readonly answered429: number;
  /** 500s (a crash, a timeout, or Lambda's throttle, which API Gateway answers with a 500): must be 0. */
  readonly answered500: number;
  /** Of those, the invocations Lambda refused (the account's concurrency in use). */
  readonly lambdaThrottled: number;
  /** Any other answer (no answer at all included): must be 0. */
  readonly otherAnswers: number;
  /** Answers that came after 12 s (whatever they said): must be 0. */
  readonly answeredLate: number;
  readonly slowestSeconds: number;
  /** The slowest 429 (refused at once, but after the twin has read the request among the thousand). */
  readonly slowestThrottleSeconds: number;
  readonly sold: number;
  readonly oversoldUnits: number;
  /** Orders stored for buyers who were not told 201 (read 15 s after the last answer): must be 0. */
  readonly ordersWithout201: number;
  readonly peakConcurrency: number;
  readonly timedOut: number;
}

/** Within this every buyer has their answer (issue 37). */
const ANSWER_WITHIN_SECONDS = 12;

/**
 * The buyers' proofs of work are solved ahead (`presolvedProofs`, as `bench/run.ts` does): the bench's
 * own CPU solving 2 000 challenges is not the shop's time, and each buyer's clock starts when their
 * order is sent.
 */
export async function checkoutFigures(twin: Twin, log: (line: string) => void, buyers = 1000, units = 10): Promise<CheckoutFigures> {
  const id = `bench-scarce-${randomUUID().slice(0, 6)}`;
  await putProduct(benchProduct(10_002, { id, stock: units }), new Date());
  const run = randomUUID().slice(0, 8);
  log(`checkouts: solving ${2 * buyers} proofs of work ahead (the uploads' and the orders')`);
  const altcha = await presolvedProofs(twin, 2 * buyers);
  log(`checkouts: ${buyers} proofs uploaded, each from its own address`);
  const shoppers: { client: string; email: string; proof: string; altcha: string }[] = [];
  // A few at a time: on a new account (10 at once) more would be throttled.
  for (let i = 0; i < buyers; i += 8) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, buyers - i) }, async (_, j) => {
          const client = nextClientAddress();
          const n = i + j;
          return { client, email: `buyer.${run}.${n}@example.com`, proof: await uploadProof(twin.url, client, altcha[2 * n]), altcha: altcha[2 * n + 1]! };
        }),
      )),
    );
  }
  const requests: BuyerRequest[] = shoppers.map((shopper) => ({
    client: shopper.client,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-altcha': shopper.altcha },
    body: orderBody(id, shopper.email, shopper.proof),
  }));
  const before = { ...twin.invocations };
  log(`checkouts: ${buyers} at once for ${units} units (the buyers in a process of their own)`);
  const answers = (await buyersProcess(`${twin.url}/api/orders`, requests)).map((answer, i) => ({ ...answer, email: shoppers[i]!.email }));
  const lambdaThrottled = twin.invocations.throttled - before.throttled;
  // Long past the functions' 10 s timeout: a stopped invocation that wrote late would show now.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const stored: Record<string, unknown>[] = [];
  for (let start: Record<string, unknown> | undefined, first = true; first || start; first = false) {
    const page = await ddb().send(
      new QueryCommand({ TableName: tableName('orders'), IndexName: 'byListing', KeyConditionExpression: 'listing = :l', FilterExpression: 'begins_with(email, :e)', ExpressionAttributeValues: { ':l': 'order', ':e': `buyer.${run}.` }, ExclusiveStartKey: start }),
    );
    stored.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  }
  const told201 = new Set(answers.filter((a) => a.status === 201).map((a) => a.email));
  const stock = Number((await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item?.stock);
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const sold = units - stock;
  return {
    buyers,
    units,
    answered201: count(201),
    answered409: count(409),
    answered429: count(429),
    answered500: count(500),
    lambdaThrottled,
    otherAnswers: answers.length - count(201) - count(409) - count(429) - count(500),
    answeredLate: answers.filter((a) => a.seconds > ANSWER_WITHIN_SECONDS).length,
    slowestSeconds: Math.max(...answers.map((a) => a.seconds)),
    slowestThrottleSeconds: Math.max(0, ...answers.filter((a) => a.status === 429).map((a) => a.seconds)),
    sold,
    oversoldUnits: Math.max(0, count(201) - units) + Math.max(0, -stock),
    ordersWithout201: stored.filter((order) => !told201.has(String(order.email))).length,
    peakConcurrency: twin.invocations.peak,
    timedOut: twin.invocations.timedOut - before.timedOut,
  };
}

/** `bench/buyers.ts` in its own process: the buyers' answers, in their order. */
async function buyersProcess(url: string, buyers: readonly BuyerRequest[]): Promise<BuyerAnswer[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench', 'buyers.ts')], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ url, buyers }));
  const [out, code] = await Promise.all([text(child.stdout), new Promise<number | null>((resolve) => child.once('exit', resolve))]);
  if (code !== 0) throw new Error(`bench/buyers.ts ended with ${code}`);
  return JSON.parse(out) as BuyerAnswer[];
}
