import { settingsUpdateSchema } from '../../../../shared/schemas/settings.ts';
import { httpRoute } from '../../../http/handler.ts';
import { adminEmail } from '../../../http/identity.ts';
import { ok } from '../../../http/response.ts';
import { updateSettings } from '../../../services/settings.ts';

export const handler = httpRoute('PUT /api/admin/settings', { body: settingsUpdateSchema }, async ({ event, body }) =>
  ok(await updateSettings(body.settings, body.version, adminEmail(event))),
);
