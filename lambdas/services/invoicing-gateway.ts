/**
 * The invoicing provider in use (docs/invoices.md): "Faturação" of the settings (provider, account) and
 * the API key the owner saved (the invoicing-key secret, `{ apiKey }`, read at run time and kept
 * `SECRET_CACHE_SECONDS`), turned into an `InvoicingProvider`. Only the functions whose rows grant
 * `invoicingKey` may read the secret. In the twin, `INVOICING_ENV.endpoint` points the adapter at the
 * local stand-in (`infra/twin/invoicing-local.ts`).
 */
import { invoicingOn, type InvoicingSettings } from '#shared/invoices.ts';
import { INVOICING_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { readSecretJson } from '../repositories/secrets.ts';
import type { InvoicingProvider } from './invoicing-provider.ts';
import { invoiceXpressProvider } from './invoicexpress-invoicing.ts';

/** The secret's value: the API key, or undefined while none was saved (its first value is `{}`). */
export function invoicingKeyOf(value: unknown): string | undefined {
  const key = (value as { apiKey?: unknown } | null)?.apiKey;
  return typeof key === 'string' && key ? key : undefined;
}

/** The adapter of `settings`' provider with `apiKey` (the twin's stand-in when its endpoint is set). */
export function invoicingAdapter(settings: Pick<InvoicingSettings, 'provider' | 'account'>, apiKey: string): InvoicingProvider {
  const endpoint = process.env[INVOICING_ENV.endpoint];
  return invoiceXpressProvider({ account: settings.account, apiKey, ...(endpoint ? { endpoint } : {}) });
}

/**
 * The provider of the settings in force, or undefined while invoicing is off (or no key is saved).
 * Throws when the function has no `invoicingKey` grant (the twin refuses the read too).
 */
export async function invoicingProvider(settings: InvoicingSettings): Promise<InvoicingProvider | undefined> {
  if (!invoicingOn(settings)) return undefined;
  const apiKey = invoicingKeyOf(await readSecretJson(setting(INVOICING_ENV.secretArn)));
  return apiKey ? invoicingAdapter(settings, apiKey) : undefined;
}
