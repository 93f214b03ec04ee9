/**
 * Names of the environment variables that carry settings (not resource names) to the functions.
 * The CDK stack sets them from its parameters, the local twin from its own values, and the lambdas
 * read them once at cold start.
 */

/** Come with a `mail` grant. */
export const MAIL_ENV = {
  /** Sender address (the verified SES identity). */
  from: 'MAIL_FROM',
  /** Prefix of the SES template names: `templateName(prefix, id)` of `mail-templates.ts`. */
  templatePrefix: 'MAIL_TEMPLATE_PREFIX',
  /** Public origin of the shop (`https://...`, no trailing slash), for links in e-mails. */
  shopUrl: 'SHOP_URL',
  /**
   * SES configuration set every send names (bounce/complaint events, suppression list, reputation
   * metrics). Always set by the stack and the twin; a send without it would escape those.
   */
  configurationSet: 'MAIL_CONFIGURATION_SET',
} as const;

/** Come with a `payments` grant: the instructions shown to customers. */
export const PAYMENT_ENV = {
  mbwayPhone1: 'PAYMENT_MBWAY_PHONE_1',
  mbwayPhone2: 'PAYMENT_MBWAY_PHONE_2',
  iban: 'PAYMENT_IBAN',
  ibanHolder: 'PAYMENT_IBAN_HOLDER',
  paypal: 'PAYMENT_PAYPAL',
  revolut: 'PAYMENT_REVOLUT',
} as const;

export type PaymentSettings = { readonly [K in keyof typeof PAYMENT_ENV]: string };

/** Set on the outbox consumer only. */
export const OUTBOX_ENV = {
  /** At most this many e-mails a second from one consumer instance (the account's SES sending rate). */
  sendRate: 'MAIL_SEND_RATE',
} as const;
