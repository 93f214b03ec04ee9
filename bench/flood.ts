/**
 * What a one-address flood costs in the cloud, with the web ACL in front and without (bench;
 * docs/design.md §20 and §30): one address floods, as fast as it is answered, the anonymous
 * back-office (`GET /api/admin/orders` without a token), a public read (`GET /api/payment-methods`) and
 * a public write without its proof of work (`POST /api/orders`), on a twin that throttles like the stage;
 * meanwhile the owner, from elsewhere and signed in, opens the orders list every 250 ms. The figures,
 * from the twin's own counts: the requests per minute that reached API Gateway and Lambda (what AWS
 * bills), what the edge refused, and the owner's answers and p99.
 *
 * `tsx bench/flood.ts <out.json> waf|none`: one mode on a twin of its own (`npm run bench` runs both,
 * each in a process of its own: the SDK's clients are made once per process, for the first twin's
 * addresses). The edge's windows are the real ones (60 s), so a flood of 60 s (`BENCH_FLOOD_SECONDS`)
 * is one window: its counts are the per-minute figures, nothing extrapolated.
 */
import { writeFile } from 'node:fs/promises';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';

export type FloodMode = 'waf' | 'none';

export interface FloodFigures {
  readonly mode: FloodMode;
  readonly seconds: number;
  /** The flood's requests per minute, all from one address. */
  readonly sentPerMinute: number;
  /** Refused by the web ACL before anything else (0 without one). */
  readonly refusedAtEdgePerMinute: number;
  /** Reached API Gateway (billed per request), and reached Lambda (billed per invocation and duration). */
  readonly apiGatewayPerMinute: number;
  readonly lambdaPerMinute: number;
  /** The owner's list of orders during the flood: answered 200 of asked, and the p50/p99 of all answers. */
  readonly owner: { readonly asked: number; readonly ok: number; readonly p50Ms: number; readonly p99Ms: number };
}

const FLOODED: readonly { readonly method: string; readonly path: string }[] = [
  { method: 'GET', path: '/api/admin/orders' },
  { method: 'GET', path: '/api/payment-methods' },
  { method: 'POST', path: '/api/orders' },
];

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The owner's ID token (what the back-office sends). */
async function ownerToken(twin: Twin): Promise<string> {
  const client = cognitoClient(twin.endpoints.cognito);
  try {
    const answer = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: twin.clientId,
        AuthParameters: { USERNAME: twin.admin.email, PASSWORD: twin.admin.password },
      }),
    );
    return answer.AuthenticationResult!.IdToken!;
  } finally {
    client.destroy();
  }
}

/** `workers` requests at a time from one address, round the flooded routes, until `until`; how many were sent. */
async function flood(base: string, until: number, workers = 24): Promise<number> {
  const address = nextClientAddress();
  let sent = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; Date.now() < until; i += workers) {
        const { method, path } = FLOODED[i % FLOODED.length]!;
        const body = method === 'POST' ? '{}' : undefined;
        // A bot that does not solve the proof of work (`challenge: false`) nor sign in.
        const answer = await clientFetch(`${base}${path}`, {
          method,
          client: address,
          challenge: false,
          body,
          headers: body ? { 'content-type': 'application/json' } : {},
        }).catch(() => undefined);
        sent += 1;
        await answer?.arrayBuffer();
      }
    }),
  );
  return sent;
}

/** The flood figures on `twin` (throttling like the stage; its edge on or off as `mode` says). */
export async function floodFigures(
  twin: Twin,
  mode: FloodMode,
  seconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 60),
): Promise<FloodFigures> {
  const token = await ownerToken(twin);
  const owner = nextClientAddress();
  // Every function loaded once (the cold start is not the flood's), from addresses of their own.
  await clientFetch(`${twin.url}/api/admin/orders`, { client: owner, headers: { authorization: `Bearer ${token}` } }).then((r) =>
    r.arrayBuffer(),
  );
  for (const { method, path } of FLOODED)
    await clientFetch(`${twin.url}${path}`, { method, challenge: false, body: method === 'POST' ? '{}' : undefined }).then((r) =>
      r.arrayBuffer(),
    );
  const before = { ...twin.invocations, refused: twin.edge?.tally.refused ?? 0 };
  const until = Date.now() + seconds * 1000;
  const flooding = flood(twin.url, until);
  const times: number[] = [];
  const statuses: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const answer = await clientFetch(`${twin.url}/api/admin/orders`, {
      client: owner,
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    await answer?.arrayBuffer();
    times.push(performance.now() - started);
    statuses.push(answer?.status ?? 0);
    await sleep(250);
  }
  const sent = await flooding;
  times.sort((a, b) => a - b);
  const asked = statuses.length;
  // The owner's requests are in the twin's counts too: the flood's own are the rest.
  const ownerPassed = asked;
  const perMinute = (n: number) => Math.round((n * 60) / seconds);
  return {
    mode,
    seconds,
    sentPerMinute: perMinute(sent),
    refusedAtEdgePerMinute: perMinute((twin.edge?.tally.refused ?? 0) - before.refused),
    apiGatewayPerMinute: perMinute(twin.invocations.requests - before.requests - ownerPassed),
    lambdaPerMinute: perMinute(twin.invocations.invoked - before.invoked - statuses.filter((s) => s === 200).length),
    owner: {
      asked,
      ok: statuses.filter((s) => s === 200).length,
      p50Ms: Math.round(percentile(times, 50)),
      p99Ms: Math.round(percentile(times, 99)),
    },
  };
}

/** The lines of the bench's table for the two runs. */
export function floodRows(runs: readonly FloodFigures[]): (string | number)[][] {
  return runs.map((r) => [
    r.mode === 'waf' ? 'with the web ACL' : 'without (edgePlan=none)',
    r.sentPerMinute,
    r.refusedAtEdgePerMinute,
    r.apiGatewayPerMinute,
    r.lambdaPerMinute,
    `${r.owner.ok}/${r.owner.asked}`,
    r.owner.p50Ms,
    r.owner.p99Ms,
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [out, mode] = process.argv.slice(2);
  if (!out || (mode !== 'waf' && mode !== 'none')) throw new Error('usage: tsx bench/flood.ts <out.json> waf|none');
  const twin = await startTwin({ port: 0, seed: false, throttle: true, scheduledJobs: false, edge: { enabled: mode === 'waf' } });
  try {
    const figures = await floodFigures(twin, mode);
    await writeFile(out, JSON.stringify(figures));
    process.stderr.write(`${JSON.stringify(figures)}\n`);
  } finally {
    await twin.stop();
  }
}
