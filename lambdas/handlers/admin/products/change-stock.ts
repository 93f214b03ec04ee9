import { stockChangeSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { adminActor } from '../../../http/identity.ts';
import { ok } from '../../../http/response.ts';
import { changeStock } from '../../../services/admin-stock.ts';

export const handler = httpRoute('POST /api/admin/products/{id}/stock', { body: stockChangeSchema }, async ({ event, params, body }) =>
  ok(await changeStock(params.id, body, adminActor(event))),
);
