import { stockAlertSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { created } from '../../http/response.ts';
import { requestStockAlert } from '../../services/stock-alert-requests.ts';
import { challengeGuard } from '../../http/challenge-guard.ts';

export const handler = httpRoute('POST /api/stock-alerts', { body: stockAlertSchema, challengeGuard }, async ({ body }) =>
  created(await requestStockAlert(body)),
);
