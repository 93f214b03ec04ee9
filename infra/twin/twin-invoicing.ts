/**
 * The twin's invoicing (docs/invoices.md): its InvoiceXpress stand-in (`invoicing-local.ts`) and the
 * invoicing-key secret the invoices consumer reads, as the owner's "Definições › Faturação" would have
 * saved it. The twin's API key is made once and kept in the secret with the twin's data; the stand-in
 * is started with the key the secret holds, so the consumer's adapter and the stand-in agree. Its
 * documents are kept with the twin's data too (`INVOICING_STATE_FILE`).
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_INVOICING, type InvoicingSettings } from '#shared/invoices.ts';
import { invoicingKeyOf } from '#lambdas/services/invoicing-gateway.ts';
import { startInvoicingLocal, type InvoicingLocal } from './invoicing-local.ts';
import type { SecretsLocal } from './secrets-local.ts';

/** The twin's invoicing-key secret (the stack's is generated). */
export const LOCAL_INVOICING_KEY_SECRET = 'joias-invoicing-key';
/** The stand-in's documents in the twin's data folder (`invoicing-local.ts`'s `stateFile`). */
export const INVOICING_STATE_FILE = 'invoicing.json';
/** The twin's InvoiceXpress account name. */
export const LOCAL_INVOICING_ACCOUNT = 'joias-inox-twin';

export interface TwinInvoicing {
  readonly local: InvoicingLocal;
  /** The first settings record's "Faturação": the twin's account and key saved, on as asked. */
  readonly settings: InvoicingSettings;
}

/**
 * Makes the invoicing-key secret once, then starts the stand-in with the key it holds; `on`: the first
 * settings switch invoicing on; `stateFile`: where the stand-in keeps its documents (the twin's data
 * folder, `invoicing.json`), so a restart goes on numbering where it stopped.
 */
export async function startTwinInvoicing(secrets: SecretsLocal, on = false, stateFile?: string): Promise<TwinInvoicing> {
  const newKey = () => JSON.stringify({ apiKey: `twin_${randomBytes(20).toString('hex')}` });
  await secrets.ensure(LOCAL_INVOICING_KEY_SECRET, newKey);
  let apiKey = invoicingKeyOf(JSON.parse(secrets.current(LOCAL_INVOICING_KEY_SECRET)));
  if (!apiKey) {
    await secrets.put(LOCAL_INVOICING_KEY_SECRET, newKey());
    apiKey = invoicingKeyOf(JSON.parse(secrets.current(LOCAL_INVOICING_KEY_SECRET)))!;
  }
  const local = await startInvoicingLocal({ account: LOCAL_INVOICING_ACCOUNT, apiKey, ...(stateFile ? { stateFile } : {}) });
  const now = new Date().toISOString();
  const settings: InvoicingSettings = {
    ...DEFAULT_INVOICING,
    enabled: on,
    account: LOCAL_INVOICING_ACCOUNT,
    key: { savedAt: now, hint: apiKey.slice(-4) },
    ...(on ? { enabledAt: now } : {}),
  };
  return { local, settings };
}
