/**
 * The stage's secrets (the origin secret, the order-link key), read at run time from Secrets Manager:
 * a function's environment holds only the secret's ARN (`ORIGIN_ENV`, `ORDER_LINK_ENV`), its role
 * `secretsmanager:GetSecretValue` on that one secret. The one place a function reads a secret (the one
 * secret a function writes, the payment provider's keys, is written by `secret-writes.ts`).
 *
 * - **Read once, kept a while:** the first use in a cold start reads it; the value is kept
 *   {@link SECRET_CACHE_SECONDS} and read again after, so a rotation reaches warm functions too.
 * - **Rotation with an overlap:** the secret is JSON `{ "current", "previous"?, "previousUntil"? }`
 *   (`RotatingSecret`). New links and CloudFront use `current`; until `previousUntil` (an ISO time)
 *   `previous` is accepted too, so links already e-mailed and requests CloudFront signs with the old
 *   value keep working for the overlap window, and no longer after it (`npm run rotate-secret`).
 * - **Small:** one `GetSecretValue` call signed with the SDK's own signer (`@smithy/signature-v4`, in
 *   every bundle already for DynamoDB) and sent by `fetch`, not Secrets Manager's client, which would
 *   add its weight to every API function (the read routes stay under 250 KB: `test/lambdas/bundles.test.ts`).
 *   The endpoint is Secrets Manager's in the function's region, or `AWS_ENDPOINT_URL_SECRETS_MANAGER`
 *   (the twin's stand-in, `infra/twin/secrets-local.ts`), as the SDK's clients would take it.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider, HttpRequest } from '@smithy/types';
import { setting } from './environment.ts';

/** How long a function keeps a secret it read before reading it again (a rotation reaches it within this). */
export const SECRET_CACHE_SECONDS = 300;

/** A secret's value as Secrets Manager keeps it (`SecretString`, JSON). */
export interface RotatingSecret {
  /** The value in use: what new links are signed with and what CloudFront sends. */
  readonly current: string;
  /** The value before the last rotation, still accepted until {@link previousUntil}. */
  readonly previous?: string;
  /** ISO time the overlap ends; `previous` is refused from then on. */
  readonly previousUntil?: string;
}

/** What a reader may do with a secret at one moment: sign with `current`, accept any of `accepted`. */
export interface SecretValues {
  readonly current: string;
  /** `current` first, then `previous` while the overlap lasts. */
  readonly accepted: readonly string[];
}

/** Parses a secret's JSON (`RotatingSecret`; the stack and the twin write it, `npm run rotate-secret` checks it). */
export function parseRotatingSecret(text: string): RotatingSecret {
  return JSON.parse(text) as RotatingSecret;
}

/** The values accepted at `now`: the previous one only before its overlap ends (never without an end). */
export function secretValuesAt(secret: RotatingSecret, now: Date): SecretValues {
  // No end (NaN) is no overlap.
  const overlap = secret.previous && now.getTime() < Date.parse(secret.previousUntil!);
  return { current: secret.current, accepted: overlap ? [secret.current, secret.previous!] : [secret.current] };
}

const readChecks: ((secretId: string) => void)[] = [];

/**
 * Registers a check run before each read (the twin's IAM, `infra/twin/function-scope.ts`: it refuses
 * a function without `secretsmanager:GetSecretValue` on the secret). Nothing registers one in the cloud.
 */
export function onSecretRead(check: (secretId: string) => void): void {
  readChecks.push(check);
}

const writeChecks: ((secretId: string) => void)[] = [];

/** The same for each write (`secretsmanager:PutSecretValue`, `secret-writes.ts`). */
export function onSecretWrite(check: (secretId: string) => void): void {
  writeChecks.push(check);
}

/** Runs the registered checks of a read or a write made outside `readSecret` (`secret-writes.ts`). */
export function checkSecretAccess(secretId: string, access: 'read' | 'write'): void {
  for (const check of access === 'write' ? writeChecks : readChecks) check(secretId);
}

let credentials: AwsCredentialIdentityProvider | undefined;

/** Each secret read (its JSON, parsed), and until when it is kept (a failed read is not kept). */
const cache = new Map<string, { readonly until: number; readonly value: unknown }>();

/**
 * The values of the secret `secretId`, read at most every {@link SECRET_CACHE_SECONDS}. Give it the ARN
 * the function's environment holds (`setting(ORIGIN_ENV.secretArn)`): the grant that brings that
 * variable is the one that lets the function read the secret. The read is one `GetSecretValue` call
 * signed with the SDK's signer and sent by `fetch`.
 */
// An arrow: the read routes' bundles are at their size budget (`test/lambdas/bundles.test.ts`).
export const readSecret = async (secretId: string, now = new Date()): Promise<SecretValues> =>
  secretValuesAt((await readSecretJson(secretId)) as RotatingSecret, now);

/**
 * The JSON of the secret `secretId` as it is kept (a secret that is not a `RotatingSecret`: the payment
 * provider's keys, `PaymentKeys`), read and kept like {@link readSecret}.
 */
export async function readSecretJson(secretId: string): Promise<unknown> {
  // Checked on every read, kept or not: the twin's functions share one process, and so this cache.
  for (const check of readChecks) check(secretId);
  let kept = cache.get(secretId);
  if (!kept || Date.now() >= kept.until) {
    const region = setting('AWS_REGION');
    const endpoint = new URL(process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? `https://secretsmanager.${region}.amazonaws.com`);
    const body = JSON.stringify({ SecretId: secretId });
    // The clients' own default chain (in Lambda the role's credentials, from the environment). The
    // signed `host` is the one fetch sends anyway (Node's fetch takes it as given).
    const signed = await new SignatureV4({
      service: 'secretsmanager',
      region,
      credentials: (credentials ??= defaultProvider()),
      sha256: Sha256,
    }).sign({
      method: 'POST',
      hostname: endpoint.hostname,
      path: '/',
      headers: { host: endpoint.host, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
      body,
    } as unknown as HttpRequest);
    const answer = await fetch(endpoint.href, { method: 'POST', headers: signed.headers, body });
    const text = await answer.text();
    // Secrets Manager's error is JSON `{ __type, message }` naming the secret and the refusal (no value).
    if (!answer.ok) throw new Error(text);
    kept = {
      until: Date.now() + SECRET_CACHE_SECONDS * 1000,
      value: JSON.parse((JSON.parse(text) as { SecretString: string }).SecretString) as unknown,
    };
    cache.set(secretId, kept);
  }
  return kept.value;
}

/** Forgets what this instance kept of one secret (it was just written). */
export function forgetSecret(secretId: string): void {
  cache.delete(secretId);
}

/** Forgets every kept secret: the next read asks Secrets Manager (what a new cold start does). */
export function forgetSecrets(): void {
  cache.clear();
}
