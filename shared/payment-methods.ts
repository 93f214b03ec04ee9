/**
 * The ways to pay. All are paid outside the site; the customer then uploads a proof.
 * Instructions (IBAN, handles, this month's MB WAY number) come from `GET /api/payment-methods`.
 */

/** How customers pay: each value is shown to them as it is written here. An empty value switches that method off. */
export interface PaymentSettings {
  readonly mbwayPhone1: string;
  readonly mbwayPhone2: string;
  readonly iban: string;
  readonly ibanHolder: string;
  readonly paypal: string;
  readonly revolut: string;
}

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

/** Whether the owner gave what a customer needs to pay this way (MB WAY: at least one number). */
export function methodOffered(payments: PaymentSettings, method: PaymentMethodId): boolean {
  switch (method) {
    case 'mbway':
      return Boolean(payments.mbwayPhone1 || payments.mbwayPhone2);
    case 'transferencia':
      return Boolean(payments.iban);
    case 'paypal':
      return Boolean(payments.paypal);
    case 'revolut':
      return Boolean(payments.revolut);
  }
}
