import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { customerOrder } from '../../services/order-by-link.ts';

/** The token only in the header: a `?token=` of an old link is not read (docs/design.md §31). */
export const handler = httpRoute('GET /api/orders/{id}', {}, async ({ params, headers }) =>
  ok(await customerOrder(params.id, headers[ORDER_TOKEN_HEADER])),
);
