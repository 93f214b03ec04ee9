import { stockAlertConfirmSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { confirmStockAlertRequest } from '../../services/stock-alert-requests.ts';

export const handler = httpRoute('POST /api/stock-alerts/confirm', { body: stockAlertConfirmSchema }, async ({ body }) =>
  ok(await confirmStockAlertRequest(body)),
);
