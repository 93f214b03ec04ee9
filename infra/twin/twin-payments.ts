/**
 * The twin's automatic payments (docs/design.md §34): its local provider (`payments-local.ts`) and the
 * payment-keys secret the functions read, as the owner's "Definições" would have saved it.
 *
 * The twin's keys (`sk_test_twin_…`, `whsec_…`) are made once and kept in the secret with the twin's
 * data; the local provider is started with the keys the secret holds, so the functions' adapter and the
 * provider agree, and the provider signs its notifications with that endpoint secret. Its
 * notifications go to the shop's front door (`POST /api/payments/stripe`), as Stripe's go to CloudFront.
 */
import { randomBytes } from 'node:crypto';
import type { AutomaticPayments, PaymentKeys } from '#shared/automatic-payments.ts';
import { paymentKeysOf } from '#lambdas/services/payment-gateway.ts';
import { INVOICING_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { startPaymentsLocal, type PaymentsLocal } from './payments-local.ts';
import { localSecretArn, type SecretsLocal } from './secrets-local.ts';
import { LOCAL_INVOICING_KEY_SECRET, startTwinInvoicing, type TwinInvoicing } from './twin-invoicing.ts';
export { INVOICING_STATE_FILE } from './twin-invoicing.ts';
export type { InvoicingLocal } from './invoicing-local.ts';

/** The twin's payment-keys secret (the stack's is generated). */
export const LOCAL_PAYMENT_KEYS_SECRET = 'joias-payment-keys';

/** The path of the provider's notifications on the shop's origin (the route of `POST /api/payments/stripe`). */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/stripe';

/** A new pair of the twin's keys, in Stripe's forms (a test key and an endpoint signing secret). */
export function newLocalPaymentKeys(): PaymentKeys {
  return {
    provider: 'stripe',
    secretKey: `sk_test_twin_${randomBytes(18).toString('base64url')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
  };
}

/**
 * The settings' `automaticPayments` of a new twin: the keys are saved (the secret holds the twin's), the
 * methods as asked (off by default: the shop works as with manual methods only).
 */
export function localAutomaticPayments(
  keys: PaymentKeys,
  on: Partial<Pick<AutomaticPayments, 'mbway' | 'multibanco'>> = {},
): AutomaticPayments {
  return {
    mbway: on.mbway ?? false,
    multibanco: on.multibanco ?? false,
    keys: { savedAt: new Date().toISOString(), hint: keys.secretKey.slice(-4) },
  };
}

/** The twin's local providers (payments, and invoicing: `twin-invoicing.ts`) and what a new twin's settings say of them. */
export interface TwinPayments {
  readonly local: PaymentsLocal;
  /** The first settings record's `automaticPayments`: the twin's keys saved, the methods as asked. */
  readonly automaticPayments: AutomaticPayments;
  readonly invoicing: TwinInvoicing;
  /** Stops both stand-ins. */
  stop(): Promise<void>;
}

/** The handlers' environment of the providers' secrets and the twin's stand-ins (the cloud sets the ARNs only). */
export function providersEnv(
  endpoints: { readonly payments: string; readonly invoicing: string },
  paymentKeysSecret: string,
): Record<string, string> {
  return {
    [PAYMENT_KEYS_ENV.secretArn]: localSecretArn(paymentKeysSecret),
    [PAYMENT_KEYS_ENV.endpoint]: endpoints.payments,
    [INVOICING_ENV.secretArn]: localSecretArn(LOCAL_INVOICING_KEY_SECRET),
    [INVOICING_ENV.endpoint]: endpoints.invoicing,
  };
}

/**
 * Makes the payment-keys secret once (the twin's keys), then starts the local provider with the keys it
 * holds (a value that is not keys, e.g. `{}`, is replaced by new twin keys). The caller points its
 * notifications at the front door once that runs (`setWebhookUrl`), as Stripe's reach CloudFront.
 */
export async function startTwinPayments(
  secrets: SecretsLocal,
  on?: Partial<Pick<AutomaticPayments, 'mbway' | 'multibanco'>>,
  invoicingOn?: boolean,
  invoicingStateFile?: string,
): Promise<TwinPayments> {
  await secrets.ensure(LOCAL_PAYMENT_KEYS_SECRET, () => JSON.stringify(newLocalPaymentKeys()));
  let keys = paymentKeysOf(JSON.parse(secrets.current(LOCAL_PAYMENT_KEYS_SECRET)));
  if (!keys) {
    keys = newLocalPaymentKeys();
    await secrets.put(LOCAL_PAYMENT_KEYS_SECRET, JSON.stringify(keys));
  }
  const local = await startPaymentsLocal({ secretKey: keys.secretKey, webhookSecret: keys.webhookSecret });
  const invoicing = await startTwinInvoicing(secrets, invoicingOn, invoicingStateFile).catch(async (error: unknown) => {
    await local.stop();
    throw error;
  });
  const stop = async () => {
    await Promise.all([local.stop(), invoicing.local.stop()]);
  };
  return { local, automaticPayments: localAutomaticPayments(keys, on), invoicing, stop };
}
