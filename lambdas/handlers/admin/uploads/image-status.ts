import { httpRoute } from '#lambdas/http/handler.ts';
import { ok } from '#lambdas/http/response.ts';
import { photoUploadStatus } from '#lambdas/services/photo-status.ts';

export const handler = httpRoute('GET /api/admin/uploads/image/{id}', {}, async ({ params }) => ok(await photoUploadStatus(params.id)));
