import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { cancelReservation } from '../../services/customer-cancel.ts';

export const handler = httpRoute('POST /api/orders/{id}/cancel', {}, async ({ params, headers }) =>
  ok(await cancelReservation(params.id, headers[ORDER_TOKEN_HEADER])),
);
