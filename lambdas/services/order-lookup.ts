/**
 * "A minha encomenda" by order number and e-mail: when both match an order, its link is e-mailed to
 * the order's address (through the outbox, like every mail); the answer is the same whether or not
 * they match, so trying numbers reveals nothing, and the link only ever reaches the customer's inbox.
 * One mail per order per window at most (a deterministic outbox id), on top of the route's per-client
 * and per-e-mail limits.
 */
import type { OrderLookupResponse } from '#shared/api.ts';
import { myOrderTexts } from '#shared/messages/index.ts';
import type { OrderLookupInput } from '#shared/schemas/index.ts';
import { getOrder } from '../repositories/orders.ts';
import { putMailIfNew } from '../repositories/outbox-store.ts';
import { customerMail } from './order-mail.ts';

/** At most one link mail per order in each window of this many seconds. */
export const ORDER_LINK_MAIL_WINDOW_SECONDS = 600;

export async function lookUpOrder(input: OrderLookupInput, now = new Date()): Promise<OrderLookupResponse> {
  const order = await getOrder(input.orderNumber);
  if (order && order.email.trim().toLowerCase() === input.email.trim().toLowerCase()) {
    const window = Math.floor(now.getTime() / 1000 / ORDER_LINK_MAIL_WINDOW_SECONDS);
    await putMailIfNew(
      {
        id: `order#${order.id}#order-link#${window}`,
        to: order.email,
        mail: customerMail(order, 'order-link'),
        effect: { kind: 'order', orderId: order.id, email: 'order-link' },
      },
      now,
    );
  }
  return { message: myOrderTexts.lookupSent };
}
