/**
 * `POST /api/payments/stripe`: Stripe's notifications (docs/design.md §34). The signature is made over
 * the exact bytes Stripe sent, so the body is taken raw: never parsed and re-encoded before it is
 * verified. API Gateway hands a text body (Stripe sends `application/json`) as it came, any other as
 * base64 (`isBase64Encoded`): either way the bytes are the sent ones.
 */
import { PayloadTooLarge } from '../../errors.ts';
import { MAX_BODY_BYTES, httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { receivePaymentEvent } from '../../services/payment-events.ts';

export const handler = httpRoute('POST /api/payments/stripe', {}, async ({ event, headers }) => {
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLarge();
  await receivePaymentEvent(bytes.toString('utf8'), headers);
  return ok({ received: true });
});
