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
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';
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
  /** Every answer by status and refusal code (`409 out_of_stock`): what each count above is made of. */
  readonly answersByCode: Readonly<Record<string, number>>;
  /** Answers that came after 12 s (whatever they said): must be 0. */
  readonly answeredLate: number;
  /** The buyers' times from sending to answer: median and 99th percentile (the drop's bound: p99 ≤ 5 s). */
  readonly p50Seconds: number;
  readonly p99Seconds: number;
  /** Answers that came after 5 s (the drop's bound). */
  readonly answeredAfter5s: number;
  readonly slowestSeconds: number;
  /** The slowest 429 (refused at once, but after the twin has read the request among the thousand). */
  readonly slowestThrottleSeconds: number;
  readonly sold: number;
  readonly oversoldUnits: number;
  /** Orders stored for buyers who were not told 201 (read 15 s after the last answer): must be 0. */
  readonly ordersWithout201: number;
  /**
   * Of those, the ones whose buyer asking again with the same key (and a fresh proof of work, as the
   * page does) got that very order back: a function stopped after its transaction committed loses its
   * answer, never the buyer's order.
   */
  readonly recoveredBySameKey: number;
  readonly peakConcurrency: number;
  readonly timedOut: number;
}

/** Within this every buyer has their answer. */
const ANSWER_WITHIN_SECONDS = 12;
/** A limited drop's bound: every buyer answered within 5 s (p99). */
const DROP_ANSWER_SECONDS = 5;

const quantile = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;

export interface CheckoutOptions {
  readonly buyers?: number;
  readonly units?: number;
  /**
   * Each buyer sends a proof of payment with the order (`Confirmar Pagamento`), or
   * reserves and pays later (a drop's buyers: the shop reserves when the shipping step is left).
   */
  readonly withProofs?: boolean;
}

/**
 * The buyers' proofs of work are solved ahead (`presolvedProofs`, as `bench/run.ts` does): the bench's
 * own CPU solving 2 000 challenges is not the shop's time, and each buyer's clock starts when their
 * order is sent.
 */
export async function checkoutFigures(twin: Twin, log: (line: string) => void, options: CheckoutOptions = {}): Promise<CheckoutFigures> {
  const { buyers = 1000, units = 10, withProofs = true } = options;
  const id = `bench-scarce-${randomUUID().slice(0, 6)}`;
  await putProduct(benchProduct(10_002, { id, stock: units }), new Date());
  const run = randomUUID().slice(0, 8);
  const shoppers = await prepareShoppers(twin, log, run, buyers, withProofs);
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
      new QueryCommand({
        TableName: tableName('orders'),
        IndexName: 'byListing',
        KeyConditionExpression: 'listing = :l',
        FilterExpression: 'begins_with(email, :e)',
        ExpressionAttributeValues: { ':l': 'order', ':e': `buyer.${run}.` },
        ExclusiveStartKey: start,
      }),
    );
    stored.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  }
  const told201 = new Set(answers.filter((a) => a.status === 201).map((a) => a.email));
  const orphans = stored.filter((order) => !told201.has(String(order.email)));
  const recoveredBySameKey = await askAgainWithSameKey(twin, orphans, requests, shoppers);
  const stock = Number(
    (await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
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
    answersByCode: byCode(answers),
    answeredLate: answers.filter((a) => a.seconds > ANSWER_WITHIN_SECONDS).length,
    p50Seconds: quantile(
      answers.map((a) => a.seconds),
      0.5,
    ),
    p99Seconds: quantile(
      answers.map((a) => a.seconds),
      0.99,
    ),
    answeredAfter5s: answers.filter((a) => a.seconds > DROP_ANSWER_SECONDS).length,
    slowestSeconds: Math.max(...answers.map((a) => a.seconds)),
    slowestThrottleSeconds: Math.max(0, ...answers.filter((a) => a.status === 429).map((a) => a.seconds)),
    sold,
    oversoldUnits: Math.max(0, count(201) - units) + Math.max(0, -stock),
    ordersWithout201: orphans.length,
    recoveredBySameKey,
    peakConcurrency: twin.invocations.peak,
    timedOut: twin.invocations.timedOut - before.timedOut,
  };
}

/** The answers counted by `status code` (`201`, `409 out_of_stock`, `0` for no answer). */
function byCode(answers: readonly BuyerAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = answer.code ? `${answer.status} ${answer.code}` : String(answer.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

interface Shopper {
  readonly client: string;
  readonly email: string;
  /** The proof of payment's upload key, when the buyer sends one with the order. */
  readonly proof: string | undefined;
  readonly altcha: string;
}

/** Each buyer's address, e-mail, proof of work (solved ahead) and, `withProofs`, their proof of payment uploaded. */
async function prepareShoppers(
  twin: Twin,
  log: (line: string) => void,
  run: string,
  buyers: number,
  withProofs: boolean,
): Promise<Shopper[]> {
  const perBuyer = withProofs ? 2 : 1;
  log(`checkouts: solving ${perBuyer * buyers} proofs of work ahead${withProofs ? " (the uploads' and the orders')" : ''}`);
  const altcha = await presolvedProofs(twin, perBuyer * buyers);
  const shopper = (n: number, client = nextClientAddress()) => ({
    client,
    email: `buyer.${run}.${n}@example.com`,
    altcha: altcha[perBuyer * n + perBuyer - 1]!,
  });
  if (!withProofs) return Array.from({ length: buyers }, (_, n) => ({ ...shopper(n), proof: undefined }));
  log(`checkouts: ${buyers} proofs uploaded, each from its own address`);
  const shoppers: Shopper[] = [];
  // A few at a time: on a new account (10 at once) more would be throttled.
  for (let i = 0; i < buyers; i += 8) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, buyers - i) }, async (_, j) => {
          const buyer = shopper(i + j);
          return { ...buyer, proof: await uploadProof(twin.url, buyer.client, altcha[2 * (i + j)]) };
        }),
      )),
    );
  }
  return shoppers;
}

/**
 * The buyers of stored orders who were not told 201 ask again as the page does: the same key and body,
 * a fresh proof of work, from their address. How many got their very order back (200 with its id).
 */
async function askAgainWithSameKey(
  twin: Twin,
  orphans: readonly Record<string, unknown>[],
  requests: readonly BuyerRequest[],
  shoppers: readonly Shopper[],
): Promise<number> {
  if (orphans.length === 0) return 0;
  const proofs = await presolvedProofs(twin, orphans.length);
  let recovered = 0;
  for (const [i, order] of orphans.entries()) {
    const n = shoppers.findIndex((shopper) => shopper.email === order.email);
    const request = requests[n]!;
    const answer = await clientFetch(`${twin.url}/api/orders`, {
      client: request.client,
      method: 'POST',
      headers: { ...request.headers, 'x-altcha': proofs[i]! },
      body: request.body,
    });
    const body = (await answer.json().catch(() => undefined)) as { order?: { id?: string } } | undefined;
    if (answer.status === 200 && body?.order?.id === order.id) recovered += 1;
  }
  return recovered;
}

/** `bench/buyers.ts` in its own process: the buyers' answers, in their order. */
async function buyersProcess(url: string, buyers: readonly BuyerRequest[]): Promise<BuyerAnswer[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench', 'buyers.ts')], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify({ url, buyers }));
  const [out, code] = await Promise.all([text(child.stdout), new Promise<number | null>((resolve) => child.once('exit', resolve))]);
  if (code !== 0) throw new Error(`bench/buyers.ts ended with ${code}`);
  return JSON.parse(out) as BuyerAnswer[];
}
