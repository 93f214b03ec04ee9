import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { adminProducts } from '#lambdas/services/admin-products.ts';
import { shopSettings } from '#lambdas/services/settings.ts';

export const handler = httpRoute('GET /api/admin/products', {}, async () => {
  const [products, settings] = await Promise.all([adminProducts(), shopSettings()]);
  return ok({ products, lowStockThreshold: settings.lowStockThreshold });
});
