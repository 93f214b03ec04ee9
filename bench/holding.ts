/**
 * What holding the whole catalogue costs (docs/abuse.md, "Holding the catalogue costs"): one attacker
 * reserves every unit of the demo catalogue with transfer (the longest hold of the demo's methods), as
 * many customers as the hold caps ask (a fresh address, e-mail and phone for each 10 units), and keeps
 * it held for two hours. Each reservation carries a proof of work asked for its units from
 * `GET /api/challenge`, priced as the shop prices it (`shared/proof-of-work.ts`): by the units, and by the
 * share of the catalogue already held.
 *
 * The twin runs at the smallest max number the owner may set (100) so that the bench solves every proof
 * for real in minutes; the CPU-seconds are then given at the owner's default (4 000): the number of tries
 * each challenge asks grows with the max number in proportion (its number is drawn from the upper half),
 * and a try costs what this machine measured (PBKDF2-SHA-256, 1 000 iterations, Node's native crypto, one
 * core). "Before" is the same catalogue held the way the shop priced proofs before this change: one unit's
 * price per reservation, whatever it held and whatever was held.
 *
 * Two attackers: one who asks for a challenge just before each reservation (the price rises as the
 * catalogue fills), and one who asks for every challenge at once while the shop is quiet, solves them all,
 * then sends every reservation at once, and again for those refused, until all are held (a burst: the
 * checkout takes each reservation's units into the held count only while its proof still pays for them,
 * so the burst pays the share as it rises, docs/abuse.md).
 *
 * `npm run bench:holding` (starts its own twins; about 5 minutes on the 2-core machine); writes
 * `bench/results/holding.json`.
 */
import { cpuUsage } from 'node:process';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomInt, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { DEFAULT_CHALLENGE_MAX_NUMBER, DEFAULT_SETTINGS, SETTINGS_LIMITS } from '#shared/settings.ts';
import type { PaymentMethodsResponse, ProductsResponse, ProductResponse } from '#shared/api.ts';
import { CHALLENGE_COST, CHALLENGE_ALGORITHM } from '#lambdas/services/challenges.ts';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';
import { altchaHeader, solveInWorkers } from './solver.ts';

const BASE = SETTINGS_LIMITS.challengeMaxNumber.min;
const SCALE = DEFAULT_CHALLENGE_MAX_NUMBER / BASE;
const HOLD_MINUTES_WANTED = 120;
const UNITS_PER_CUSTOMER = DEFAULT_SETTINGS.holdCaps.units;

interface Unit {
  readonly productId: string;
  readonly variantId?: string;
}

/** One reservation's lines: up to `UNITS_PER_CUSTOMER` units, grouped by piece and size. */
type Lines = { productId: string; variantId?: string; quantity: number }[];

export interface HoldingRun {
  readonly reservations: number;
  readonly unitsHeld: number;
  /** Proofs solved, those the checkout refused (priced before the share rose) included. */
  readonly proofsSolved: number;
  readonly refusedAsUnderpriced: number;
  /** CPU-seconds of solving at the owner's default max number, for one hold of the catalogue. */
  readonly cpuSecondsOneHold: number;
  /** The same for two hours (holds renewed as they expire). */
  readonly cpuSecondsTwoHours: number;
}

export interface HoldingFigures {
  readonly when: string;
  readonly catalogueUnits: number;
  readonly holdMinutes: number;
  readonly holdsInTwoHours: number;
  readonly cpuSecondsPerTry: number;
  readonly before: { readonly cpuSecondsTwoHours: number };
  readonly oneAtATime: HoldingRun;
  readonly burst: HoldingRun;
}

/** CPU-seconds of one try (one number's key derivation), measured by solving a challenge whose number is known. */
async function cpuSecondsPerTry(): Promise<number> {
  const counter = 3000;
  const challenge = await createChallenge({ algorithm: CHALLENGE_ALGORITHM, cost: CHALLENGE_COST, counter, deriveKey });
  const started = cpuUsage();
  await solveChallenge({ challenge, deriveKey, timeout: 0 });
  const used = cpuUsage(started);
  return (used.user + used.system) / 1e6 / (counter + 1);
}

async function json<T>(twin: Twin, path: string, client?: string): Promise<T> {
  const answer = await clientFetch(`${twin.url}${path}`, { client });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  return (await answer.json()) as T;
}

