import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { adminProducts } from '../../../services/admin-products.ts';
import { shopSettings } from '../../../services/settings.ts';

export const handler = httpRoute('GET /api/admin/products', {}, async () => {
  const [products, settings] = await Promise.all([adminProducts(), shopSettings()]);
  return ok({ products, lowStockThreshold: settings.lowStockThreshold });
});
