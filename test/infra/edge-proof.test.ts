/**
 * The API's viewer-request CloudFront Function (`infra/common/edge-proof.ts`), its own source run as
 * the twin runs it (`infra/twin/edge-function.ts`): the proof of work's signature and expiry checked at
 * the edge as the function checks them (`lambdas/services/challenges.ts`), under the keys its
 * KeyValueStore holds, within CloudFront Functions' 10 KB.
 */
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { apiViewerRequestCode, CHALLENGE_KEYS_ENTRY, challengeKeysEntry, MAX_FUNCTION_BYTES } from '#infra/common/edge-proof.ts';
import { KeyValueStoreLocal, loadViewerFunction, type EdgeResult } from '#infra/twin/edge-function.ts';
import { CHALLENGE_ALGORITHM, CHALLENGE_COST } from '#lambdas/services/challenges.ts';
import { challengeSecretsOf } from '#lambdas/services/challenge-secrets.ts';
import { botCheckTexts } from '#shared/messages/bot-check.ts';
import { solved } from '../support/clients.ts';

const OLD = 'a'.repeat(64);
const NEW = 'b'.repeat(64);
const now = () => Math.floor(Date.now() / 1000);

/** A challenge as `newChallenge` makes it, under the order-link key `base`. */
function challengeUnder(base: string, expiresAt = now() + 600): Promise<Challenge> {
  const secrets = challengeSecretsOf(base);
  return createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: 3,
    data: { units: 2, maxNumber: 10 },
    deriveKey,
    expiresAt,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

function edgeWith(entry: string | undefined) {
  const store = new KeyValueStoreLocal();
  if (entry !== undefined) store.put(CHALLENGE_KEYS_ENTRY, entry);
  const run = loadViewerFunction(apiViewerRequestCode(), store);
  return (proof: string | undefined, method = 'POST', uri = '/api/orders'): Promise<EdgeResult> =>
    run({ request: { method, uri, headers: proof === undefined ? {} : { 'x-altcha': { value: proof } } }, viewer: { ip: '203.0.113.7' } });
}

const refused = (result: EdgeResult) =>
  'statusCode' in result ? (JSON.parse(result.body!.data) as { error: { code: string; message: string } }).error : undefined;
const reencoded = (
  proof: string,
  change: (payload: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void,
) => {
  const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
};

describe("the edge's check of a proof of work", () => {
  it("stays within CloudFront Functions' 10 KB", () => {
    expect(Buffer.byteLength(apiViewerRequestCode())).toBeLessThanOrEqual(MAX_FUNCTION_BYTES);
  });

  it('lets a solved challenge of the current key through, with the viewer IP; refuses a forged, expired or unsolved one', async () => {
    const edge = edgeWith(challengeKeysEntry({ current: NEW }));
    const proof = await solved(await challengeUnder(NEW));
    const through = await edge(proof);
    expect(refused(through)).toBeUndefined();
    expect((through as { headers: Record<string, { value: string }> }).headers['x-viewer-ip']).toEqual({ value: '203.0.113.7' });

    // Signed under a key the edge does not hold (a stranger's own), or with its parameters changed.
    expect(refused(await edge(await solved(await challengeUnder('c'.repeat(64)))))).toEqual({
      code: 'challenge_invalid',
      message: botCheckTexts.challengeInvalid,
    });
    expect(refused(await edge(reencoded(proof, (p) => (p.challenge.parameters.data = { units: 200, maxNumber: 10 }))))?.code).toBe(
      'challenge_invalid',
    );
    expect(
      refused(
        await edge(reencoded(proof, (p) => (p.challenge.signature = p.challenge.signature!.replace(/.$/, (c) => (c === '0' ? '1' : '0'))))),
      )?.code,
    ).toBe('challenge_invalid');
    // Expired (signed as such), or a solution whose key is not the signed one.
    expect(refused(await edge(await solved(await challengeUnder(NEW, now() - 1))))?.code).toBe('challenge_invalid');
    expect(refused(await edge(reencoded(proof, (p) => (p.solution.derivedKey = '00'.repeat(32)))))?.code).toBe('challenge_invalid');
    expect(refused(await edge('')) ?? {}).toMatchObject({ code: 'challenge_required' });
    expect(refused(await edge('bm90IGEgcHJvb2Y='))?.code).toBe('challenge_invalid');
  });

  it('checks only the guarded writes, and lets them through while no keys are written (the function checks)', async () => {
    const edge = edgeWith(challengeKeysEntry({ current: NEW }));
    expect(refused(await edge('bm90IGEgcHJvb2Y=', 'GET', '/api/orders'))).toBeUndefined();
    expect(refused(await edge(undefined, 'POST', '/api/orders/abc/cancel'))).toBeUndefined();
    expect(refused(await edge('bm90IGEgcHJvb2Y=', 'POST', '/api/contact-messages'))?.code).toBe('challenge_invalid');
    expect(refused(await edgeWith(undefined)('bm90IGEgcHJvb2Y='))).toBeUndefined();
  });

  it('lets a write through when its check fails in the runtime itself: the function checks, never a CloudFront error', async () => {
    const proof = await solved(await challengeUnder(NEW));
    // An entry the check cannot use (no current pair): indexing it throws inside the check.
    const result = await edgeWith(JSON.stringify({ current: null }))(proof);
    expect('statusCode' in result).toBe(false);
    expect((result as { headers: Record<string, { value: string }> }).headers['x-viewer-ip']).toEqual({ value: '203.0.113.7' });
  });

  it("accepts the previous key's challenges during a rotation's overlap, and not after it", async () => {
    const old = await solved(await challengeUnder(OLD));
    const fresh = await solved(await challengeUnder(NEW));
    const during = edgeWith(
      challengeKeysEntry({ current: NEW, previous: OLD, previousUntil: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(refused(await during(old))).toBeUndefined();
    expect(refused(await during(fresh))).toBeUndefined();
    // The entry written during the overlap, read after its end; and the entry written after it.
    const ended = { current: NEW, previous: OLD, previousUntil: new Date(Date.now() + 1_000).toISOString() };
    const late = edgeWith(challengeKeysEntry(ended));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(refused(await late(old))?.code).toBe('challenge_invalid');
    expect(JSON.parse(challengeKeysEntry(ended))).toEqual({ current: expect.any(Array) });
    expect(refused(await late(fresh))).toBeUndefined();
  });
});
