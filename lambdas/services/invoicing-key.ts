/**
 * The owner saves the invoicing provider's account and API key on "Definições › Faturação"
 * (docs/invoices.md): checked first with a harmless call of the provider (InvoiceXpress: its series),
 * so a wrong key or account is refused with nothing kept; then the key is written to its secret
 * (`{ apiKey }`) and its record (when, its last 4 characters, the account) kept beside the settings.
 * Nothing ever reads the key back to a screen.
 */
import { invoicingSettingsTexts } from '#shared/messages/index.ts';
import type { InvoicingKeyInput } from '#shared/schemas/settings.ts';
import { INVOICING_ENV } from '../contracts/env.ts';
import { InvalidInput, Unavailable } from '../errors.ts';
import { logger } from '../logger.ts';
import { setting } from '../repositories/environment.ts';
import { writeSecret } from '../repositories/secret-writes.ts';
import { saveInvoicingKeyRecord, type InvoicingKeyRecord } from '../repositories/settings.ts';
import { invoicingAdapter } from './invoicing-gateway.ts';
import { InvoicingProviderError } from './invoicing-provider.ts';

/** How many last characters of the key the record keeps, to tell which key was saved. */
export const INVOICING_KEY_HINT_LENGTH = 4;

const t = invoicingSettingsTexts;

/** Checks the key with the provider, then writes it to its secret and keeps its record; answers the record. */
export async function saveInvoicingKey(
  input: InvoicingKeyInput,
  by: string,
  now = new Date(),
): Promise<{ readonly key: InvoicingKeyRecord }> {
  try {
    await invoicingAdapter({ provider: input.provider, account: input.account }, input.apiKey).checkCredentials();
  } catch (error) {
    if (!(error instanceof InvoicingProviderError)) throw error;
    if (error.kind === 'unavailable') throw new Unavailable(t.keyUnavailable, 'invoicing_provider_unavailable', { cause: error });
    throw new InvalidInput(t.keyRefused, { apiKey: t.keyRefused }, 'invoicing_key_refused');
  }
  await writeSecret(setting(INVOICING_ENV.secretArn), JSON.stringify({ apiKey: input.apiKey }));
  const record: InvoicingKeyRecord = {
    savedAt: now.toISOString(),
    hint: input.apiKey.slice(-INVOICING_KEY_HINT_LENGTH),
    account: input.account,
  };
  await saveInvoicingKeyRecord(record);
  // Who and when; never the key (the hint is what the screen shows anyway).
  logger.info('invoicing key saved', { by, hint: record.hint, account: record.account });
  return { key: record };
}
