/**
 * One abusive client against honest shoppers (docs/design.md §20): ten honest clients, each from its own
 * address, browse (catalogue, a product) and reserve, again and again for a while; the same run again
 * with one more client, from one address, sending reservations at 50 a second. The figure is the honest
 * clients' checkout success rate and p99 in both runs, and what became of the abuser's requests.
 */
import { randomUUID } from 'node:crypto';
import type { Twin } from '#infra/twin/twin.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';

export interface HonestRun {
  readonly checkouts: number;
  readonly succeeded: number;
  readonly successRate: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface AbuseFigures {
  readonly seconds: number;
  readonly honestClients: number;
  readonly withoutAbuser: HonestRun;
  readonly withAbuser: HonestRun;
  readonly abuser: { readonly requestsPerSecond: number; readonly sent: number; readonly reserved: number; readonly refused429: number; readonly other: number };
}

const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);

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
      phone: '912345678',
      shippingMethod: 'ctt',
      paymentMethod: 'transferencia',
      acceptTerms: true,
    },
  });
}

async function honestClient(base: string, productId: string, until: number, times: number[], outcomes: boolean[]): Promise<void> {
  const client = nextClientAddress();
  while (Date.now() < until) {
    await clientFetch(`${base}/api/products`, { client }).then((r) => r.arrayBuffer());
    await clientFetch(`${base}/api/products/${productId}`, { client }).then((r) => r.arrayBuffer());
    const started = performance.now();
    const answer = await clientFetch(`${base}/api/orders`, {
      method: 'POST',
      client,
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: reservation(productId),
    }).catch(() => undefined);
    times.push(performance.now() - started);
    outcomes.push(answer?.status === 201);
    await answer?.arrayBuffer();
    // A person reads the page before the next purchase; a few seconds would be realistic, one keeps the run short.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function honestRun(base: string, productId: string, clients: number, seconds: number): Promise<HonestRun> {
  const times: number[] = [];
  const outcomes: boolean[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, () => honestClient(base, productId, until, times, outcomes)));
  times.sort((a, b) => a - b);
  const succeeded = outcomes.filter(Boolean).length;
  return { checkouts: outcomes.length, succeeded, successRate: outcomes.length ? succeeded / outcomes.length : 0, p50Ms: Math.round(percentile(times, 50)), p99Ms: Math.round(percentile(times, 99)) };
}

/** Sends reservations from one address at `perSecond` for `seconds`; answers what became of them. */
async function abuser(base: string, productId: string, perSecond: number, seconds: number): Promise<AbuseFigures['abuser']> {
  const client = nextClientAddress();
  const sent: Promise<number>[] = [];
  for (let tick = 0; tick < perSecond * seconds; tick += 1) {
    sent.push(
      clientFetch(`${base}/api/orders`, { method: 'POST', client, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: reservation(productId) })
        .then(async (r) => (await r.arrayBuffer(), r.status))
        .catch(() => 0),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
  }
  const statuses = await Promise.all(sent);
  const reserved = statuses.filter((s) => s === 201).length;
  const refused429 = statuses.filter((s) => s === 429).length;
  return { requestsPerSecond: perSecond, sent: statuses.length, reserved, refused429, other: statuses.length - reserved - refused429 };
}

/** The twin must throttle like the stage (the default) and have `productId` with plenty of stock. */
export async function abuseFigures(twin: Twin, productId: string, seconds = 10, honestClients = 10): Promise<AbuseFigures> {
  const withoutAbuser = await honestRun(twin.url, productId, honestClients, seconds);
  const [withAbuser, abuse] = await Promise.all([honestRun(twin.url, productId, honestClients, seconds), abuser(twin.url, productId, 50, seconds)]);
  return { seconds, honestClients, withoutAbuser, withAbuser, abuser: abuse };
}
