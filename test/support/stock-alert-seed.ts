/**
 * A confirmed back-in-stock request written without its confirmation mail, for tests and the bench that
 * need thousands: the repository's own writes, conditions and pending count; only the mail is left out
 * (`./stock-alerts.ts` walks the customer's way, mail and link). No vitest import: the bench uses it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { confirmStockAlert, newStockAlertPut, stockAlertId } from '#lambdas/repositories/stock-alerts.ts';
import { writeTransaction } from '#lambdas/repositories/transactions.ts';

/** A confirmed (pending) request, written by the repository with a token nobody has, and no mail. */
export async function seedConfirmedStockAlert(
  alert: { email: string; productId: string; productName: string },
  now = new Date(),
): Promise<string> {
  const hash = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
  const result = await writeTransaction([newStockAlertPut(alert, hash, now)], randomBytes(16).toString('hex'));
  if (!result.written) throw new Error(`request of ${alert.email} not written`);
  const id = stockAlertId(alert.productId, alert.email);
  if (!(await confirmStockAlert(id, hash, now))) throw new Error(`request of ${alert.email} not confirmed`);
  return id;
}