/** Every unit of the catalogue in stock, one entry a unit. */
async function catalogueUnits(twin: Twin): Promise<Unit[]> {
  const { products } = await json<ProductsResponse>(twin, '/api/products');
  const units: Unit[] = [];
  for (const listed of products.filter((p) => !p.soldOut)) {
    const { product } = await json<ProductResponse>(twin, `/api/products/${listed.id}`);
    for (const variant of product.variants) {
      for (let i = 0; i < variant.stock; i++) units.push({ productId: product.id, ...(variant.label ? { variantId: variant.id } : {}) });
    }
  }
  return units;
}

/** The catalogue's units in reservations of at most `UNITS_PER_CUSTOMER`. */
function reservations(units: readonly Unit[]): Lines[] {
  const out: Lines[] = [];
  for (let start = 0; start < units.length; start += UNITS_PER_CUSTOMER) {
    const lines: Lines = [];
    for (const unit of units.slice(start, start + UNITS_PER_CUSTOMER)) {
      const line = lines.find((l) => l.productId === unit.productId && l.variantId === unit.variantId);
      if (line) line.quantity += 1;
      else lines.push({ ...unit, quantity: 1 });
    }
    out.push(lines);
  }
  return out;
}

const unitsOf = (lines: Lines) => lines.reduce((sum, line) => sum + line.quantity, 0);

function body(lines: Lines): string {
  const tag = randomUUID().slice(0, 8);
  return JSON.stringify({
    items: lines,
    shipping: {
      email: `reserva.${tag}@example.com`,
      firstName: 'Reserva',
      lastName: 'Tudo',
      country: 'Portugal',
      address: `Rua ${tag}, 1`,
      city: 'Porto',
      postalCode: '4000-123',
      phone: `93${String(randomInt(10_000_000)).padStart(7, '0')}`,
      shippingMethod: 'ctt',
      paymentMethod: 'transferencia',
      acceptTerms: true,
    },
  });
}

async function challengeFor(twin: Twin, units: number, client: string): Promise<Challenge> {
  return json<Challenge>(twin, `/api/challenge?units=${units}`, client);
}

/** Expected tries of a challenge at the owner's default: its number is drawn from the upper half of its max number. */
const triesAtDefault = (challenge: Challenge) => 0.75 * Number(challenge.parameters.data?.maxNumber ?? BASE) * SCALE;

async function reserve(twin: Twin, lines: Lines, client: string, challenge: Challenge): Promise<Response> {
  const [solution] = await solveInWorkers([challenge], 1);
  return clientFetch(`${twin.url}/api/orders`, {
    method: 'POST',
    client,
    body: body(lines),
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-altcha': altchaHeader(challenge, solution!) },
  });
}

/** The attacker who asks for each challenge just before its reservation. */
async function oneAtATime(twin: Twin, plan: readonly Lines[]): Promise<Measured> {
  let tries = 0,
    solved = 0,
    refused = 0,
    held = 0,
    placed = 0;
  for (const lines of plan) {
    const client = nextClientAddress();
    for (let attempt = 0; attempt < 30; attempt++) {
      const challenge = await challengeFor(twin, unitsOf(lines), client);
      tries += triesAtDefault(challenge);
      solved += 1;
      const answer = await reserve(twin, lines, client, challenge);
      if (answer.status === 201) {
        placed += 1;
        held += unitsOf(lines);
        break;
      }
      const refusal = (await answer.json()) as { error?: { code?: string } };
      if (refusal.error?.code !== 'challenge_invalid') throw new Error(`reservation answered ${answer.status} ${JSON.stringify(refusal)}`);
      // Priced before the share rose (another reservation was counted meanwhile): a fresh one.
      refused += 1;
    }
  }
  return { reservations: placed, unitsHeld: held, proofsSolved: solved, refusedAsUnderpriced: refused, tries };
}

/**
 * The attacker who asks for every challenge at once while the shop is quiet, then reserves all at once;
 * the reservations refused (the checkout takes each one's units into the held count only while its proof
 * still pays for them) are asked and sent again, all at once, at the price then, until all are held.
 */
