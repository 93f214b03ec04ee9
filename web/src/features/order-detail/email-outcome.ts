/**
 * The outbox sends an order's e-mails within moments of the move or the click that asked for them:
 * the order page reloads the order until its history shows the outcome of that kind of e-mail, so the
 * e-mail panel, its history and the timeline say what happened without a reload by hand.
 */
import type { Order } from '#shared/api.ts';
import type { AdminEmailKind } from '#shared/order-emails.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import type { AdminApi } from '#web/lib/admin/admin-api.ts';

/** How many records of `kind` the order's e-mail history holds. */
export function recordsOf(order: Order, kind: AdminEmailKind): number {
  return order.emails.filter((email) => email.kind === kind).length;
}

/** Whether the customer was sent `kind` already (a record that did not fail): a new one is a resend. */
export function sentBefore(order: Order, kind: AdminEmailKind): boolean {
  return order.emails.some((email) => email.kind === kind && email.status !== 'failed');
}

/** The e-mail a status move sends by itself, if any. */
export function emailOfMove(to: OrderStatus): AdminEmailKind | undefined {
  if (to === 'Enviar') return 'payment-confirmed';
  if (to === 'Enviado') return 'shipped';
  if (to === 'Encerrada') return 'order-cancelled';
  return undefined;
}

/**
 * Reloads the order (each second, at most 20 times) until it holds more than `recorded` records of
 * `kind`; each reload is shown (`onOrder`), so another e-mail's outcome arriving meanwhile shows too.
 */
export async function waitForEmail(
  api: AdminApi,
  orderId: string,
  kind: AdminEmailKind,
  recorded: number,
  onOrder: (order: Order) => void,
): Promise<void> {
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const reloaded = await api.order(orderId).catch(() => undefined);
    if (!reloaded) continue;
    onOrder(reloaded.order);
    if (recordsOf(reloaded.order, kind) > recorded) return;
  }
}
