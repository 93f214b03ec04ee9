/**
 * One abusive client against honest shoppers (docs/design.md §20, §27, §28): ten honest shoppers at a
 * time browse (catalogue, a product) and reserve, one after another for a while, each from an address,
 * an e-mail and a phone of their own (a shopper holds one reservation, as the hold caps expect); the same
 * run again beside one address sending reservations at 50 a second. Every reservation carries a solved
 * proof of work (`x-altcha`) from `proof`: the phone solves while the customer fills the form (its time
 * is the proof-of-work figure), so a checkout's time is the request with the server's check of the proof.
 * The honest shoppers' pages ask again after the stage throttle's 429, as the shop's page does. The
 * figure is the honest checkouts' success rate and p99 in both runs (their waits included), and what
 * became of the abuser's requests.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Twin } from '#infra/twin/twin.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';
import { ASK_AGAIN_WAITS_MS } from '#web/features/checkout/ask-again.ts';

export interface HonestRun {
  readonly checkouts: number;
  readonly succeeded: number;
  readonly successRate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Reservations the page asked again for after the stage throttle's 429 (each checkout's time includes its waits). */
  readonly askedAgain: number;
}

export interface AbuseFigures {
  readonly seconds: number;
  readonly honestClients: number;
  readonly withoutAbuser: HonestRun;
  readonly withAbuser: HonestRun;
  readonly abuser: {
    readonly requestsPerSecond: number;
    readonly sent: number;
    readonly reserved: number;
    /** Refused by the hold caps (409 `hold_limit`, docs/design.md §27). */
    readonly refusedHoldLimit: number;
    /** Refused by the edge's rate rule or the per-client limit. */
    readonly refused429: number;
    readonly other: number;
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** A solved proof of work for one request (see the top). */
export type ProofSource = () => string;

function reservation(productId: string): string {
  return JSON.stringify({
    items: [{ productId, quantity: 1 }],
    shipping: {
      email: `cliente.${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Cliente',
      lastName: 'Honesto',
      country: 'Portugal',
      address: 'Rua B, 2',
      city: 'Braga',
      postalCode: '4700-123',
      phone: `91${String(randomInt(10_000_000)).padStart(7, '0')}`,
      shippingMethod: 'ctt',
      paymentMethod: 'transferencia',
      acceptTerms: true,
    },
  });
}

/**
 * One reservation as the shop's page sends it: asked again with the same Idempotency-Key (and a new
 * proof of work) while the answer is the stage throttle's own 429, after each wait of the page's
 * `ASK_AGAIN_WAITS_MS` (the customer reads "A confirmar…" meanwhile); the last answer. Each ask again is
 * counted in `askedAgain`.
 */
async function reserveAsThePageDoes(
  url: string,
  client: string,
  body: string,
  proof: ProofSource,
  askedAgain: { count: number },
): Promise<Response | undefined> {
  const key = randomUUID();
  for (let attempt = 0; ; attempt++) {
    const answer = await clientFetch(url, {
      method: 'POST',
      client,
      headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-altcha': proof() },
      body,
    }).catch(() => undefined);
    const wait = ASK_AGAIN_WAITS_MS[attempt];
    // The stage's 429 has no Retry-After; a per-client limit's has, and the page shows it.
    if (answer?.status !== 429 || answer.headers.get('retry-after') || wait === undefined) return answer;
    await answer.arrayBuffer();
    askedAgain.count += 1;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function honestClient(
  base: string,
  productId: string,
  until: number,
  proof: ProofSource,
  times: number[],
  outcomes: boolean[],
  askedAgain: { count: number },
): Promise<void> {
  while (Date.now() < until) {
    // The next shopper.
    const client = nextClientAddress();
    await clientFetch(`${base}/api/products`, { client }).then((r) => r.arrayBuffer());
    await clientFetch(`${base}/api/products/${productId}`, { client }).then((r) => r.arrayBuffer());
    const started = performance.now();
    const answer = await reserveAsThePageDoes(`${base}/api/orders`, client, reservation(productId), proof, askedAgain);
    times.push(performance.now() - started);
    outcomes.push(answer?.status === 201);
    // A person reads the page before the next purchase; a few seconds would be realistic, one keeps the run short.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function honestRun(base: string, productId: string, clients: number, seconds: number, proof: ProofSource): Promise<HonestRun> {
  const times: number[] = [];
  const outcomes: boolean[] = [];
  const askedAgain = { count: 0 };
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, () => honestClient(base, productId, until, proof, times, outcomes, askedAgain)));
  times.sort((a, b) => a - b);
  const succeeded = outcomes.filter(Boolean).length;
  return {
    checkouts: outcomes.length,
    succeeded,
    successRate: outcomes.length ? succeeded / outcomes.length : 0,
    p50Ms: Math.round(percentile(times, 50)),
    p99Ms: Math.round(percentile(times, 99)),
    askedAgain: askedAgain.count,
  };
}

/** Sends reservations from one address at `perSecond` for `seconds`; answers what became of them. */
async function abuser(
  base: string,
  productId: string,
  perSecond: number,
  seconds: number,
  proof: ProofSource,
): Promise<AbuseFigures['abuser']> {
  const client = nextClientAddress();
  const sent: Promise<{ status: number; code: string | undefined }>[] = [];
  for (let tick = 0; tick < perSecond * seconds; tick += 1) {
    sent.push(
      clientFetch(`${base}/api/orders`, {
        method: 'POST',
        client,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-altcha': proof() },
        body: reservation(productId),
      })
        .then(async (r) => ({ status: r.status, code: ((await r.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code }))
        .catch(() => ({ status: 0, code: undefined })),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
  }
  const answers = await Promise.all(sent);
  const reserved = answers.filter((a) => a.status === 201).length;
  const refusedHoldLimit = answers.filter((a) => a.status === 409 && a.code === 'hold_limit').length;
  const refused429 = answers.filter((a) => a.status === 429).length;
  return {
    requestsPerSecond: perSecond,
    sent: answers.length,
    reserved,
    refusedHoldLimit,
    refused429,
    other: answers.length - reserved - refusedHoldLimit - refused429,
  };
}

/** The twin must throttle like the stage (the default) and have `productId` with plenty of stock. */
export async function abuseFigures(
  twin: Twin,
  productId: string,
  proof: ProofSource,
  seconds = 10,
  honestClients = 10,
): Promise<AbuseFigures> {
  const withoutAbuser = await honestRun(twin.url, productId, honestClients, seconds, proof);
  const [withAbuser, abuse] = await Promise.all([
    honestRun(twin.url, productId, honestClients, seconds, proof),
    abuser(twin.url, productId, 50, seconds, proof),
  ]);
  return { seconds, honestClients, withoutAbuser, withAbuser, abuser: abuse };
}
