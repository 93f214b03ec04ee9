import { placeOrderSchema } from '#shared/schemas/index.ts';
import { clientOf, httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { placeOrder } from '../../services/orders.ts';

export const handler = httpRoute('POST /api/orders', { body: placeOrderSchema }, async ({ body, headers, event }) => {
  const placed = await placeOrder(body, headers['idempotency-key'], clientOf(event));
  return json(placed.status, placed.body);
});
