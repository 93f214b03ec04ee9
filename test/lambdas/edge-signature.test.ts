/**
 * The proof of work's signature checked at the edge (docs/abuse.md): the twin's front door runs the
 * API's CloudFront Function (`infra/common/edge-proof.ts`, the very source CloudFront runs) with its
 * KeyValueStore filled as the deploy fills it. A forged or an expired challenge is refused there, as the
 * function would refuse it, and never reaches the gateway (so never spends the checkout's bucket); a
 * solved one reaches it; during the order-link key's rotation the previous key's challenges still pass.
 */
import { randomUUID } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { rotateSecret, secretsManagerPort } from '#infra/ops/rotate-secret.ts';
import { writeChallengeKeys } from '#infra/ops/challenge-keys.ts';
import { ORDER_LINK_ENV } from '#lambdas/contracts/env.ts';
import { forgetSecrets } from '#lambdas/repositories/secrets.ts';
import { CHALLENGE_ALGORITHM, CHALLENGE_COST } from '#lambdas/services/challenges.ts';
import { challengeSecretsOf } from '#lambdas/services/challenge-secrets.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { twinInfo } from '../support/global-setup.ts';
import { solved, solvedChallenge } from '../support/clients.ts';
import { createProduct, reservationBody } from '../support/factories.ts';
import { call, useOwnTwin } from '../support/twin.ts';

let own: Twin;
let client: SecretsManagerClient;

beforeAll(async () => {
  own = await startTwin({
    port: 0,
    seed: false,
    throttle: false,
    scheduledJobs: false,
    challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
  });
  useOwnTwin(twinInfo(own));
  client = new SecretsManagerClient({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: own.endpoints.secretsmanager });
}, 120_000);
afterAll(async () => {
  client?.destroy();
  await own?.stop();
});

const orderLinkSecret = () => secretsManagerPort(client, own.env[ORDER_LINK_ENV.secretArn]!);

/** A solved challenge for one unit signed under the order-link key `base`, expiring at `expiresAt` (seconds). */
async function proofUnder(base: string, expiresAt: number): Promise<string> {
  const secrets = challengeSecretsOf(base);
  const challenge = await createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost: CHALLENGE_COST,
    counter: 3,
    data: { units: 1, maxNumber: SETTINGS_LIMITS.challengeMaxNumber.min },
    deriveKey,
    expiresAt,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  return solved(challenge);
}

/** A checkout of one piece with `proof`; its answer and whether it reached the gateway. */
async function checkout(productId: string, proof: string): Promise<{ status: number; code?: string; reached: boolean }> {
  const before = own.invocations.requests;
  const answer = await call('POST', '/api/orders', {
    body: reservationBody([{ productId, quantity: 1 }]),
    headers: { 'x-altcha': proof, 'idempotency-key': randomUUID() },
    challenge: false,
  });
  return { status: answer.status, code: answer.body?.error?.code, reached: own.invocations.requests > before };
}

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

describe("the edge's check of the proof's signature", () => {
  it('refuses a forged and an expired challenge without reaching the gateway; a solved one reaches it', async () => {
    const piece = await createProduct({ stock: 5 });
    const key = (await orderLinkSecret().get()).current;
    // Signed under a key of the stranger's own: the shop's shape, not the shop's signature.
    expect(await checkout(piece.id, await proofUnder('x'.repeat(64), inSeconds(600)))).toEqual({
      status: 400,
      code: 'challenge_invalid',
      reached: false,
    });
    // Signed by the shop (its own key), expired.
    expect(await checkout(piece.id, await proofUnder(key, inSeconds(-5)))).toEqual({
      status: 400,
      code: 'challenge_invalid',
      reached: false,
    });
    // One the shop handed out, solved: through the edge, and the checkout reserves.
    expect(await checkout(piece.id, await solvedChallenge(own.url))).toEqual({ status: 201, code: undefined, reached: true });
  });

  it("accepts the previous key's challenges during the rotation's overlap, and refuses them once the overlap is over", async () => {
    const piece = await createProduct({ stock: 5 });
    const oldProofs = [await solvedChallenge(own.url), await solvedChallenge(own.url)];
    const rotated = await rotateSecret('order-link', 24, {
      secret: orderLinkSecret(),
      challengeKeys: own.edgeOrigin.challengeKeys,
      waitForFunctions: async () => undefined,
      log: () => undefined,
    });
    forgetSecrets();
    expect(await checkout(piece.id, oldProofs[0]!)).toEqual({ status: 201, code: undefined, reached: true });
    expect(await checkout(piece.id, await proofUnder(rotated.current, inSeconds(600)))).toEqual({
      status: 201,
      code: undefined,
      reached: true,
    });

    // The overlap over: the keys written then (the next deploy) hold the current key alone.
    const over = { ...rotated, previousUntil: new Date(Date.now() - 1000).toISOString() };
    await orderLinkSecret().put(over);
    await writeChallengeKeys(own.edgeOrigin.challengeKeys, over);
    forgetSecrets();
    expect(await checkout(piece.id, oldProofs[1]!)).toEqual({ status: 400, code: 'challenge_invalid', reached: false });
  });
});
