import { imageUploadRequestSchema } from '../../../../shared/schemas/index.ts';
import { httpRoute } from '../../../http/handler.ts';
import { created } from '../../../http/response.ts';
import { presignImageUpload } from '../../../services/photos.ts';

export const handler = httpRoute('POST /api/admin/uploads/image', { body: imageUploadRequestSchema }, async ({ body }) =>
  created(await presignImageUpload(body.contentType)),
);
