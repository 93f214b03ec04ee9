/**
 * The owner saves the payment provider's keys on "Definições" (docs/design.md §34): checked first with a
 * harmless call of the provider (Stripe: reading the balance), so a wrong key is refused with nothing
 * kept; then written to the payment-keys secret (`PaymentKeys`, JSON) and their record (when, the
 * secret key's last 4 characters) kept beside the settings. Nothing ever reads the keys back to a screen.
 *
 * A new webhook signing secret keeps the one before it accepted for {@link WEBHOOK_SECRET_OVERLAP_HOURS}
 * (`previousWebhookSecret`): notifications already signed with it, or sent while the owner changes the
 * endpoint's secret in Stripe's dashboard, still verify.
 */
import type { PaymentKeys } from '#shared/automatic-payments.ts';
import { paymentKeysTexts } from '#shared/messages/index.ts';
import type { PaymentKeysInput } from '#shared/schemas/settings.ts';
import { PAYMENT_KEYS_ENV } from '../contracts/env.ts';
import { InvalidInput, Unavailable } from '../errors.ts';
import { logger } from '../logger.ts';
import { setting } from '../repositories/environment.ts';
import { readSecretNow, writeSecret } from '../repositories/secret-writes.ts';
import { savePaymentKeysRecord, type PaymentKeysRecord } from '../repositories/settings.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { stripeEndpoint, stripeProvider } from './stripe-payments.ts';

/** How long the webhook signing secret before a change is still accepted (Stripe lets a rolled secret live up to 24 hours). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** How many last characters of the secret key the record keeps, to tell which key was saved. */
export const KEY_HINT_LENGTH = 4;

const v = paymentKeysTexts;

/** Asks the provider whether `input`'s secret key works: 400 (the key refused) or 503 (no answer), nothing kept. */
async function checkWithProvider(input: PaymentKeysInput): Promise<void> {
  const endpoint = process.env[PAYMENT_KEYS_ENV.endpoint];
  const provider = stripeProvider({
    secretKey: input.secretKey,
    webhookSecrets: [input.webhookSecret],
    ...(endpoint ? { endpoint: stripeEndpoint(endpoint) } : {}),
  });
  try {
    await provider.checkCredentials();
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'unavailable') throw new Unavailable(v.stripeUnavailable, 'payment_provider_unavailable', { cause: error });
    throw new InvalidInput(v.stripeKeyRefused, { secretKey: v.stripeKeyRefused }, 'payment_keys_refused');
  }
}

/** The signing secret the secret held before, when it still counts at `now` (a change keeps the one before it a while). */
function previousSecret(kept: string, next: string, now: Date): Pick<PaymentKeys, 'previousWebhookSecret' | 'previousUntil'> {
  let before: Partial<PaymentKeys> | undefined;
  try {
    before = JSON.parse(kept) as Partial<PaymentKeys>;
  } catch {
    // Not JSON: nothing was saved before.
  }
  const until = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000).toISOString();
  if (typeof before?.webhookSecret === 'string' && before.webhookSecret && before.webhookSecret !== next)
    return { previousWebhookSecret: before.webhookSecret, previousUntil: until };
  // The same secret saved again: an overlap under way goes on to its end.
  const running =
    before?.previousWebhookSecret &&
    before.previousUntil &&
    Date.parse(before.previousUntil) > now.getTime() &&
    before.previousWebhookSecret !== next;
  return running ? { previousWebhookSecret: before!.previousWebhookSecret!, previousUntil: before!.previousUntil! } : {};
}

/** Checks the keys with the provider, then writes them to their secret and keeps their record; answers the record. */
export async function savePaymentKeys(
  input: PaymentKeysInput,
  by: string,
  now = new Date(),
): Promise<{ readonly keys: PaymentKeysRecord }> {
  await checkWithProvider(input);
  const secretId = setting(PAYMENT_KEYS_ENV.secretArn);
  const keys: PaymentKeys = {
    provider: 'stripe',
    secretKey: input.secretKey,
    webhookSecret: input.webhookSecret,
    ...previousSecret(await readSecretNow(secretId), input.webhookSecret, now),
  };
  await writeSecret(secretId, JSON.stringify(keys));
  const record: PaymentKeysRecord = { savedAt: now.toISOString(), hint: input.secretKey.slice(-KEY_HINT_LENGTH) };
  await savePaymentKeysRecord(record);
  // Who and when; never a key (the hint is what the screen shows anyway).
  logger.info('payment keys saved', { by, hint: record.hint });
  return { keys: record };
}
