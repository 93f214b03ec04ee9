import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { settingsView } from '#lambdas/services/settings.ts';

export const handler = httpRoute('GET /api/admin/settings', {}, async () => ok(await settingsView()));
