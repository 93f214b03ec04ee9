import { adminEmail } from '../../../http/identity.ts';
import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { anonymiseCustomer } from '../../../services/anonymise-customer.ts';

export const handler = httpRoute('POST /api/admin/customers/{email}/anonymise', {}, async ({ params, event }) =>
  ok(await anonymiseCustomer(params.email, adminEmail(event))),
);
