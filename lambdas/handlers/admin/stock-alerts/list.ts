import { pageQuerySchema } from '../../../../shared/schemas/admin-query.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { stockAlertsPage } from '../../../services/inbox.ts';

export const handler = httpRoute('GET /api/admin/stock-alerts', { query: pageQuerySchema }, async ({ query }) => ok(await stockAlertsPage(query)));
