/**
 * The twin's secrets in its Secrets Manager (`secrets-local.ts`), as the stack's: their names, and the
 * origin secret and order-link key made at the start (the payment keys: `twin-payments.ts`).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRotatingSecret } from '#lambdas/repositories/secrets.ts';
import { CHALLENGE_KEYS_ENTRY } from '../common/edge-proof.ts';
import { writeChallengeKeys, type ChallengeKeysPort } from '../ops/challenge-keys.ts';
import { apiBehindEdgeFunction, KeyValueStoreLocal } from './edge-function.ts';
import type { FrontDoorApi } from './front-door.ts';
import type { SecretsLocal } from './secrets-local.ts';
import { LOCAL_PAYMENT_KEYS_SECRET } from './twin-payments.ts';

/** The names of the twin's secrets in its Secrets Manager (the stack's are generated). */
export const LOCAL_SECRETS = { origin: 'joias-origin', orderLink: 'joias-order-link', paymentKeys: LOCAL_PAYMENT_KEYS_SECRET } as const;

/** What the twin's CloudFront holds, as the cloud's does after a deploy. */
export interface LocalEdge {
  /** The origin secret's value it sends to the API (a rotation switches it). */
  value: string;
  /** The API function's KeyValueStore: the challenges' keys (`infra/common/edge-proof.ts`). */
  readonly keyValueStore: KeyValueStoreLocal;
  /** The KeyValueStore as the deploy and the rotation write it (`infra/ops/challenge-keys.ts`). */
  readonly challengeKeys: ChallengeKeysPort;
}

/**
 * The twin's secrets, as the stack's: the order-link key generated once and kept with the twin's data
 * (the links of e-mails already sent keep opening their orders after a restart; a key of an older
 * `.data/`, `order-link.key`, is taken over), and a new origin secret per start, which only the front
 * door knows. Each a JSON `RotatingSecret`, as in the cloud. The challenges' keys go to the edge's
 * KeyValueStore, as the deploy writes them.
 */
export async function localSecrets(secrets: SecretsLocal, dataDir: string): Promise<LocalEdge> {
  const older = (await readFile(join(dataDir, 'order-link.key'), 'utf8').catch(() => '')).trim();
  await secrets.ensure(LOCAL_SECRETS.orderLink, () => JSON.stringify({ current: older || randomBytes(48).toString('base64url') }));
  const originSecret = randomBytes(32).toString('base64url');
  await secrets.ensure(LOCAL_SECRETS.origin, () => JSON.stringify({ current: originSecret }));
  await secrets.put(LOCAL_SECRETS.origin, JSON.stringify({ current: originSecret }));
  const keyValueStore = new KeyValueStoreLocal();
  const challengeKeys: ChallengeKeysPort = { put: async (value) => keyValueStore.put(CHALLENGE_KEYS_ENTRY, value) };
  await writeChallengeKeys(challengeKeys, parseRotatingSecret(secrets.current(LOCAL_SECRETS.orderLink)));
  // What CloudFront holds: the origin secret's value when the front door starts (as at a deploy).
  return { value: originSecret, keyValueStore, challengeKeys };
}

/** The API behind the twin's CloudFront Function of `/api/*`, which reads `edge`'s KeyValueStore (`edge-function.ts`). */
export const apiBehindEdge = (api: FrontDoorApi, edge: LocalEdge): FrontDoorApi => apiBehindEdgeFunction(api, edge.keyValueStore);
