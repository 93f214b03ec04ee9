import { orderStatusChangeSchema } from '../../../../shared/schemas/index.ts';
import { adminEmail } from '../../../http/identity.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { changeOrderStatus } from '../../../services/admin-orders.ts';

export const handler = httpRoute('PATCH /api/admin/orders/{id}', { body: orderStatusChangeSchema }, async ({ params, body, event }) =>
  ok({ order: await changeOrderStatus(params.id, body, adminEmail(event)) }),
);
