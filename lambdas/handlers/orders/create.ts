import { placeOrderSchema } from '#shared/schemas/index.ts';
import { clientOf, httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { watchHeldShareQuietly } from '../../services/held-share.ts';
import { proofClaims } from '../../services/proof-claims.ts';
import { placeOrder } from '../../services/orders.ts';
import { unitChallengeGuard } from '../../http/challenge-guard.ts';
import { cartCount } from '#shared/cart.ts';
import type { PlaceOrderInput } from '#shared/schemas/index.ts';

/** A checkout's proof of work is priced by the units it reserves (`shared/proof-of-work.ts`). */
const challengeGuard = unitChallengeGuard((body) => cartCount((body as PlaceOrderInput).items));

export const handler = httpRoute('POST /api/orders', { body: placeOrderSchema, challengeGuard }, async ({ body, headers, event }) => {
  const now = new Date();
  const placed = await placeOrder(body, headers['idempotency-key'], proofClaims, clientOf(event), now);
  // A new reservation may tip the held share over half: the owner is told once (`services/held-share.ts`).
  if (placed.status === 201) await watchHeldShareQuietly(now);
  return json(placed.status, placed.body);
});
