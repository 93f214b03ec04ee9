/**
 * The attacker replays that shaped the open shop's rules (docs/abuse.md) (tried on main before the hold caps, the proof checks and
 * the MB WAY counts of docs/design.md §27-§29), each replayed through the front door, the real handlers
 * and DynamoDB Local from many loopback addresses, each printing its figure (`replay: …`) beside the
 * one measured then, and asserting what must hold now.
 *
 * A twin of its own: one replay sets the owner's strictest order caps, one counts the month's MB WAY
 * reservations, and every figure is "units held of the total" of a catalogue nobody else touches.
 *
 * Asserted exactly elsewhere, not repeated here: 5 reservations from one address → 2, a 12-unit
 * reservation → 409, one Gmail inbox from 5 addresses → 2, 50 parallel reservations → ≤ 10 units
 * (`holds.test.ts`); 200 reservations from one address → 2 held, the rest the cap then 429
 * (`rate-limits.test.ts`); each junk proof attached to a reservation → 400, still `Aguarda Pagamento`,
 * no owner mail (`proof-checks.test.ts`); 80 MB WAY reservations from 40 addresses → MB WAY still
 * offered (`mbway.test.ts`); a request without, with a wrong or a reused challenge
 * (`challenge.test.ts`); the erasure handler's offer and close (`abuse.test.ts`).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import type { PlaceOrderInput, ShippingForm } from '#shared/schemas/index.ts';
import type { SettingsResponse } from '#shared/api.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { twinInfo } from '../support/global-setup.ts';
import { nextClientAddress } from '../support/clients.ts';
import { createProduct, reservationBody, uploadProof } from '../support/factories.ts';
import { outboxDrained } from '../support/outbox.ts';
import { pngClaiming, POLYGLOT_PNG_HTML, activePdf, screenshotPng } from '../support/proof-files.ts';
import { adminIdToken, call, callRoute, documentClient, twin, useOwnTwin } from '../support/twin.ts';

// The replays send hundreds of requests, each with its proof of work, on a machine others share.
vi.setConfig({ testTimeout: 180_000 });

let own: Twin;
let token: string;

beforeAll(async () => {
  // As the global setup's twin (no stage throttle, the smallest proof of work), with no jobs running
  // meanwhile: the per-client limits and the hold caps are the handlers' own, and on.
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  useOwnTwin(twinInfo(own));
  token = await adminIdToken();
}, 180_000);
afterAll(() => own?.stop());

const replay = (line: string) => console.log(`replay: ${line}`);

/** A reservation from `client`, with an e-mail and a phone of its own (a bot varies them). */
const reserve = (body: PlaceOrderInput, client: string) =>
  callRoute('POST /api/orders', { body }, { headers: { 'idempotency-key': randomUUID() }, client });
const lines = (pieces: readonly { id: string }[], quantity: (i: number) => number) =>
  pieces.map((piece, i) => ({ productId: piece.id, quantity: quantity(i) })).filter((line) => line.quantity > 0);
const stockOf = async (id: string) =>
  Number(
    (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id }, ConsistentRead: true }))).Item?.stock,
  );
/** Units held of `pieces`: what their stock lacks of `stocks`. */
const heldOf = async (pieces: readonly { id: string }[], stocks: readonly number[]) =>
  (await Promise.all(pieces.map((piece, i) => stockOf(piece.id).then((stock) => stocks[i]! - stock)))).reduce((sum, n) => sum + n, 0);