async function burst(twin: Twin, plan: readonly Lines[]): Promise<Measured> {
  let pending = plan.map((lines) => ({ lines, client: nextClientAddress() }));
  const measured = { reservations: 0, unitsHeld: 0, proofsSolved: 0, refusedAsUnderpriced: 0, tries: 0 };
  for (let round = 0; round < 30 && pending.length > 0; round++) {
    const challenges = await Promise.all(pending.map(({ lines, client }) => challengeFor(twin, unitsOf(lines), client)));
    const solutions = await solveInWorkers(challenges);
    measured.proofsSolved += challenges.length;
    measured.tries += challenges.reduce((sum, challenge) => sum + triesAtDefault(challenge), 0);
    const answers = await Promise.all(
      pending.map(({ lines, client }, i) =>
        clientFetch(`${twin.url}/api/orders`, {
          method: 'POST',
          client,
          body: body(lines),
          headers: {
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
            'x-altcha': altchaHeader(challenges[i]!, solutions[i]!),
          },
        }),
      ),
    );
    const refused: typeof pending = [];
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 201) {
        measured.reservations += 1;
        measured.unitsHeld += unitsOf(pending[i]!.lines);
        continue;
      }
      const refusal = (await answer.json()) as { error?: { code?: string } };
      if (refusal.error?.code !== 'challenge_invalid') throw new Error(`reservation answered ${answer.status} ${JSON.stringify(refusal)}`);
      measured.refusedAsUnderpriced += 1;
      refused.push(pending[i]!);
    }
    pending = refused;
  }
  return measured;
}

type Attack = 'oneAtATime' | 'burst';
type Measured = Omit<HoldingRun, 'cpuSecondsOneHold' | 'cpuSecondsTwoHours'> & { tries: number };
interface TwinRun {
  readonly units: number;
  readonly reservations: number;
  readonly holdMinutes: number;
  readonly run: Measured;
}

/** One attacker on a twin of its own, in this process (a process keeps the SDK clients of the first twin it meets). */
async function attackHere(attack: Attack, out: string): Promise<void> {
  const twin = await startTwin({ port: 0, seed: true, throttle: false, ownerMailsPerHour: 1_000_000, challengeMaxNumber: BASE });
  try {
    const { methods } = await json<PaymentMethodsResponse>(twin, '/api/payment-methods');
    const holdMinutes = Math.max(...methods.filter((m) => m.available).map((m) => m.holdMinutes));
    const units = await catalogueUnits(twin);
    const plan = reservations(units);
    const run = await (attack === 'burst' ? burst : oneAtATime)(twin, plan);
    const result: TwinRun = { units: units.length, reservations: plan.length, holdMinutes, run };
    writeFileSync(out, JSON.stringify(result));
  } finally {
    await twin.stop();
  }
}

/** Runs `attack` in a process of its own and reads what it wrote. */
async function attackApart(attack: Attack): Promise<TwinRun> {
  const out = join(tmpdir(), `holding-${randomUUID()}.json`);
  try {
    await promisify(execFile)(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), attack, out], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(readFileSync(out, 'utf8')) as TwinRun;
  } finally {
    rmSync(out, { force: true });
  }
}

async function main(): Promise<void> {
  const perTry = await cpuSecondsPerTry();
  console.log(`holding: one try ${(perTry * 1000).toFixed(3)} ms CPU; the attacker who asks one at a time…`);
  const sequential = await attackApart('oneAtATime');
  const holds = Math.ceil(HOLD_MINUTES_WANTED / sequential.holdMinutes);
  console.log(
    `holding: ${sequential.units} units in ${sequential.reservations} reservations, ${sequential.holdMinutes} min a hold; the burst…`,
  );
  const burstRun = await attackApart('burst');
  const cpu = (tries: number) => tries * perTry;
  const finish = ({ tries, ...rest }: Measured): HoldingRun => ({
    ...rest,
    cpuSecondsOneHold: Math.round(cpu(tries)),
    cpuSecondsTwoHours: Math.round(cpu(tries) * holds),
  });
  const result: HoldingFigures = {
    when: new Date().toISOString(),
    catalogueUnits: sequential.units,
    holdMinutes: sequential.holdMinutes,
    holdsInTwoHours: holds,
    cpuSecondsPerTry: perTry,
    before: { cpuSecondsTwoHours: Math.round(cpu(sequential.reservations * 0.75 * DEFAULT_CHALLENGE_MAX_NUMBER) * holds) },
    oneAtATime: finish(sequential.run),
    burst: finish(burstRun.run),
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/holding.json', `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
}

const [attack, out] = process.argv.slice(2);
if (attack === 'oneAtATime' || attack === 'burst') await attackHere(attack, out!);
else await main();
