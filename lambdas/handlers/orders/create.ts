import { placeOrderSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { proofClaims } from '../../services/proof-claims.ts';
import { placeOrder } from '../../services/orders.ts';

export const handler = httpRoute('POST /api/orders', { body: placeOrderSchema }, async ({ body, headers }) => {
  const placed = await placeOrder(body, headers['idempotency-key'], proofClaims);
  return json(placed.status, placed.body);
});
