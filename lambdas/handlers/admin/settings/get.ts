import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { settingsView } from '../../../services/settings.ts';

export const handler = httpRoute('GET /api/admin/settings', {}, async () => ok(await settingsView()));
