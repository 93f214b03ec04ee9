import { placeOrderSchema } from '#shared/schemas/index.ts';
import { clientOf, httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { firstHeldCount, watchHeldShareQuietly } from '../../services/held-share.ts';
import { proofClaims } from '../../services/proof-claims.ts';
import { placeOrder } from '../../services/orders.ts';
import { ANSWER_MARGIN_MS, checkoutDeadline, settledBy } from '../../services/checkout-deadline.ts';
import { checkedProof, unitChallengeGuard } from '../../http/challenge-guard.ts';
import { admitHeldUnits } from '../../services/challenges.ts';
import { cartCount } from '#shared/cart.ts';
import type { PlaceOrderInput } from '#shared/schemas/index.ts';

/** A checkout's proof of work is priced by the units it reserves (`shared/proof-of-work.ts`). */
const challengeGuard = unitChallengeGuard((body) => cartCount((body as PlaceOrderInput).items));

export const handler = httpRoute(
  'POST /api/orders',
  { body: placeOrderSchema, challengeGuard },
  async ({ body, headers, event, context }) => {
    const now = new Date();
    // Every buyer is answered before the function's end, a crowd for one piece included (docs/drops.md).
    const deadline = checkoutDeadline(context.getRemainingTimeInMillis(), now.getTime());
    // The reservation's units join the held count only while its proof of work still pays for them.
    const checked = checkedProof(event)!;
    const admission = (units: number, baseMaxNumber: number) => admitHeldUnits(checked, units, baseMaxNumber, () => firstHeldCount(now));
    const placed = await placeOrder(body, headers['idempotency-key'], { proofs: proofClaims, admission }, clientOf(event), now, deadline);
    // A new reservation may tip the held share over half: the owner is told once (`services/held-share.ts`).
    // The order is placed: its 201 is not held back past the deadline by this look (the next one catches up).
    // Its count never lowers the held count: checkouts under way (a burst's) have taken units into it.
    if (placed.status === 201) await settledBy(deadline, watchHeldShareQuietly(now, { record: 'raise' }), ANSWER_MARGIN_MS / 2);
    return json(placed.status, placed.body);
  },
);
