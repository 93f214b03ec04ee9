import { settingsUpdateSchema } from '#shared/schemas/settings.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { adminEmail } from '#lambdas/http/identity.ts';
import { ok } from '#lambdas/http/response.ts';
import { checkSender } from '#lambdas/services/sender-check.ts';
import { updateSettings } from '#lambdas/services/settings.ts';

export const handler = httpRoute('PUT /api/admin/settings', { body: settingsUpdateSchema }, async ({ event, body }) =>
  ok(await updateSettings(body.settings, body.version, adminEmail(event), new Date(), () => checkSender())),
);
