/**
 * The edge's check of a public write's proof of work (docs/design.md §28, docs/abuse.md): the API's
 * viewer-request CloudFront Function (`infra/cloud/web.ts`; the twin's front door runs the same source,
 * `infra/twin/edge-function.ts`). On a guarded write (`EDGE_PROOF_RULE.routes`) it decodes `x-altcha`
 * and refuses, 400 `challenge_required` / `challenge_invalid` as the function would, a proof whose
 * challenge has expired, whose signature is not the HMAC-SHA-256 of its parameters under a key the
 * edge holds, or whose solution's key signature does not match: a forged or unsolved write never
 * spends the stage's bucket. Whether the proof was used before stays the function's (it needs the
 * database), as do the price and everything else (`lambdas/services/challenges.ts`).
 *
 * The keys are the challenges' own (`challengeSecretsOf`), never in the template: one entry of the
 * function's KeyValueStore, {@link CHALLENGE_KEYS_ENTRY}, written by the deploy and by the order-link
 * key's rotation (`infra/ops/challenge-keys.ts`). Until it is written the edge lets the write through
 * (the function checks it anyway).
 */
import type { RotatingSecret } from '#lambdas/repositories/secrets.ts';
import { VIEWER_IP_HEADER } from '#lambdas/contracts/env.ts';
import { ChallengeRefused } from '#lambdas/errors.ts';
import { toErrorResponse } from '#lambdas/http/error-response.ts';
import { challengeSecretsOf } from '#lambdas/services/challenge-secrets.ts';
import { EDGE_PROOF_RULE } from './edge-rules.ts';

/** The KeyValueStore entry that holds the keys the edge accepts ({@link EdgeChallengeKeys}, JSON). */
export const CHALLENGE_KEYS_ENTRY = 'challenge-keys';

/** CloudFront Functions' largest function (its code, in bytes). */
export const MAX_FUNCTION_BYTES = 10 * 1024;

/** A key pair of the challenges: [signature key, key-signature key]. */
export type KeyPair = readonly [string, string];

/** What the entry holds: the current pair and, until `until` (seconds since 1970), the previous one. */
export interface EdgeChallengeKeys {
  readonly current: KeyPair;
  readonly previous?: KeyPair;
  readonly until?: number;
}

const pairOf = (base: string): KeyPair => {
  const secrets = challengeSecretsOf(base);
  return [secrets.signature, secrets.keySignature];
};

/**
 * The entry's value for the order-link key as it is kept (`RotatingSecret`): the previous key's pair
 * only while its overlap lasts, as the functions accept it (`secretValuesAt`). About 300 characters
 * (a KeyValueStore value may have 1 024).
 */
export function challengeKeysEntry(secret: RotatingSecret, now = new Date()): string {
  const until = secret.previousUntil ? Math.floor(Date.parse(secret.previousUntil) / 1000) : NaN;
  const keys: EdgeChallengeKeys =
    secret.previous && until * 1000 > now.getTime()
      ? { current: pairOf(secret.current), previous: pairOf(secret.previous), until }
      : { current: pairOf(secret.current) };
  return JSON.stringify(keys);
}

/** The function's answer to a refused write, in CloudFront Functions' response shape. */
function refusalOf(code: 'challenge_required' | 'challenge_invalid'): object {
  const answer = toErrorResponse(new ChallengeRefused(code));
  return {
    statusCode: answer.status,
    statusDescription: 'Bad Request',
    headers: { 'content-type': { value: 'application/json; charset=utf-8' }, 'cache-control': { value: 'no-store' } },
    body: { encoding: 'text', data: JSON.stringify(answer.body) },
  };
}

/**
 * The source of the API's viewer-request function (JavaScript runtime 2.0): the viewer's IP in
 * `x-viewer-ip` (as before, for the functions' per-client limits), then the proof's check on a guarded
 * write. The checks mirror `checkProof` and `altcha-lib`'s `verifySolution` step for step (the
 * parameters' keys sorted before signing, the solution's lowercase hex key and 32-bit counter); the
 * comparisons take the same time whatever differs.
 */
export function apiViewerRequestCode(): string {
  const guarded = EDGE_PROOF_RULE.routes.map((route) => `${route.method} ${route.path}`);
  return `import cf from 'cloudfront';
var crypto = require('crypto');
var GUARDED = ${JSON.stringify(guarded)};
var REQUIRED = ${JSON.stringify(refusalOf('challenge_required'))};
var INVALID = ${JSON.stringify(refusalOf('challenge_invalid'))};
function sorted(value) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  var out = {};
  Object.keys(value).sort().forEach(function (key) { if (value[key] !== undefined) out[key] = sorted(value[key]); });
  return out;
}
function same(a, b) {
  if (typeof b !== 'string' || a.length !== b.length) return false;
  var diff = 0;
  for (var i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
function hmac(key, data) { return crypto.createHmac('sha256', key).update(data).digest('hex'); }
function solved(parameters, solution, keySecret) {
  var counter = solution.counter;
  if (typeof solution.derivedKey !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(solution.derivedKey)) return false;
  if (typeof counter !== 'number' || Math.floor(counter) !== counter || counter < 0 || counter > 4294967295) return false;
  // Without a key signature the function derives the key again (the shop's challenges all have one).
  return !parameters.keySignature || same(hmac(keySecret, Buffer.from(solution.derivedKey, 'hex')), parameters.keySignature);
}
function valid(text, keys, now) {
  var payload;
  try { payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')); } catch (e) { return false; }
  var challenge = payload && payload.challenge;
  var solution = payload && payload.solution;
  if (!challenge || typeof challenge !== 'object' || typeof challenge.signature !== 'string') return false;
  var parameters = challenge.parameters;
  if (!parameters || typeof parameters !== 'object' || typeof parameters.nonce !== 'string') return false;
  if (!solution || typeof solution !== 'object') return false;
  if (typeof parameters.expiresAt !== 'number' || parameters.expiresAt * 1000 < now) return false;
  var signed = JSON.stringify(sorted(parameters));
  var pairs = [keys.current];
  if (keys.previous && now < keys.until * 1000) pairs.push(keys.previous);
  for (var i = 0; i < pairs.length; i++) {
    if (same(hmac(pairs[i][0], signed), challenge.signature)) return solved(parameters, solution, pairs[i][1]);
  }
  return false;
}
async function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  if (GUARDED.indexOf(request.method + ' ' + request.uri) === -1) return request;
  var header = request.headers['${EDGE_PROOF_RULE.header}'];
  var text = header ? header.value.trim() : '';
  if (!text) return REQUIRED;
  if (text.length > ${EDGE_PROOF_RULE.maxBytes}) return INVALID;
  var keys;
  try {
    keys = await cf.kvs().get('${CHALLENGE_KEYS_ENTRY}', { format: 'json' });
  } catch (e) {
    // No keys written yet (a first deploy): the function checks the proof.
    return request;
  }
  try {
    return valid(text, keys, Date.now()) ? request : INVALID;
  } catch (e) {
    // Never a CloudFront error for a write: whatever the runtime refuses here, the function checks it.
    return request;
  }
}`;
}
