/**
 * The proof of work of every public write (docs/design.md §28), with ALTCHA (`altcha-lib`, v2): the shop
 * hands out signed challenges with an expiry (`GET /api/challenge`); the customer's browser finds the
 * number that solves one (the `altcha` widget, in a Web Worker, while the form is filled) and sends the
 * solved payload in the `x-altcha` header; the server checks it (signature, expiry, solution) before
 * anything is done, and records it as used before anything is written, so each one serves once.
 *
 * Deterministic mode: the server picks the number (random, in the upper half of the challenge's max
 * number: the owner's for one unit, times the units of the checkout and the held share's factor,
 * `shared/proof-of-work.ts`) and signs the key it derives, so checking a solution is one HMAC, never a
 * key derivation.
 */
import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { challengeMaxNumber, challengeUnits, heldLimit, proofPays, type HeldUnits } from '#shared/proof-of-work.ts';
import { ChallengeRefused } from '../errors.ts';
import { useChallenge } from '../repositories/challenges.ts';
import { giveBackHeldUnits, lastHeldUnits, takeHeldUnits } from '../repositories/held-units.ts';
import { MAX_PROOF_HEADER_BYTES } from '../contracts/env.ts';
import { orderLinkKeys } from './order-access.ts';
import { challengeSecretsOf } from './challenge-secrets.ts';

