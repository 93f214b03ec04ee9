/**
 * The objects of the twin's payment provider (`payments-local.ts`), with the shapes of the `stripe`
 * client's types: PaymentIntents, charges with their balance transactions, refunds and events. Not
 * Stripe's: the fee and the Multibanco entity.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { IntentRequest } from './payments-local-requests.ts';

/** The twin's fee on a succeeded payment: `rate` of the amount, rounded, plus `fixedCents`. */
export const TWIN_FEE = { rate: 0.014, fixedCents: 25 } as const;
/** How long a Multibanco reference of the twin can be paid (Stripe's vouchers last days; the shop follows what the answer says). */
export const MULTIBANCO_DAYS = 7;
/** The twin's Multibanco entity (5 digits, as the real ones; this one belongs to nobody). */
export const TWIN_MULTIBANCO_ENTITY = '99999';

/** A charge as the twin keeps it: its balance transaction always expanded. */
export type LocalCharge = Stripe.Charge & { balance_transaction: Stripe.BalanceTransaction };

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);

/** A new PaymentIntent, confirmed and waiting for the customer: the MB WAY request, or the Multibanco reference to pay. */
export function newIntent({ amount, type, metadata, description }: IntentRequest): Stripe.PaymentIntent {
  const created = now();
  const intent = {
    id: id('pi'),
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency: 'eur',
    status: 'requires_action',
    created,
    livemode: false,
    description,
    metadata,
    allowed_payment_method_types: [type],
    payment_method_types: [type],
    payment_method: id('pm'),
    latest_charge: null,
    last_payment_error: null,
    cancellation_reason: null,
    next_action: type === 'multibanco' ? multibancoAction(created) : { type: 'mb_way_await_notification' },
  } as unknown as Stripe.PaymentIntent;
  return intent;
}

/** The charge of a paid intent, with its balance transaction: the amount, the twin's fee (`TWIN_FEE`) and what is left. */
export function succeededCharge(intent: Stripe.PaymentIntent): LocalCharge {
  const fee = Math.round(intent.amount * TWIN_FEE.rate) + TWIN_FEE.fixedCents;
  const transaction = {
    id: id('txn'),
    object: 'balance_transaction',
    amount: intent.amount,
    fee,
    net: intent.amount - fee,
    currency: 'eur',
    status: 'pending',
    type: 'charge',
    created: now(),
  } as unknown as Stripe.BalanceTransaction;
  return {
    id: id('ch'),
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount,
    amount_refunded: 0,
    refunded: false,
    paid: true,
    status: 'succeeded',
    currency: 'eur',
    payment_intent: intent.id,
    metadata: intent.metadata,
    balance_transaction: transaction,
    created: now(),
  } as unknown as LocalCharge;
}

/** A succeeded refund of `amount` cents of the intent's charge. */
export function refundOf(paymentIntent: string, charge: string, amount: number): Stripe.Refund {
  return {
    id: id('re'),
    object: 'refund',
    amount,
    currency: 'eur',
    status: 'succeeded',
    payment_intent: paymentIntent,
    charge,
    created: now(),
    metadata: {},
  } as unknown as Stripe.Refund;
}

/** A Stripe event of `type` about `object`, as the webhook receives it. */
export function eventOf(type: string, object: unknown): Stripe.Event {
  return {
    id: id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
}

function multibancoAction(created: number): Stripe.PaymentIntent.NextAction {
  return {
    type: 'multibanco_display_details',
    multibanco_display_details: {
      entity: TWIN_MULTIBANCO_ENTITY,
      reference: String(100_000_000 + (randomBytes(4).readUInt32BE() % 900_000_000)),
      expires_at: created + MULTIBANCO_DAYS * 86_400,
      hosted_voucher_url: null,
    },
  } as Stripe.PaymentIntent.NextAction;
}
