/**
 * The payment provider in use (docs/design.md §34): the keys the owner saved on "Definições" (the
 * payment-keys secret, `PaymentKeys` JSON, read at run time like the stage's other secrets and kept
 * `SECRET_CACHE_SECONDS`) turned into a `PaymentProvider`. Only the functions whose rows grant
 * `paymentKeys` may read the secret, and only they carry the `stripe` client in their bundle.
 *
 * In the twin, `PAYMENT_KEYS_ENV.endpoint` points the same adapter at the local provider
 * (`infra/twin/payments-local.ts`); in the cloud it is unset and the client calls the provider.
 */
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { PAYMENT_KEYS_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { readSecretJson } from '../repositories/secrets.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { stripeProvider, type StripeConfig } from './stripe-payments.ts';

/** The keys as saved: undefined while the secret holds none (its first value is `{}`). */
export function paymentKeysOf(value: unknown): PaymentKeys | undefined {
  const keys = value as Partial<PaymentKeys> | null;
  return keys?.provider === 'stripe' &&
    typeof keys.secretKey === 'string' &&
    keys.secretKey &&
    typeof keys.webhookSecret === 'string' &&
    keys.webhookSecret
    ? (keys as PaymentKeys)
    : undefined;
}

/** The endpoint-signing secrets accepted at `now`: the current one, and the previous one until its overlap ends. */
export function webhookSecretsAt(keys: PaymentKeys, now: Date): string[] {
  const overlap = keys.previousWebhookSecret && now.getTime() < Date.parse(keys.previousUntil ?? '');
  return overlap ? [keys.webhookSecret, keys.previousWebhookSecret!] : [keys.webhookSecret];
}

/** The twin's local provider (`http://127.0.0.1:<port>`), from the environment; absent in the cloud. */
function localEndpoint(): StripeConfig['endpoint'] {
  const url = process.env[PAYMENT_KEYS_ENV.endpoint];
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** The last provider made, and the keys it was made from (a new one only when the keys change). */
let made: { readonly key: string; readonly provider: PaymentProvider } | undefined;

/**
 * The payment provider of the keys saved now, or undefined while none are saved. Throws when the
 * function has no `paymentKeys` grant (no secret ARN in its environment; the twin refuses the read too).
 */
export async function paymentProvider(now = new Date()): Promise<PaymentProvider | undefined> {
  const keys = paymentKeysOf(await readSecretJson(setting(PAYMENT_KEYS_ENV.secretArn)));
  if (!keys) return undefined;
  const endpoint = localEndpoint();
  const webhookSecrets = webhookSecretsAt(keys, now);
  const key = JSON.stringify([keys.secretKey, webhookSecrets, endpoint]);
  if (made?.key !== key)
    made = { key, provider: stripeProvider({ secretKey: keys.secretKey, webhookSecrets, ...(endpoint ? { endpoint } : {}) }) };
  return made.provider;
}
