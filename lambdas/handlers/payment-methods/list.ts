import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { paymentMethods } from '../../services/payments.ts';

export const handler = httpRoute('GET /api/payment-methods', {}, async () => ok(await paymentMethods()));