/** The key derivation the browser repeats per number tried: PBKDF2 with SHA-256, native in WebCrypto and Node. */
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per number tried: the cost of one try (the owner's max number sets how many tries). */
export const CHALLENGE_COST = 1000;
/** How long a challenge may be solved and sent: time enough to fill the checkout form. */
export const CHALLENGE_SECONDS = 10 * 60;
export { CHALLENGE_HEADER } from '../contracts/env.ts';

/**
 * A new signed challenge for a checkout of `units` (1 for the other public writes), priced by the
 * owner's max number and the catalogue's held units (`shared/proof-of-work.ts`): its number lies in the
 * upper half of that price; `data` (under the signature) says which units it covers and its max number.
 * Expires in {@link CHALLENGE_SECONDS}.
 */
export async function newChallenge(baseMaxNumber: number, units: number, heldUnits: HeldUnits, now = new Date()): Promise<Challenge> {
  const secrets = challengeSecretsOf((await orderLinkKeys(now)).current);
  const covered = challengeUnits(units);
  const maxNumber = challengeMaxNumber(baseMaxNumber, covered, heldUnits);
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: randomInt(Math.ceil(maxNumber / 2), maxNumber),
    data: { units: covered, maxNumber },
    deriveKey,
    expiresAt: Math.floor(now.getTime() / 1000) + CHALLENGE_SECONDS,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

/** A checked proof of work: what names it (its signature) and until when it could be used. */
export interface Proof {
  readonly id: string;
  readonly expiresAt: number;
  /** The units of a checkout it was priced for (signed; 1 for a challenge made before units existed). */
  readonly units: number;
  /** The max number it was made with (signed; 0 for a challenge made before prices existed). */
  readonly maxNumber: number;
}

/** The payload of the header, if it has the widget's shape (anything else is not a proof). */
function parsePayload(header: string): { challenge: Challenge; solution: Solution } | undefined {
  try {
    const payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution } | null;
    const challenge = payload?.challenge;
    const solution = payload?.solution;
    if (!challenge || typeof challenge !== 'object' || typeof challenge.signature !== 'string') return undefined;
    if (!challenge.parameters || typeof challenge.parameters !== 'object' || typeof challenge.parameters.nonce !== 'string')
      return undefined;
    if (!solution || typeof solution !== 'object') return undefined;
    return { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  } catch {
    return undefined;
  }
}

/**
 * Checks the `x-altcha` header (no database: signature, expiry, solution). Throws `ChallengeRefused`:
 * `challenge_required` without one, `challenge_invalid` when it is not one of the shop's, expired or
 * not solved.
 */
export async function checkProof(header: string | undefined, now = new Date()): Promise<Proof> {
  if (!header?.trim()) throw new ChallengeRefused('challenge_required');
  const payload = header.length <= MAX_PROOF_HEADER_BYTES ? parsePayload(header.trim()) : undefined;
  if (!payload) throw new ChallengeRefused('challenge_invalid');
  const { expiresAt } = payload.challenge.parameters;
  // A challenge without an expiry is none of the shop's (its own all have one, under the signature).
  if (typeof expiresAt !== 'number' || expiresAt * 1000 < now.getTime()) throw new ChallengeRefused('challenge_invalid');
  // Signed under the current key, or the previous one during a rotation's overlap (a form filled meanwhile).
  let verified = false;
  for (const base of (await orderLinkKeys(now)).accepted) {
    const secrets = challengeSecretsOf(base);
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      verified ||= result.verified;
    } catch {
      // A malformed parameter (an unknown algorithm, a non-hex nonce) is a wrong proof, not a fault.
    }
    if (verified) break;
  }
  if (!verified) throw new ChallengeRefused('challenge_invalid');
  const { units, maxNumber } = payload.challenge.parameters.data ?? {};
  return {
    id: payload.challenge.signature!,
    expiresAt,
    units: typeof units === 'number' ? challengeUnits(units) : 1,
    maxNumber: typeof maxNumber === 'number' ? maxNumber : 0,
  };
}

/**
 * The catalogue's held and free units as last recorded (`services/held-share.ts`), read afresh by each
 * challenge and each checkout (one item): the page that asks again after a refusal gets today's price.
 */
export const heldUnitsNow = (): Promise<HeldUnits> => lastHeldUnits();

/**
 * Refuses (`challenge_invalid`) a checkout's proof that does not pay for the `units` it reserves at the
 * price they have now (`shared/proof-of-work.ts`, with the owner's `baseMaxNumber` and the units held
 * `now`, read afresh): priced for fewer units, or at less than half of today's price (solved while the
 * shop was quiet and sent once much of it is held). The customer's page asks for a fresh one.
 */
export function checkPrice(proof: Proof, units: number, baseMaxNumber: number, now: HeldUnits): void {
  if (proof.units < units || !proofPays(proof.maxNumber, baseMaxNumber, units, now)) throw new ChallengeRefused('challenge_invalid');
}

/**
 * Takes a checkout's `units` into the catalogue's held count (`repositories/held-units.ts`) if its proof
 * of work still pays for them at the count it finds (docs/abuse.md, "A burst"): one conditional write,
 * so proofs solved while the shop was quiet and sent all at once are priced one after another as the
 * count rises, not all at the share read before the first. Refused `challenge_invalid` (the page asks
 * for a fresh challenge, at today's price). Called once the checkout is sure to write (not sold out, not
 * a repeat of an order placed); gives back a function that returns the units when the order is then
 * not placed. `read`: the held units the guard read for the proof's price check (`checkPrice`): their
 * total sets the limit, and the write checks the count as it is. `firstCount` counts a shop whose count
 * was never recorded (`firstHeldCount` of `./held-share.ts`, given by the checkout's handler: this module
 * is the challenge route's too, which reads no catalogue); with nothing to count (no stock) nothing is
 * taken: undefined.
 */
export async function admitHeldUnits(
  { proof, held: read }: { readonly proof: Proof; readonly held?: HeldUnits },
  units: number,
  baseMaxNumber: number,
  firstCount: () => Promise<HeldUnits>,
): Promise<(() => Promise<void>) | undefined> {
  let { held, free } = read ?? (await lastHeldUnits());
  if (held + free <= 0) ({ held, free } = await firstCount());
  if (held + free <= 0) return undefined;
  const limit = heldLimit(proof.maxNumber, baseMaxNumber, units, held + free);
  if (!(await takeHeldUnits(units, limit))) throw new ChallengeRefused('challenge_invalid');
  return () => giveBackHeldUnits(units);
}

/** A request that may be repeated with the same proof: its `Idempotency-Key` and raw body. */
export interface Repeatable {
  readonly idempotencyKey: string;
  readonly body: string;
}

/**
 * Records a checked proof as used; throws `challenge_used` when it already was. `repeat`: given only
 * on a route that keeps an idempotency record (`idempotent` rows: the checkout): the same request
 * sent again with the same proof, the same `Idempotency-Key` and the same body (a browser retrying an
 * answer it lost) passes, and the idempotency record answers it as the first time. Any other second
 * use (another key, another body, another route) is refused.
 */
export async function spendProof(proof: Proof, routeKey: string, repeat: Repeatable | undefined): Promise<void> {
  const replayOf = repeat
    ? createHash('sha256').update(`${routeKey}\n${repeat.idempotencyKey}\n`).update(repeat.body).digest('base64url')
    : undefined;
  if (!(await useChallenge(proof.id, proof.expiresAt, replayOf))) throw new ChallengeRefused('challenge_used');
}
