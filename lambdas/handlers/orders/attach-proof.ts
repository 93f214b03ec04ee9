import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import { attachProofSchema } from '#shared/schemas/index.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { proofClaims } from '../../services/proof-claims.ts';
import { attachProof } from '../../services/order-by-link.ts';

export const handler = httpRoute('POST /api/orders/{id}/proof', { body: attachProofSchema }, async ({ params, body, headers }) =>
  ok(await attachProof(params.id, { ...body, accessToken: headers[ORDER_TOKEN_HEADER] ?? body.accessToken }, proofClaims)),
);
