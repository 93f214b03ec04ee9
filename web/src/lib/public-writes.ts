/**
 * The shop's public writes, each sent with a solved proof of work in `x-altcha` (docs/design.md §28;
 * `bot-check.tsx` makes it). Apart from `api.ts` so that only the pages with a form carry them.
 */
import type { PresignedUpload } from '#shared/api.ts';
import type { ContactMessageInput, OrderLookupInput, PlaceOrderInput, ProofUploadRequest, StockAlertInput } from '#shared/schemas/index.ts';
import type { CodeCheckInput } from '#shared/schemas/code-check.ts';
import { apiCall } from './api.ts';

const proven = (proof: string, headers: Record<string, string> = {}) => ({ headers: { ...headers, 'x-altcha': proof } });

export const publicWrites = {
  sendContactMessage: (input: ContactMessageInput, proof: string) => apiCall('POST /api/contact-messages', { body: input }, proven(proof)),
  requestStockAlert: (input: StockAlertInput, proof: string) => apiCall('POST /api/stock-alerts', { body: input }, proven(proof)),
  requestProofUpload: (input: ProofUploadRequest, proof: string): Promise<PresignedUpload> =>
    apiCall('POST /api/uploads/proof', { body: input }, proven(proof)).then((r) => r.upload),
  /** Without a proof of payment: reserves (prices, number and stock fixed until the reservation expires). */
  placeOrder: (input: PlaceOrderInput, idempotencyKey: string, proof: string) =>
    apiCall('POST /api/orders', { body: input }, proven(proof, { 'idempotency-key': idempotencyKey })),
  /** The order's link goes by e-mail when number and e-mail match; the answer is the same either way. */
  lookUpOrder: (input: OrderLookupInput, proof: string) => apiCall('POST /api/orders/lookup', { body: input }, proven(proof)),
  /** The cart priced by the server with a discount code (docs/discount-codes.md); a refusal says why. */
  checkDiscountCode: (input: CodeCheckInput, proof: string) => apiCall('POST /api/discount-codes/check', { body: input }, proven(proof)),
};
