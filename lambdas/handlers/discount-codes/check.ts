import { codeCheckSchema } from '#shared/schemas/code-check.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { challengeGuard } from '../../http/challenge-guard.ts';
import { checkCode } from '../../services/code-check.ts';

export const handler = httpRoute('POST /api/discount-codes/check', { body: codeCheckSchema, challengeGuard }, async ({ body }) =>
  ok(await checkCode(body)),
);
