/**
 * The Stripe adapter of the payment-provider port (`payment-provider.ts`), on the official `stripe`
 * client. Payments are PaymentIntents created and confirmed server-side (`confirm: true`), so no Stripe
 * script runs in the shop's pages: MB WAY with `payment_method_data.billing_details.phone` (the
 * customer's app receives the request), Multibanco with the customer's e-mail (the answer's
 * `next_action.multibanco_display_details` carries entidade, referência and the voucher's expiry).
 * The order id is the PaymentIntent's `metadata.orderId` and the idempotency key's root, so asking
 * twice for one order's payment makes one.
 *
 * The twin points the same client at its local provider (`endpoint`: host, port, protocol).
 */
import Stripe from 'stripe';
import {
  PaymentProviderError,
  PaymentSignatureError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentSettlement,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderRefund,
} from './payment-provider.ts';

/** What the adapter needs: the secret API key and the webhook endpoint's signing secrets (current first; two during a rotation). */
export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecrets: readonly string[];
  /** The twin's local provider; absent in the cloud (api.stripe.com). */
  readonly endpoint?: { readonly host: string; readonly port: number; readonly protocol: 'http' | 'https' };
}

/**
 * The client's `host`, `port` and `protocol` for a provider reached at `url` (`PAYMENT_KEYS_ENV.endpoint`:
 * the twin's local provider, `http://127.0.0.1:<port>`).
 */
export function stripeEndpoint(url: string): NonNullable<StripeConfig['endpoint']> {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** How old a signed notification may be (Stripe's own default tolerance, in seconds). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const STRIPE_TYPE: Readonly<Record<ProviderMethod, 'mb_way' | 'multibanco'>> = { mbway: 'mb_way', multibanco: 'multibanco' };

function methodOf(intent: Stripe.PaymentIntent): ProviderMethod {
  const types = intent.allowed_payment_method_types ?? intent.payment_method_types;
  return types.includes('multibanco') ? 'multibanco' : 'mbway';
}

function statusOf(intent: Stripe.PaymentIntent): ProviderPayment['status'] {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
    case 'processing':
      return 'pending';
    default:
      // `requires_payment_method` after a decline or an expired voucher, `canceled`.
      return 'failed';
  }
}

/** The shop's view of a PaymentIntent. */
export function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  const voucher = intent.next_action?.multibanco_display_details;
  return {
    paymentId: intent.id,
    method: methodOf(intent),
    amountCents: intent.amount,
    status: statusOf(intent),
    ...(voucher?.entity && voucher.reference && voucher.expires_at
      ? {
          multibanco: {
            entity: voucher.entity,
            reference: voucher.reference,
            amountCents: intent.amount,
            expiresAt: new Date(voucher.expires_at * 1000).toISOString(),
          },
        }
      : {}),
  };
}

function providerError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    return new PaymentProviderError(error.message, 'credentials');
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  )
    return new PaymentProviderError(error.message, 'unavailable');
  return new PaymentProviderError(error.message, 'request');
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

const orderIdOf = (metadata: Stripe.Metadata | null | undefined): { orderId?: string } =>
  metadata?.orderId ? { orderId: metadata.orderId } : {};

/** What a verified Stripe event reports, in the shop's words. */
export function eventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return {
        eventId: event.id,
        kind: 'succeeded',
        paymentId: event.data.object.id,
        ...orderIdOf(event.data.object.metadata),
        amountCents: event.data.object.amount_received,
        currency: event.data.object.currency.toUpperCase(),
      };
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const reason = intent.last_payment_error?.message ?? intent.cancellation_reason ?? event.type;
      return { eventId: event.id, kind: 'failed', paymentId: intent.id, ...orderIdOf(intent.metadata), reason };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentId) return { eventId: event.id, kind: 'other', type: event.type };
      return { eventId: event.id, kind: 'refunded', paymentId, ...orderIdOf(charge.metadata), amountCents: charge.amount_refunded };
    }
    default:
      return { eventId: event.id, kind: 'other', type: event.type };
  }
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 8000,
    ...(config.endpoint ? { host: config.endpoint.host, port: config.endpoint.port, protocol: config.endpoint.protocol } : {}),
  });

  return {
    name: 'stripe',

    startPayment: (request: PaymentRequest) =>
      call(async () => {
        if (request.method === 'mbway' && !request.phone) throw new PaymentProviderError('MB WAY needs the customer phone', 'request');
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'eur',
            allowed_payment_method_types: [STRIPE_TYPE[request.method]],
            payment_method_data:
              request.method === 'mbway'
                ? { type: 'mb_way', billing_details: { phone: request.phone, email: request.email } }
                : { type: 'multibanco', billing_details: { email: request.email } },
            confirm: true,
            description: request.description,
            metadata: { orderId: request.orderId },
          },
          { idempotencyKey: `order-${request.orderId}-${request.method}` },
        );
        return paymentOf(intent);
      }),

    payment: (paymentId) => call(async () => paymentOf(await stripe.paymentIntents.retrieve(paymentId))),

    settlement: (paymentId) =>
      call(async (): Promise<PaymentSettlement | undefined> => {
        const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] });
        const charge = intent.latest_charge;
        const transaction = charge && typeof charge !== 'string' ? charge.balance_transaction : undefined;
        if (!transaction || typeof transaction === 'string') return undefined;
        return { feeCents: transaction.fee, netCents: transaction.net };
      }),

    refund: (paymentId, amountCents, key) =>
      call(async (): Promise<ProviderRefund> => {
        const refund = await stripe.refunds.create(
          { payment_intent: paymentId, ...(amountCents === undefined ? {} : { amount: amountCents }) },
          { idempotencyKey: key },
        );
        const status =
          refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
        return { refundId: refund.id, amountCents: refund.amount, status };
      }),

    verifyEvent(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (!signature) throw new PaymentSignatureError('no Stripe-Signature header');
      // Stripe's library refuses only stale stamps: one from beyond the tolerance in the future is refused too.
      const stamped = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (Number.isFinite(stamped) && stamped - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS)
        throw new PaymentSignatureError('the notification is stamped in the future');
      for (const secret of config.webhookSecrets) {
        try {
          return eventOf(stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS));
        } catch (error) {
          if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
        }
      }
      throw new PaymentSignatureError('the Stripe-Signature header does not verify with the endpoint secret');
    },

    checkCredentials: () =>
      call(async () => {
        await stripe.balance.retrieve();
      }),
  };
}
