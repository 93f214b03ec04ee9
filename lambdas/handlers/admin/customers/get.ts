import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { customerView } from '../../../services/customers.ts';

export const handler = httpRoute('GET /api/admin/customers/{email}', {}, async ({ params }) => ok(await customerView(params.email)));
