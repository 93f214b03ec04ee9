/**
 * `npx tsx bench/payments.ts [out.json]`: reservation → payment confirmed with automatic MB WAY (issue
 * 38, docs/design.md §34), on a twin of its own with the twin's payment provider
 * (`infra/twin/payments-local.ts`), also a part of `npm run bench` (a process of its own). Each run, one
 * after another: `POST /api/orders` through the front door (a shopper's address, e-mail and phone, a
 * proof of work), the orders stream's payments consumer starting the MB WAY payment on the twin's
 * provider (the twin's keys, automatic MB WAY on), read from the order once its payment id is there, the
 * request approved in the payments viewer at once (a tester's click: no human time), the signed
 * `payment_intent.succeeded` delivered to `POST /api/payments/stripe`; the clock stops when the order
 * reads `Enviar`. Also the start alone (reservation answered → payment id on the order) and the
 * notification alone (approval → `Enviar`). p50 and p99 of `BENCH_PAYMENT_RUNS` (40), after one warm-up run. Writes JSON to `out.json`,
 * else prints it.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { startTwin } from '#infra/twin/twin.ts';
import { clientFetch } from '#test/support/clients.ts';
import { benchProduct } from './catalogue.ts';
import { orderBody } from './orders.ts';

export interface PaymentFigures {
  readonly runs: number;
  /** `POST /api/orders` sent → the order reads `Enviar`. */
  readonly reserveToPaidP50Ms: number;
  readonly reserveToPaidP99Ms: number;
  /** `POST /api/orders` answered → the consumer's payment id reads on the order. */
  readonly startP50Ms: number;
  readonly startP99Ms: number;
  /** The approval in the viewer → the order reads `Enviar` (the signed notification and its transaction). */
  readonly webhookP50Ms: number;
  readonly webhookP99Ms: number;
  /** Runs whose order did not read `Enviar` after its notification (expected 0). */
  readonly notPaid: number;
  /** The machine's 1-minute load average when the runs ended (other work on it shows in the p99). */
  readonly load: number;
}

const RUNS = Number(process.env.BENCH_PAYMENT_RUNS ?? 40);

/** The bench's order body, paid by automatic MB WAY (the phone it has is the one the request goes to). */
const mbwayOrderBody = () => {
  const body = JSON.parse(orderBody('bench-payments')) as { shipping: Record<string, unknown> };
  return JSON.stringify({ ...body, shipping: { ...body.shipping, paymentMethod: 'mbway' } });
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function paymentFigures(log: (line: string) => void = () => {}): Promise<PaymentFigures> {
  const twin = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    ownerMailsPerHour: 1_000_000,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
    automaticPayments: { mbway: true },
  });
  try {
    await putProduct(benchProduct(30_000, { id: 'bench-payments', stock: 100_000 }), new Date());
    const orderOf = async (id: string) =>
      (await ddb().send(new GetCommand({ TableName: tableName('orders'), Key: { id }, ConsistentRead: true }))).Item as
        { status: string; providerPayment?: ProviderPaymentRecord } | undefined;
    /** The payment id once the consumer has started the payment (polled; 15 s at most). */
    const paymentIdOf = async (id: string) => {
      for (
        const deadline = performance.now() + 15_000;
        performance.now() < deadline;
        await new Promise((resolve) => setTimeout(resolve, 10))
      ) {
        const paymentId = (await orderOf(id))?.providerPayment?.paymentId;
        if (paymentId) return paymentId;
      }
      throw new Error(`order ${id}: the payments consumer did not start its payment within 15 s`);
    };
    const total: number[] = [];
    const start: number[] = [];
    const webhook: number[] = [];
    let notPaid = 0;
    log(`payments: ${RUNS} reservations with automatic MB WAY, each approved at once`);
    // Run -1 warms the functions up (their first cold start) and is not counted.
    for (let run = -1; run < RUNS; run++) {
      const started = performance.now();
      const answer = await clientFetch(`${twin.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: mbwayOrderBody(),
      });
      if (answer.status !== 201) throw new Error(`POST /api/orders answered ${answer.status}`);
      const { order } = (await answer.json()) as { order: { id: string } };
      const reserved = performance.now();
      const paymentId = await paymentIdOf(order.id);
      const approved = performance.now();
      await twin.payments.approve(paymentId);
      if ((await orderOf(order.id))?.status !== 'Enviar' && run >= 0) notPaid += 1;
      const done = performance.now();
      if (run < 0) continue;
      total.push(done - started);
      start.push(approved - reserved);
      webhook.push(done - approved);
    }
    const sorted = (values: number[]) => values.map(Math.round).sort((a, b) => a - b);
    const [t, s, w] = [sorted(total), sorted(start), sorted(webhook)];
    return {
      runs: RUNS,
      reserveToPaidP50Ms: percentile(t, 50),
      reserveToPaidP99Ms: percentile(t, 99),
      startP50Ms: percentile(s, 50),
      startP99Ms: percentile(s, 99),
      webhookP50Ms: percentile(w, 50),
      webhookP99Ms: percentile(w, 99),
      notPaid,
      load: Number(loadavg()[0]!.toFixed(1)),
    };
  } finally {
    await twin.stop();
  }
}

/** The figures as table rows (label, value). */
export function paymentRows(figures: PaymentFigures): [string, string][] {
  return [
    [
      `reserva → pagamento confirmado (MB WAY, approved at once), p50 / p99 of ${figures.runs} (ms)`,
      `${figures.reserveToPaidP50Ms} / ${figures.reserveToPaidP99Ms}`,
    ],
    [
      'of which the reservation answered → the consumer started the payment, p50 / p99 (ms)',
      `${figures.startP50Ms} / ${figures.startP99Ms}`,
    ],
    ['of which the approval → Enviar (the signed notification), p50 / p99 (ms)', `${figures.webhookP50Ms} / ${figures.webhookP99Ms}`],
    ['orders not in Enviar after their notification', String(figures.notPaid)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await paymentFigures((line) => process.stderr.write(`[bench] ${line}\n`));
  const json = `${JSON.stringify(figures, null, 2)}\n`;
  if (process.argv[2]) await writeFile(process.argv[2], json);
  else process.stdout.write(json);
  process.exit(0);
}
