import { placeOrderSchema } from '#shared/schemas/index.ts';
import { VIEWER_IP_HEADER } from '../../contracts/env.ts';
import { httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { watchHeldShareQuietly } from '../../services/held-share.ts';
import { proofClaims } from '../../services/proof-claims.ts';
import { placeOrder } from '../../services/orders.ts';
import { clientId } from '../../services/rate-limits.ts';

export const handler = httpRoute('POST /api/orders', { body: placeOrderSchema }, async ({ body, headers, event }) => {
  const now = new Date();
  const placed = await placeOrder(body, headers['idempotency-key'], proofClaims, now, clientId(headers[VIEWER_IP_HEADER], event.requestContext?.http?.sourceIp));
  // A new reservation may tip the held share over half: the owner is told once (`services/held-share.ts`).
  if (placed.status === 201) await watchHeldShareQuietly(now);
  return json(placed.status, placed.body);
});
