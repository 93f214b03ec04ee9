/**
 * The ways to pay. The manual ones are paid outside the site; the customer then uploads a proof.
 * Instructions (IBAN, handles, this month's MB WAY number) come from `GET /api/payment-methods`.
 * With "Pagamentos automáticos" on (`automatic-payments.ts`, docs/design.md §34), MB WAY and
 * Multibanco are taken by the payment provider instead: no proof, the provider's notification confirms.
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
export const PAYMENT_METHOD_IDS = ['mbway', 'multibanco', 'transferencia', 'paypal', 'revolut'] as const;

/** A payment method id. */
export type PaymentMethodId = (typeof PAYMENT_METHOD_IDS)[number];

/** The pt-PT name of each method. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethodId, string>> = {
  mbway: 'MB WAY',
  multibanco: 'Multibanco',
  transferencia: 'Transferência Bancária',
  paypal: 'PayPal',
  revolut: 'Revolut',
};

/**
 * Methods whose reservation holds for the minutes the owner sets ("Definições"); Multibanco holds until
 * its reference expires (`MULTIBANCO_HOLD_DAYS`).
 */
export type HoldMethodId = Exclude<PaymentMethodId, 'multibanco'>;

/**
 * How to pay with one method; values come from the shop's settings. `automatic`: the payment provider
 * takes it (an MB WAY request to the checkout's phone, a Multibanco reference on the order once made).
 */
export type PaymentInstructions =
  | { readonly method: 'mbway'; readonly phone: string; readonly automatic?: undefined }
  | { readonly method: 'mbway'; readonly automatic: true }
  | { readonly method: 'multibanco'; readonly automatic: true }
  | { readonly method: 'transferencia'; readonly iban: string; readonly holder: string }
  | { readonly method: 'paypal'; readonly handle: string }
  | { readonly method: 'revolut'; readonly handle: string };

/** Whether the owner gave what a customer needs to pay this way (MB WAY: at least one number). */
export function methodOffered(payments: PaymentSettings, method: PaymentMethodId): boolean {
  switch (method) {
    case 'mbway':
      return Boolean(payments.mbwayPhone1 || payments.mbwayPhone2);
    case 'multibanco':
      // Only through the payment provider (`providerTakes` of `automatic-payments.ts`).
      return false;
    case 'transferencia':
      return Boolean(payments.iban);
    case 'paypal':
      return Boolean(payments.paypal);
    case 'revolut':
      return Boolean(payments.revolut);
  }
}
