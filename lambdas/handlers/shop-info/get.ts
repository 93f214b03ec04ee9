import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { shopInfo } from '../../services/settings.ts';

export const handler = httpRoute('GET /api/shop-info', {}, async () => ok(await shopInfo()));
