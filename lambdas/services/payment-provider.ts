/**
 * The payment-provider port (docs/design.md "Pagamentos automáticos"): what the shop asks of a payment
 * provider that takes MB WAY and Multibanco for it, and what it understands of the provider's
 * notifications. The services speak only these types; an adapter per provider (`stripe-payments.ts`
 * for Stripe) turns them into the provider's API. An ifthenpay or Eupago adapter implements the same
 * interface: create an MB WAY request or a Multibanco reference for an order's amount (their APIs take
 * the order id as the merchant reference), verify their callback (ifthenpay: an anti-phishing key in
 * the callback URL; Eupago: an HMAC header) and say what it reports, refund through their refund API.
 *
 * Amounts are integer cents of euro everywhere; the provider's answer is checked against the order's.
 */

import type { MultibancoReference, ProviderMethod } from '#shared/automatic-payments.ts';

export { PROVIDER_METHODS, type MultibancoReference, type ProviderMethod } from '#shared/automatic-payments.ts';

/** What the shop asks for: one payment of one order, made once however often it is asked (`orderId`). */
export interface PaymentRequest {
  readonly orderId: string;
  readonly amountCents: number;
  readonly method: ProviderMethod;
  /** MB WAY: the phone whose app receives the request (`+351…` or another country's `+…`). */
  readonly phone?: string;
  /** Multibanco: the customer's address (the provider asks for it); also the receipt's. */
  readonly email: string;
  /** What the customer's bank or app shows ("Joias Inox, encomenda 123456"). */
  readonly description: string;
}

/** The provider's payment as the shop keeps it on the order. */
export interface ProviderPayment {
  /** The provider's id of the payment (Stripe: the PaymentIntent, `pi_…`). */
  readonly paymentId: string;
  readonly method: ProviderMethod;
  readonly amountCents: number;
  /** `pending`: waiting for the customer (app approval, ATM); `succeeded`; `failed`: declined, expired or cancelled. */
  readonly status: 'pending' | 'succeeded' | 'failed';
  readonly multibanco?: MultibancoReference;
}

/** The fee and what reaches the shop, once the provider has settled a payment. */
export interface PaymentSettlement {
  readonly feeCents: number;
  readonly netCents: number;
}

/** A provider's notification, verified, in the shop's words. */
export type PaymentEvent =
  | {
      readonly eventId: string;
      readonly kind: 'succeeded';
      readonly paymentId: string;
      readonly orderId?: string;
      readonly amountCents: number;
      /** ISO 4217, upper case ("EUR"). */ readonly currency: string;
    }
  | { readonly eventId: string; readonly kind: 'failed'; readonly paymentId: string; readonly orderId?: string; readonly reason: string }
  | {
      readonly eventId: string;
      readonly kind: 'refunded';
      readonly paymentId: string;
      readonly orderId?: string;
      readonly amountCents: number;
    }
  /** An event the shop does not act on (it is answered 200 so the provider stops sending it). */
  | { readonly eventId: string; readonly kind: 'other'; readonly type: string };

/** A refund made through the provider. */
export interface ProviderRefund {
  readonly refundId: string;
  readonly amountCents: number;
  readonly status: 'pending' | 'succeeded' | 'failed';
}

/** A notification whose signature does not verify (400, nothing changes). */
export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** The provider refused a call (bad key, invalid phone, …): `message` is the provider's, for the log. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    /**
     * `credentials`: the keys are wrong; `request`: this payment cannot be made (e.g. the phone has no MB WAY); `unavailable`: try again
     * later.
     */
    readonly kind: 'credentials' | 'request' | 'unavailable',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  readonly name: string;
  /** Creates and confirms the payment; asked again for the same order, answers the same payment. */
  startPayment(request: PaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider sees it now. */
  payment(paymentId: string): Promise<ProviderPayment>;
  /** The fee and net amount of a succeeded payment (undefined until the provider has them). */
  settlement(paymentId: string): Promise<PaymentSettlement | undefined>;
  /** Refunds the whole payment, or `amountCents` of it; `key` makes a repeated call one refund. */
  refund(paymentId: string, amountCents: number | undefined, key: string): Promise<ProviderRefund>;
  /** Verifies a notification's signature on its raw body and says what it reports. */
  verifyEvent(rawBody: string, headers: Readonly<Record<string, string | undefined>>): PaymentEvent;
  /** A harmless call that fails with `PaymentProviderError('credentials')` when the keys are wrong. */
  checkCredentials(): Promise<void>;
}
