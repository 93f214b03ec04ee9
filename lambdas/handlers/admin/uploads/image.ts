import { imageUploadRequestSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '#lambdas/http/handler.ts';
import { created } from '#lambdas/http/response.ts';
import { presignImageUpload } from '#lambdas/services/product-photos.ts';

export const handler = httpRoute('POST /api/admin/uploads/image', { body: imageUploadRequestSchema }, async ({ body }) =>
  created(await presignImageUpload(body.contentType)),
);
