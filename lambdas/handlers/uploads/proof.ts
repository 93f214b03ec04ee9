import { proofUploadRequestSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { created } from '../../http/response.ts';
import { presignProofUpload } from '../../services/uploads.ts';

export const handler = httpRoute('POST /api/uploads/proof', { body: proofUploadRequestSchema }, async ({ body }) =>
  created({ upload: await presignProofUpload(body.contentType, body.size) }),
);
