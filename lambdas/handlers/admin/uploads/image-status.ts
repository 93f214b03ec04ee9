import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { photoUploadStatus } from '../../../services/photo-status.ts';

export const handler = httpRoute('GET /api/admin/uploads/image/{id}', {}, async ({ params }) => ok(await photoUploadStatus(params.id)));
