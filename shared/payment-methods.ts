/**
 * The ways to pay. All are paid outside the site; the customer then uploads a proof.
 * Instructions (IBAN, handles, this month's MB WAY number) come from `GET /api/payment-methods`.
 */

/** Payment method ids, in the order the shipping form offers them. */
export const PAYMENT_METHOD_IDS = ['mbway', 'transferencia', 'paypal', 'revolut'] as const;

/** A payment method id. */
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** The pt-PT name of each method. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodId, string>> = {
  mbway: 'MB WAY',
  transferencia: 'Transferência Bancária',
  paypal: 'PayPal',
  revolut: 'Revolut',
};

/** How to pay with one method; values come from the deployment's configuration. */
export type PaymentInstructions =
  | { readonly method: 'mbway'; readonly phone: string }
  | { readonly method: 'transferencia'; readonly iban: string; readonly holder: string }
  | { readonly method: 'paypal'; readonly handle: string }
  | { readonly method: 'revolut'; readonly handle: string };
