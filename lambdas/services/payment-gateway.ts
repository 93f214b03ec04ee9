/**
 * The payment provider of the shop (docs/design.md §34): the Stripe adapter with the keys the owner
 * saved (`PaymentKeys`, read at run time from the keys secret: `PAYMENT_KEYS_ENV`, the `paymentKeys`
 * grant), pointed at the twin's local provider when `PAYMENT_PROVIDER_ENDPOINT` is set. Undefined while
 * no keys are saved: nothing automatic is offered, and no notification can be verified.
 */
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { PAYMENT_KEYS_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { readSecretJson } from '../repositories/secrets.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { stripeProvider, type StripeConfig } from './stripe-payments.ts';

/** The client made for the keys last read (the keys secret is read at most every few minutes, `repositories/secrets.ts`). */
let made: { readonly config: string; readonly provider: PaymentProvider } | undefined;

/** The signing secrets a notification may be signed with at `now`: the current one, and the previous one until its overlap ends. */
export function webhookSecretsAt(keys: PaymentKeys, now: Date): string[] {
  const overlap = keys.previousWebhookSecret && now.getTime() < Date.parse(keys.previousUntil ?? '');
  return overlap ? [keys.webhookSecret, keys.previousWebhookSecret!] : [keys.webhookSecret];
}

/** The twin's local provider (`http://127.0.0.1:<port>`), as the `stripe` client takes it; none in the cloud. */
function endpointOf(url: string | undefined): StripeConfig['endpoint'] {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'https' ? 443 : 80)), protocol };
}

export async function paymentProvider(now = new Date()): Promise<PaymentProvider | undefined> {
  const keys = await readSecretJson<Partial<PaymentKeys>>(setting(PAYMENT_KEYS_ENV.secretArn));
  if (keys.provider !== 'stripe' || !keys.secretKey || !keys.webhookSecret) return undefined;
  const endpoint = endpointOf(process.env[PAYMENT_KEYS_ENV.endpoint]);
  const config: StripeConfig = { secretKey: keys.secretKey, webhookSecrets: webhookSecretsAt(keys as PaymentKeys, now), ...(endpoint ? { endpoint } : {}) };
  const key = JSON.stringify(config);
  if (made?.config !== key) made = { config: key, provider: stripeProvider(config) };
  return made.provider;
}
