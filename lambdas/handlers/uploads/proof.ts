import { proofUploadRequestSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { created } from '../../http/response.ts';
import { presignProofUpload } from '../../services/uploads.ts';
import { challengeGuard } from '../../http/challenge-guard.ts';

export const handler = httpRoute('POST /api/uploads/proof', { body: proofUploadRequestSchema, challengeGuard }, async ({ body }) =>
  created({ upload: await presignProofUpload(body.contentType, body.size) }),
);
