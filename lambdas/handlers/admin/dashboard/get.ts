import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { dashboard } from '../../../services/dashboard.ts';

export const handler = httpRoute('GET /api/admin/dashboard', {}, async () => ok(await dashboard()));
