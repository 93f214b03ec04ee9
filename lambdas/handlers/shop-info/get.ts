import { ORDER_RETENTION_YEARS } from '../../../shared/settings.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { shopSettings } from '../../services/settings.ts';

export const handler = httpRoute('GET /api/shop-info', {}, async () => {
  const { retention, orderCaps } = await shopSettings();
  return ok({ retention, orderRetentionYears: ORDER_RETENTION_YEARS, orderCaps });
});
