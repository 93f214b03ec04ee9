import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { choosePaymentMethodSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { choosePaymentMethod } from '../../services/payment-switch.ts';

export const handler = httpRoute(
  'POST /api/orders/{id}/payment-method',
  { body: choosePaymentMethodSchema },
  async ({ params, body, headers }) => ok(await choosePaymentMethod(params.id, headers[ORDER_TOKEN_HEADER], body.method)),
);
