/**
 * Back-in-stock requests as a customer makes them (double opt-in): ask through the real route, read the
 * confirmation mail the twin's SES received, and confirm through the real route with its link's token.
 * `seedConfirmedStockAlert` (`./stock-alert-seed.ts`) writes confirmed requests in bulk.
 */
import { handler as confirmStockAlert } from '#lambdas/handlers/stock-alerts/confirm.ts';
import { handler as createStockAlert } from '#lambdas/handlers/stock-alerts/create.ts';
import { itemsById } from '#lambdas/repositories/paging.ts';
import { stockAlertToken } from '#lambdas/services/stock-alert-links.ts';
import { invoke } from './events.ts';
import { mailsTo, type SentMail } from './factories.ts';
import { call, type Answer } from './twin.ts';

/** The subject of a confirmation mail ends with the piece; this is its start. */
export const CONFIRM_SUBJECT = 'Confirma o aviso de ';

/** POST /api/stock-alerts from a fresh client address. */
export function requestAlert(email: string, productId: string, variantId?: string): Promise<Answer<any>> {
  return call('POST', '/api/stock-alerts', { body: { email, productId, ...(variantId ? { variantId } : {}) } });
}

/** The confirmation mails `email` received (once the outbox has sent what it holds for it). */
export async function confirmationMails(email: string): Promise<SentMail[]> {
  return (await mailsTo(email)).filter((mail) => mail.subject.startsWith(CONFIRM_SUBJECT));
}

/** The id and token of the newest confirmation link `email` received, read from the mail's text. */
export async function confirmationOf(email: string): Promise<{ id: string; token: string }> {
  const mails = await confirmationMails(email);
  const text = mails.at(-1)?.body.text ?? '';
  const fragment = /\/aviso\/confirmar#(\S+)/.exec(text)?.[1];
  if (!fragment) throw new Error(`no confirmation link mailed to ${email}`);
  const params = new URLSearchParams(fragment);
  return { id: params.get('id') ?? '', token: params.get('t') ?? '' };
}

/** POST /api/stock-alerts/confirm with the link `email` received. */
export async function confirmAlert(email: string): Promise<Answer<any>> {
  return call('POST', '/api/stock-alerts/confirm', { body: await confirmationOf(email) });
}

/**
 * Asks and confirms in this worker, through the two routes' handlers (`invoke`): the token is rebuilt from
 * the stored request as the outbox consumer does for its mail (tests on their own tables, no SES).
 */
export async function askAndConfirmInProcess(body: { email: string; productId: string; variantId?: string }): Promise<string> {
  const asked = await invoke(createStockAlert, 'POST', '/api/stock-alerts', { body });
  if (asked.status >= 300) throw new Error(`stock alert refused: ${JSON.stringify(asked.body)}`);
  const id = String((asked.body as { id: string }).id);
  const [stored] = await itemsById('stockAlerts', [id]);
  const confirmed = await invoke(confirmStockAlert, 'POST', '/api/stock-alerts/confirm', {
    body: { id, token: await stockAlertToken(id, String(stored!.createdAt)) },
  });
  if (confirmed.status !== 200) throw new Error(`stock alert not confirmed: ${JSON.stringify(confirmed.body)}`);
  return id;
}
