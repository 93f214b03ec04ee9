/**
 * How many orders a second one piece sustains before the first 503 `checkout_busy` (its retries spent: asked to try again): reservations
 * of one product with ample stock, sent through the API's origin (as CloudFront does) at a steady rate
 * that doubles every step (each from its own address, e-mail and phone, so no per-customer limit
 * answers), until a step ends an order in `checkout_busy` or the last step is done. The twin
 * cancels conflicting transactions as DynamoDB does (`infra/twin/transaction-conflicts.ts`); the
 * conflicts it cancelled are counted per step. Also alone, on a twin of its own: `npx tsx bench/hot-items.ts`.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startTwin, webDistDir, type Twin } from '#infra/twin/twin.ts';
import { transactionConflicts } from '#infra/twin/transaction-conflicts.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { benchProduct } from './catalogue.ts';
import { presolvedProofs } from './challenge.ts';
import { orderBody } from './orders.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';

export interface HotItemStep {
  /** Reservations sent a second (steady, not waiting for answers). */
  readonly rate: number;
  readonly sent: number;
  readonly placed: number;
  readonly retryExhausted: number;
  /** Any other answer (a 409, another 5xx, no answer). */
  readonly other: number;
  /** Orders placed a second over the step, from its first request to its last answer. */
  readonly placedPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Transactions the twin cancelled for a conflict during the step (each one tried again). */
  readonly conflicts: number;
}

export interface HotItemFigures {
  readonly stepSeconds: number;
  readonly steps: readonly HotItemStep[];
  /** The placed orders a second of the last step before the first `checkout_busy` (of the last step, if none). */
  readonly sustainedPerSecond: number;
  /** The rate of the first step with a `checkout_busy`; null: none up to the last step. */
  readonly firstExhaustedAtRate: number | null;
  /**
   * Units taken by orders whose answer was not a 201 (stock read back, minus the 201s): an invocation
   * stopped at the 10 s timeout after its transaction went through (a lost answer: the shop's page asks
   * again with the same key and gets that order). Must be 0 below the twin's own limit.
   */
  readonly takenWithout201: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** The figures on `twin` (in this process): `rates` in reservations a second, `stepSeconds` each. */
export async function hotItemFigures(
  twin: Twin,
  log: (line: string) => void,
  rates: readonly number[] = [2, 4, 8, 16, 32],
  stepSeconds = 4,
): Promise<HotItemFigures> {
  const stock = 1_000_000;
  const id = `bench-hot-${randomUUID().slice(0, 6)}`;
  await putProduct(benchProduct(10_003, { id, stock }), new Date());
  log(`hot item: solving ${rates.reduce((sum, rate) => sum + rate * stepSeconds, 0)} proofs of work ahead`);
  const proofs = await presolvedProofs(
    twin,
    rates.reduce((sum, rate) => sum + rate * stepSeconds, 0),
  );
  const viewer = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.')}`;
  const reserve = async (): Promise<{ outcome: 'placed' | 'exhausted' | 'other'; ms: number }> => {
    const body = JSON.parse(orderBody(id)) as { shipping: { phone: string } };
    body.shipping.phone = `91${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
    const began = Date.now();
    const answer = await fetch(`${twin.apiOriginUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        'x-altcha': proofs.pop() ?? '',
        'x-origin-verify': twin.edgeOrigin.value,
        'x-viewer-ip': viewer(),
      },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    const json = (await answer?.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
    const ms = Date.now() - began;
    if (answer?.status === 201) return { outcome: 'placed', ms };
    return { outcome: answer?.status === 503 && json?.error?.code === 'checkout_busy' ? 'exhausted' : 'other', ms };
  };

  const steps: HotItemStep[] = [];
  let placedInAll = 0;
  for (const rate of rates) {
    log(`hot item: ${rate} reservations a second of one piece for ${stepSeconds} s`);
    const conflictsBefore = transactionConflicts();
    const began = Date.now();
    const pending: Promise<{ outcome: 'placed' | 'exhausted' | 'other'; ms: number }>[] = [];
    for (let i = 0; i < rate * stepSeconds; i++) {
      const due = began + (i * 1000) / rate;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      pending.push(reserve());
    }
    const answers = await Promise.all(pending);
    const seconds = (Date.now() - began) / 1000;
    const count = (outcome: string) => answers.filter((a) => a.outcome === outcome).length;
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const step = {
      rate,
      sent: answers.length,
      placed: count('placed'),
      retryExhausted: count('exhausted'),
      other: count('other'),
      placedPerSecond: Number((count('placed') / seconds).toFixed(1)),
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      conflicts: transactionConflicts() - conflictsBefore,
    };
    steps.push(step);
    placedInAll += step.placed;
    if (step.retryExhausted > 0) break;
  }
  const left = Number(
    (await ddb().send(new GetCommand({ TableName: tableName('products'), Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
  const first = steps.findIndex((step) => step.retryExhausted > 0);
  const sustained = first === -1 ? steps.at(-1) : steps[first - 1];
  return {
    stepSeconds,
    steps,
    sustainedPerSecond: sustained?.placedPerSecond ?? 0,
    firstExhaustedAtRate: first === -1 ? null : steps[first]!.rate,
    takenWithout201: stock - left - placedInAll,
  };
}

/** The rows of the bench's table. */
export function hotItemRows(figures: HotItemFigures | { error: string }): string[][] {
  if ('error' in figures) return [[`Hot item figures failed: ${figures.error}`]];
  return [
    [
      `One piece's reservations (${figures.stepSeconds} s a step)`,
      'sent',
      'placed',
      '503 busy',
      'other',
      'placed/s',
      'p50 ms',
      'p99 ms',
      'conflicts retried',
    ],
    ['---', '---', '---', '---', '---', '---', '---', '---', '---'],
    ...figures.steps.map((s) =>
      [`${s.rate}/s`, s.sent, s.placed, s.retryExhausted, s.other, s.placedPerSecond, s.p50Ms, s.p99Ms, s.conflicts].map(String),
    ),
    [
      `sustained before the first 503: ${figures.sustainedPerSecond}/s; first 409 ` +
        `at ${figures.firstExhaustedAtRate ?? 'none'}${figures.firstExhaustedAtRate ? '/s' : ''}; ` +
        `units taken without a 201 ${figures.takenWithout201}`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  ];
}

// Alone: a twin of its own (no stage throttle, as the bench's throughput figures), the figures as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  // The proof of work at the smallest cost, as the bench's own twin: the proofs are solved ahead at it.
  const twin = await startTwin({
    port: 0,
    seed: true,
    webDist: webDistDir(),
    throttle: false,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  try {
    const rates = process.env.BENCH_HOT_RATES?.split(',').map(Number);
    const figures = await hotItemFigures(twin, (line) => process.stderr.write(`[bench] ${line}\n`), rates);
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    for (const row of hotItemRows(figures)) process.stdout.write(`| ${row.join(' | ')} |\n`);
  } finally {
    await twin.stop();
  }
}
