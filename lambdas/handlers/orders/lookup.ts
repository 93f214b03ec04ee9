import { orderLookupSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { json } from '../../http/response.ts';
import { lookUpOrder } from '../../services/order-lookup.ts';
import { challengeGuard } from '../../http/challenge-guard.ts';

export const handler = httpRoute('POST /api/orders/lookup', { body: orderLookupSchema, challengeGuard }, async ({ body }) =>
  json(202, await lookUpOrder(body)),
);