/** A catalogue of its own: one piece per stock figure. */
const catalogue = (stocks: readonly number[]) => Promise.all(stocks.map((stock) => createProduct({ stock })));
const sum = (values: readonly number[]) => values.reduce((total, n) => total + n, 0);
const statusCounts = (statuses: readonly number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');

async function saveSettings(change: (settings: SettingsResponse['settings']) => SettingsResponse['settings']): Promise<void> {
  const current = await call<SettingsResponse>('GET', '/api/admin/settings', { token });
  const saved = await call('PUT', '/api/admin/settings', {
    token,
    body: { version: current.body.version, settings: change(current.body.settings) },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('replay: "One address, 3 requests, 0,5 s: 136 of 136 units held for 2 hours"', () => {
  it('one address, 3 requests for each unit of 14 pieces (136): none held; 3 of 10 units: 10 of 136; every piece on sale', async () => {
    // The demo catalogue's shape: 14 pieces, 136 units.
    const stocks = Array.from({ length: 14 }, (_, i) => (i < 10 ? 10 : 9));
    expect(sum(stocks)).toBe(136);
    const pieces = await catalogue(stocks);
    const attacker = nextClientAddress();

    const greedy = await Promise.all([0, 1, 2].map(() => reserve(reservationBody(lines(pieces, (i) => stocks[i]!)), attacker)));
    const heldGreedy = await heldOf(pieces, stocks);
    replay(
      `one address, 3 requests for all 136 units ` +
        `→ ${statusCounts(greedy.map((a) => a.status))}; ${heldGreedy} of 136 units held (was 136 of 136)`,
    );
    expect(greedy.every((a) => a.status === 409 && a.body.error.code === 'hold_limit')).toBe(true);
    expect(heldGreedy).toBe(0);

    // The attacker who read the message: 10 units a request, the most one customer may hold.
    const capped = await Promise.all(
      [0, 1, 2].map((r) => reserve(reservationBody(lines(pieces, (i) => (i >= r * 4 && i < r * 4 + 10 ? 1 : 0))), attacker)),
    );
    const held = await heldOf(pieces, stocks);
    replay(`one address, 3 requests of 10 units → ${statusCounts(capped.map((a) => a.status))}; ${held} of 136 units held`);
    expect(capped.filter((a) => a.status === 201)).toHaveLength(1);
    expect(held).toBeLessThanOrEqual(10);

    // "All 14 pieces showed Esgotado; real customers got out_of_stock": every piece is on sale, and sells.
    const listed = await callRoute('GET /api/products', {});
    const onSale = pieces.filter((piece) => listed.body.products.some((p) => p.id === piece.id && !p.soldOut)).length;
    const customers = await Promise.all(
      pieces.map((piece) => reserve(reservationBody([{ productId: piece.id, quantity: 1 }]), nextClientAddress())),
    );
    replay(
      `then ${onSale} of 14 pieces on sale; ${customers.filter((a) => a.status === 201).length} ` +
        `of 14 customers from other addresses reserved one (was 0: out_of_stock)`,
    );
    expect(onSale).toBe(14);
    expect(customers.map((a) => a.status)).toEqual(Array(14).fill(201));
  });

  it("the owner's strictest caps (1 unit, 1 line), 8 addresses, 20 requests each: at most 16 of 143 units held", async () => {
    await saveSettings((settings) => ({ ...settings, orderCaps: { lineQuantity: 1, lines: 1 } }));
    try {
      const stocks = Array.from({ length: 13 }, () => 11);
      expect(sum(stocks)).toBe(143);
      const pieces = await catalogue(stocks);
      const started = Date.now();
      // Each address as fast as it is answered, up to the per-client limit of reservations (20).
      const statuses = (
        await Promise.all(
          Array.from({ length: 8 }, async (_, a) => {
            const client = nextClientAddress();
            const answers: number[] = [];
            for (let r = 0; r < 20; r++)
              answers.push(
                (await reserve(reservationBody([{ productId: pieces[(a + r) % pieces.length]!.id, quantity: 1 }]), client)).status,
              );
            return answers;
          }),
        )
      ).flat();
      const held = await heldOf(pieces, stocks);
      replay(
        `strictest caps, 8 addresses × 20 requests in ${((Date.now() - started) / 1000).toFixed(1)} ` +
          `s → ${statusCounts(statuses)}; ${held} of 143 units held (was 143 of 143)`,
      );
      expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(16);
      expect(held).toBeLessThanOrEqual(16);
    } finally {
      await saveSettings((settings) => ({ ...settings, orderCaps: { lineQuantity: 10, lines: 20 } }));
    }
  });
});

describe('replay: "A junk file is a payment proof": one such order held 100 of 123 units', () => {
  const junk: [string, () => Promise<{ bytes: Uint8Array; type: string; declared?: number }>][] = [
    ['PNG+HTML polyglot', async () => ({ bytes: POLYGLOT_PNG_HTML, type: 'image/png' })],
    ['PDF with OpenAction JavaScript', async () => ({ bytes: await activePdf('javascript'), type: 'application/pdf' })],
    ['30000×30000 PNG header', async () => ({ bytes: pngClaiming(30_000, 30_000), type: 'image/png' })],
    ['10×9 999 999 PNG', async () => ({ bytes: pngClaiming(10, 9_999_999), type: 'image/png' })],
    ['empty file', async () => ({ bytes: new Uint8Array(0), type: 'image/png', declared: 1 })],
    ['PNG declared as JPEG', async () => ({ bytes: await screenshotPng({ width: 390, height: 844 }), type: 'image/jpeg' })],
  ];

  it('6 junk proofs at checkout, 10 units each: none Confirmar Pagamento, nothing held or mailed; a real one is; 100 never', async () => {
    // 123 units: ten pieces of 10 (the 100 the forged proof held) and one of 23.
    const stocks = [...Array<number>(10).fill(10), 23];
    const pieces = await catalogue(stocks);
    const last = pieces[10]!.id;
    const mails = async () => {
      await outboxDrained();
      return ((await (await fetch(`${twin().endpoints.ses}/store`)).json()) as { emails: unknown[] }).emails.length;
    };
    const mailsBefore = await mails();

    const answers = [];
    for (const [name, file] of junk) {
      const { bytes, type, declared } = await file();
      const body = { ...reservationBody([{ productId: last, quantity: 10 }]), proofKey: await uploadProof(bytes, type, declared) };
      const answer = await reserve(body, nextClientAddress());
      answers.push({ name, status: answer.status, orderStatus: answer.body.order?.status });
    }
    const confirming = answers.filter((a) => a.orderStatus === 'Confirmar Pagamento').length;
    const held = await heldOf(pieces, stocks);
    const mailed = (await mails()) - mailsBefore;
    replay(
      `6 junk proofs at checkout → ${confirming} Confirmar Pagamento (${answers.map((a) => `${a.name} ${a.status}`).join('; ')}); ` +
        `${held} of 123 units held; ${mailed} mails (was: each one Confirmar Pagamento, mailed)`,
    );
    expect(confirming).toBe(0);
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(held).toBe(0);
    expect(mailed).toBe(0);

    // A picture that decodes, on the 100-unit order of the "Why": more than one customer may hold.
    const hundred = await reserve(
      {
        ...reservationBody(lines(pieces.slice(0, 10), () => 10)),
        proofKey: await uploadProof(await screenshotPng({ width: 390, height: 844 })),
      },
      nextClientAddress(),
    );
    // A real screenshot on an order a customer may hold: the order is to confirm, at once.
    const started = Date.now();
    const real = await reserve(
      { ...reservationBody([{ productId: last, quantity: 2 }]), proofKey: await uploadProof(await screenshotPng()) },
      nextClientAddress(),
    );
    const seconds = (Date.now() - started) / 1000;
    replay(
      `a decodable picture on a 100-unit order → ${hundred.status} ${hundred.body.error?.code}; a real 1170×2532 ` +
        `screenshot → ${real.body.order?.status} in ${seconds.toFixed(1)} s; ${await heldOf(pieces, stocks)} of 123 units held`,
    );
    expect(hundred.status).toBe(409);
    expect(hundred.body.error.code).toBe('hold_limit');
    expect(real.status).toBe(201);
    expect(real.body.order.status).toBe('Confirmar Pagamento');
    expect(seconds).toBeLessThan(30);
    expect(await heldOf(pieces, stocks)).toBe(2);
  });
});

describe('replay: "MB WAY switched off for everyone": 75 unpaid reservations from 5 addresses', () => {
  it('75 one-unit MB WAY reservations from 5 addresses: at most 10 held; a new customer still sees MB WAY, reserves with it', async () => {
    const [piece] = await catalogue([200]);
    const mbway = (shipping: Partial<ShippingForm> = {}) =>
      reservationBody([{ productId: piece!.id, quantity: 1 }], { paymentMethod: 'mbway', ...shipping });
    const started = Date.now();
    const statuses = (
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const client = nextClientAddress();
          const answers: number[] = [];
          for (let r = 0; r < 15; r++) answers.push((await reserve(mbway(), client)).status);
          return answers;
        }),
      )
    ).flat();
    const methods = await callRoute('GET /api/payment-methods', {});
    const offered = methods.body.methods.find((m) => m.id === 'mbway');
    const newcomer = await reserve(mbway(), nextClientAddress());
    replay(
      `75 MB WAY reservations from 5 addresses in ${((Date.now() - started) / 1000).toFixed(1)} s → ${statusCounts(statuses)}; ` +
        `MB WAY offered to a new customer: ${offered?.available ? 'yes' : 'no'}, ` +
        `reserved ${newcomer.status} (was: unavailable to every customer for 2 hours)`,
    );
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
    expect(offered).toMatchObject({ available: true });
    expect(newcomer.status).toBe(201);
    expect(newcomer.body.order.instructions).toMatchObject({ method: 'mbway' });
  });
});

describe('replay: "A reservation under a victim\'s e-mail blocks the owner\'s GDPR erasure"', () => {
  it("reservations under the victim's e-mail from 2 addresses, renewed after erasure: the owner erases both, closing them", async () => {
    // One piece per reservation: the same e-mail reserving the same again is told it already has it.
    const pieces = await catalogue([10, 10, 10]);
    const victim = `vitima.${randomUUID().slice(0, 8)}@example.com`;
    // From one of the reservations' pages: the customer's address names the order, never the e-mail.
    const erase = (orderId: string, closeOpen: boolean) =>
      call<{ anonymised: { closedReservations: number }; error?: { code: string } }>(
        'POST',
        `/api/admin/customers/${orderCustomerRef(orderId)}/anonymise${closeOpen ? '?closeOpen=true' : ''}`,
        { token },
      );
    const plant = (i: number) =>
      reserve(reservationBody([{ productId: pieces[i]!.id, quantity: 1 }], { email: victim }), nextClientAddress());
    const planted = [await plant(0), await plant(1)];
    expect(
      planted.map((a) => a.status),
      JSON.stringify(planted.map((a) => a.body)),
    ).toEqual([201, 201]);

    // The owner's screen first asks as before, is offered the close, and takes it.
    const offer = await erase(planted[0]!.body.order.id, false);
    const first = await erase(planted[0]!.body.order.id, true);
    // The attacker renews: another reservation under the same e-mail; the owner erases again.
    const renewed = await plant(2);
    const second = await erase(renewed.body.order.id, true);
    const held = await heldOf(pieces, [10, 10, 10]);
    replay(
      `2 reservations under a victim's e-mail → erasure offered to close them (${offer.status} ${offer.body.error?.code}), then ` +
        `${first.status} closing ${first.body.anonymised?.closedReservations}; renewed (${renewed.status}) → ${second.status} ` +
        `closing ${second.body.anonymised?.closedReservations}; ${held} of 30 units still held (was: refused while any was open)`,
    );
    expect(offer.status).toBe(409);
    expect(offer.body.error?.code).toBe('customer_has_open_reservations');
    expect([first.status, first.body.anonymised.closedReservations]).toEqual([200, 2]);
    expect([second.status, second.body.anonymised.closedReservations]).toEqual([200, 1]);
    expect(held).toBe(0);
  });
});
