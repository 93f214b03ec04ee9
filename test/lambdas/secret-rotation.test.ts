/**
 * Secrets read at run time and rotated without downtime: `npm run rotate-secret`'s
 * steps (`infra/ops/rotate-secret.ts`) against a twin of this file's own, with the SDK's Secrets
 * Manager client talking to the twin's stand-in, and the real handlers reading the secret as in the
 * cloud. "Five minutes later" (the functions' cache) is `forgetSecrets()`: what a function reads then.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { rotateSecret, secretsManagerPort, type EdgePort, type SecretPort } from '#infra/ops/rotate-secret.ts';
import { OperatorError } from '#infra/ops/create-admin.ts';
import { forgetSecrets } from '#lambdas/repositories/secrets.ts';
import { ORDER_LINK_ENV, ORIGIN_ENV, ORIGIN_HEADER } from '#lambdas/contracts/env.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { twinInfo } from '../support/global-setup.ts';
import { createProduct, customerOrderView, placeOrder, reservationBody } from '../support/factories.ts';
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

const secretOf = (envVar: string): SecretPort => secretsManagerPort(client, own.env[envVar]!);
const quiet = () => undefined;
/** The token of an order's link under `key`, as `services/order-access.ts` makes it. */
const tokenUnder = (key: string, orderId: string) => createHmac('sha256', key).update(`order-access:${orderId}`).digest('base64url');

describe("the order-link key's rotation", () => {
  it('a link made with the previous key opens its order during the overlap and not after; new links use the new key', async () => {
    const piece = await createProduct({ stock: 5 });
    const before = (await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))).body.order;
    const oldKey = (await secretOf(ORDER_LINK_ENV.secretArn).get()).current;
    expect(before.accessToken).toBe(tokenUnder(oldKey, before.id));

    const rotated = await rotateSecret('order-link', 24, {
      secret: secretOf(ORDER_LINK_ENV.secretArn),
      challengeKeys: own.edgeOrigin.challengeKeys,
      waitForFunctions: async () => undefined,
      log: quiet,
    });
    expect(rotated).toMatchObject({ previous: oldKey });
    expect(rotated.current).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(Date.parse(rotated.previousUntil!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    forgetSecrets();

    // During the overlap: the old link and the same order's new link both open it; a new order's link uses the new key.
    expect((await customerOrderView(before.id, before.accessToken)).status).toBe(200);
    expect((await customerOrderView(before.id, tokenUnder(rotated.current, before.id))).status).toBe(200);
    const after = (await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]))).body.order;
    expect(after.accessToken).toBe(tokenUnder(rotated.current, after.id));
    // A second rotation while the first one's overlap lasts would cut it short: refused, nothing changed.
    await expect(
      rotateSecret('order-link', 24, {
        secret: secretOf(ORDER_LINK_ENV.secretArn),
        challengeKeys: own.edgeOrigin.challengeKeys,
        waitForFunctions: async () => undefined,
        log: quiet,
      }),
    ).rejects.toBeInstanceOf(OperatorError);
    expect(await secretOf(ORDER_LINK_ENV.secretArn).get()).toEqual(rotated);

    // The overlap over: the old link is refused (403, as any wrong link), the new ones still open.
    await secretOf(ORDER_LINK_ENV.secretArn).put({ ...rotated, previousUntil: new Date(Date.now() - 1000).toISOString() });
    forgetSecrets();
    expect((await customerOrderView(before.id, before.accessToken)).status).toBe(403);
    expect((await customerOrderView(before.id, tokenUnder(rotated.current, before.id))).status).toBe(200);
    expect((await customerOrderView(after.id, after.accessToken)).status).toBe(200);
  });
});

describe("the origin secret's rotation", () => {
  const through = (value: string) => call('GET', '/api/products', { base: own.apiOriginUrl, headers: { [ORIGIN_HEADER]: value } });
  /** The twin's front door as CloudFront: what it sends, switched by the rotation's CloudFront step. */
  const edge: EdgePort = {
    sends: async (candidates) => candidates.find((value) => value === own.edgeOrigin.value),
    switchOrigin: async (from, to) => {
      expect(own.edgeOrigin.value).toBe(from);
      own.edgeOrigin.value = to;
    },
  };

  it('the functions accept old and new value while CloudFront switches, then the new one only; the shop answers throughout', async () => {
    const old = own.edgeOrigin.value;
    expect((await through(old)).status).toBe(200);
    const during: Record<string, number> = {};
    const done = await rotateSecret('origin', 24, {
      secret: secretOf(ORIGIN_ENV.secretArn),
      edge,
      // The functions' cache runs out: from then on they read both values.
      waitForFunctions: async () => {
        forgetSecrets();
        const { current } = await secretOf(ORIGIN_ENV.secretArn).get();
        during.old = (await through(old)).status;
        during.new = (await through(current)).status;
        during.shop = (await call('GET', '/api/products')).status;
        during.wrong = (await through('x'.repeat(old.length))).status;
      },
      log: quiet,
    });
    expect(during).toEqual({ old: 200, new: 200, shop: 200, wrong: 403 });
    // CloudFront sends the new value, the secret holds it alone.
    expect(own.edgeOrigin.value).toBe(done.current);
    expect(done).toEqual({ current: expect.stringMatching(/^[A-Za-z0-9]{48}$/) });
    forgetSecrets();
    expect((await call('GET', '/api/products')).status).toBe(200);
    expect((await through(done.current)).status).toBe(200);
    expect((await through(old)).status).toBe(403);
  });

  it('stopped after the new value was put, running it again carries on: CloudFront switches, the old value is dropped', async () => {
    const old = own.edgeOrigin.value;
    const halfway = { current: 'N'.repeat(48), previous: old, previousUntil: new Date(Date.now() + 3_600_000).toISOString() };
    await secretOf(ORIGIN_ENV.secretArn).put(halfway);
    let waited = 0;
    const done = await rotateSecret('origin', 24, {
      secret: secretOf(ORIGIN_ENV.secretArn),
      edge,
      waitForFunctions: async () => void (waited += 1),
      log: quiet,
    });
    expect({ waited, sent: own.edgeOrigin.value, done }).toEqual({ waited: 1, sent: halfway.current, done: { current: halfway.current } });
    forgetSecrets();
    expect((await call('GET', '/api/products')).status).toBe(200);
  });

  it('refuses to start when CloudFront sends neither value (changed by hand), and changes nothing', async () => {
    const before = await secretOf(ORIGIN_ENV.secretArn).get();
    const elsewhere: EdgePort = { sends: async () => undefined, switchOrigin: async () => expect.unreachable() };
    await expect(
      rotateSecret('origin', 24, {
        secret: secretOf(ORIGIN_ENV.secretArn),
        edge: elsewhere,
        waitForFunctions: async () => undefined,
        log: quiet,
      }),
    ).rejects.toBeInstanceOf(OperatorError);
    expect(await secretOf(ORIGIN_ENV.secretArn).get()).toEqual(before);
  });
});
