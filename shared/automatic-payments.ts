/**
 * Automatic payments (docs/design.md §34): MB WAY and Multibanco taken by a payment provider (Stripe
 * first), confirmed by the provider's signed notification, next to the manual methods. The owner turns
 * them on in "Definições" and saves the provider's keys once (kept in a secret, never shown back).
 *
 * The shop's words for one provider payment of one order: what the order keeps, what the customer and
 * the owner see. Amounts are integer cents of euro.
 */

/** The methods a provider confirms by itself (the manual ones are paid outside the site with a proof). */
export const PROVIDER_METHODS = ['mbway', 'multibanco'] as const;
export type ProviderMethod = (typeof PROVIDER_METHODS)[number];

/** The providers the shop has an adapter for. */
export type PaymentProviderName = 'stripe';

/** "Pagamentos automáticos" of the settings: off by default (the shop works as with manual methods only). */
export interface AutomaticPayments {
  /** MB WAY by the provider: a request to the customer's phone; the manual MB WAY numbers and their rotation are then not used. */
  readonly mbway: boolean;
  /** Multibanco references (entidade, referência, montante) by the provider. */
  readonly multibanco: boolean;
  /**
   * The provider's keys were saved and checked (when, and the last 4 characters of the secret key): absent until then, and nothing
   * automatic is offered without them.
   */
  readonly keys?: { readonly savedAt: string; readonly hint: string };
}

export const DEFAULT_AUTOMATIC_PAYMENTS: AutomaticPayments = { mbway: false, multibanco: false };

/** Whether the provider takes `method` now: switched on and the keys saved. */
export function providerTakes(automatic: AutomaticPayments, method: ProviderMethod): boolean {
  return Boolean(automatic.keys) && automatic[method];
}

/**
 * Days a Multibanco reference can be paid: Stripe's vouchers last 7 days and its API has no option to
 * shorten them, so a Multibanco reservation holds its pieces until the reference's own expiry (the hold
 * caps of docs/design.md §27 still limit what one customer holds).
 */
export const MULTIBANCO_HOLD_DAYS = 7;

/** Entidade, referência, montante and until when a Multibanco reference can be paid. */
export interface MultibancoReference {
  readonly entity: string;
  readonly reference: string;
  readonly amountCents: number;
  readonly expiresAt: string;
}

/** A Multibanco reference's nine digits in threes, as ATMs and banks show it ("123 456 789"). */
export const groupedReference = (reference: string): string => reference.replace(/(\d{3})(?=\d)/g, '$1 ');

/**
 * The state of an order's provider payment:
 * - `starting`: the order is reserved; the orders stream asks the provider for the payment (seconds);
 * - `pending`: waiting for the customer (approval in the MB WAY app, payment of the reference);
 * - `succeeded`: the provider confirmed it (the order moved to `Enviar`, or is refunded if it came late);
 * - `failed`: declined, expired or refused by the provider: the reservation stays payable by a manual method until its deadline.
 */
export type ProviderPaymentStatus = 'starting' | 'pending' | 'succeeded' | 'failed';

/** A refund made through the provider, as the order keeps it. */
export interface ProviderRefundRecord {
  readonly refundId: string;
  readonly amountCents: number;
  readonly at: string;
  /**
   * `late`: the payment arrived after the reservation closed; `cancel`: the owner closed a paid order;
   * `partial`: part given back of an order that goes on; `outside`: made in the provider's own dashboard,
   * learnt from its notification.
   */
  readonly reason: 'late' | 'cancel' | 'partial' | 'outside';
}

/** What the order keeps of its provider payment (`Order.providerPayment`). */
export interface ProviderPaymentRecord {
  readonly provider: PaymentProviderName;
  readonly method: ProviderMethod;
  readonly status: ProviderPaymentStatus;
  /** The provider's payment id (Stripe: `pi_…`); absent while `starting`. */
  readonly paymentId?: string;
  /** Multibanco: the reference to pay. */
  readonly multibanco?: MultibancoReference;
  /** `failed`: why, in pt-PT, for the customer ("O pedido MB WAY foi recusado."). */
  readonly failure?: string;
  /** `starting`: the times the provider could not be reached so far (the payments consumer gives up at its limit). */
  readonly startAttempts?: number;
  /** When the provider confirmed the payment. */
  readonly paidAt?: string;
  /** What the provider says it took (its event's amount and currency), once succeeded. */
  readonly amountCents?: number;
  readonly currency?: string;
  /** The amount or the currency was not the order's: recorded, the order did not move, the owner gives it back (docs/design.md §35). */
  readonly mismatch?: boolean;
  /** The provider's fee and what reaches the shop, once settled. */
  readonly feeCents?: number;
  readonly netCents?: number;
  /** A refund asked and not made yet (closing a paid order, a late payment, "Devolver parte do pagamento"): the orders stream makes it. */
  readonly refundRequestedCents?: number;
  /** `refundRequestedCents` is "Devolver parte do pagamento" (when and by whom asked): the customer is mailed once it is made. */
  readonly refundPartial?: { readonly at: string; readonly by: string };
  readonly refunds?: readonly ProviderRefundRecord[];
}

/** What the customer sees of it (`CustomerOrder.providerPayment`): never the fee, the ids or the refunds' internals. */
export type CustomerProviderPayment = Pick<ProviderPaymentRecord, 'method' | 'status' | 'multibanco' | 'failure'> & {
  /** The total given back through the provider, when any. */
  readonly refundedCents?: number;
};

/**
 * The provider's keys as the secret keeps them (JSON in Secrets Manager, the twin's stand-in locally),
 * written only by `PUT /api/admin/settings/payment-keys` after a harmless check call, never read back.
 */
export interface PaymentKeys {
  readonly provider: PaymentProviderName;
  /** Stripe: the secret API key (`sk_live_…`, `sk_test_…`) or a restricted key (`rk_…`). */
  readonly secretKey: string;
  /** Stripe: the webhook endpoint's signing secret (`whsec_…`). */
  readonly webhookSecret: string;
  /** The signing secret before the last change, accepted until `previousUntil` (a rotation overlaps). */
  readonly previousWebhookSecret?: string;
  readonly previousUntil?: string;
}

/**
 * Of `refundedCents`, all that the provider says it gave back of a payment, the part made outside the
 * shop (its own dashboard): less the refunds the order recorded and the one it asked for and has not
 * recorded yet (its payments consumer records it from the provider's answer, before or after the
 * notification comes). 0 or less: nothing new.
 *
 * @example refundedOutsideCents({ refunds: [{ amountCents: 700 }], refundRequestedCents: 500 }, 1200) // 0
 */
export function refundedOutsideCents(
  payment: Pick<ProviderPaymentRecord, 'refundRequestedCents'> & {
    readonly refunds?: readonly Pick<ProviderRefundRecord, 'amountCents'>[];
  },
  refundedCents: number,
): number {
  const recorded = (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
  return refundedCents - recorded - (payment.refundRequestedCents ?? 0);
}
