/**
 * The shop's e-mails as the sending code sees them: the template ids, the data each one takes (typed,
 * so `sendTemplatedMail(to, 'order-received', data)` does not compile with a wrong or missing key),
 * and the physical SES template names. The templates themselves (MJML, rendered to SES templates at
 * build time) live in `infra/common/mail/`, one file each; the Lambda functions only send by template name.
 *
 * Every value is escaped by `lambdas/contracts/mail-data.ts` before it is sent (SES does not escape
 * template data): the HTML part reads the escaped values at the top level (`{{name}}`), the subject and
 * the plain-text part read the same values unescaped under `text` (`{{text.name}}`).
 *
 * Besides its own values, every template takes the shop's (`shop`, {@link MailShopData}): what the
 * layout shows from the shop's settings, i.e. the seller's identification in the footer. Like an order's
 * `link`, it is never queued with a mail: the outbox consumer adds it when it sends, from the settings
 * in force then, so a change on "Definições" reaches the next e-mail with no deploy.
 */

/** The template ids, in the order the CDK stack and the twin create them. */
export const MAIL_TEMPLATE_IDS = [
  'order-received',
  'payment-confirmed',
  'shipped',
  'review-request',
  'back-in-stock',
  'order-cancelled',
  'owner-new-order',
  'owner-contact-message',
  'order-link',
  'owner-digest',
  'owner-held-stock',
  'order-reserved',
  'stock-alert-confirm',
  'order-refunded',
  'owner-order-paid',
  'invoice-document',
] as const;

export type MailTemplateId = (typeof MAIL_TEMPLATE_IDS)[number];

/**
 * One line of an order e-mail: the piece, how many, the unit price and the line total (formatted,
 * after discount); with a discount also both before it (`fullPrice`, `fullTotal`), shown
 * struck through so the lines add up to the subtotal before discount and to the total.
 */
export interface MailOrderLine {
  readonly name: string;
  readonly quantity: number;
  readonly price: string;
  readonly total: string;
  readonly fullPrice?: string;
  readonly fullTotal?: string;
}

/**
 * What every e-mail's layout shows from the shop's settings, whatever the template: `{{shop.legal}}`
 * and `{{shop.email}}` (HTML), `{{text.shop.legal}}` and `{{text.shop.email}}` (text) in the footer. Added when the mail is sent
 * (`dataToSend` in `lambdas/services/outbox-delivery.ts`, from `shopMailData`), never queued.
 */
export interface MailShopData {
  /** The seller's identification as one line (`legalLine`): legal name · NIF · registered address. */
  readonly legal: string;
  /** The one contact address, Definições' (`seller.email`, the brand's until it is given): as the site's footer. */
  readonly email: string;
}

/** The key of the shop's values in every template's data ({@link MailShopData}). */
export const SHOP_ROOT = 'shop';

/**
 * Each template's own values. Amounts arrive formatted (`formatCents`); `discount` is the positive
 * amount taken off. What SES gets is {@link MailData}: these with the shop's values.
 */
/** A discount code as a mail says it: its name and the amount it took off (formatted, positive). */
export interface MailCode {
  readonly name: string;
  readonly amount: string;
}

/** The owner's note about one order: who, how much, how paid, and the code it used if any (docs/discount-codes.md). */
export interface OwnerOrderMail {
  readonly number: number;
  readonly customer: string;
  readonly email: string;
  readonly total: string;
  readonly method: string;
  /** Optional: the discount code in the total and what it took off. */
  readonly code?: MailCode;
}

export interface MailContent {
  readonly 'order-received': {
    readonly name: string;
    readonly number: number;
    readonly lines: readonly MailOrderLine[];
    readonly subtotal: string;
    readonly discount: string;
    /** The shipping cost, or "Grátis". */
    readonly shipping: string;
    readonly total: string;
    /** Payment method label. */
    readonly method: string;
    /** Optional: true hides the discount line (an order without discount). */
    readonly noDiscount?: boolean;
    /** Optional: the discount code the order used and what it took off, formatted (docs/discount-codes.md). */
    readonly code?: MailCode;
    /** Optional: shipping method label, shown next to the shipping cost. */
    readonly shippingMethod?: string;
    /** Optional: where the order goes. */
    readonly address?: MailAddress;
    /** Optional, a gift order with the wrap (docs/gifts.md): its price as charged, or "Grátis". */
    readonly wrap?: string;
    /** Optional, a gift order: the card's message (or that there is none) and whether it goes wrapped, in words. */
    readonly gift?: { readonly message: string; readonly wrap: string };
    /** Absolute http(s) URL of "A minha encomenda" (added when sent: see `ORDER_LINK_TEMPLATES`). */
    readonly link: string;
  };
  /** `provider`: the method's name when the payment provider confirmed it (MB WAY, Multibanco); absent when the shop confirmed a proof. */
  /** `provider`: the method the payment provider confirmed; else `method`: the method the owner confirmed (the ledger's, docs/money.md). */
  readonly 'payment-confirmed': {
    readonly name: string;
    readonly number: number;
    readonly provider?: string;
    readonly method?: string;
    readonly link: string;
  };
  /**
   * To the customer: money given back (`amount`, formatted) by `method`: a payment through the provider
   * that arrived after the reservation closed (docs/design.md §34), or, `partial`, part of a paid order
   * given back by the owner ("Devolver parte do pagamento", docs/money.md "Refunds").
   */
  readonly 'order-refunded': {
    readonly name: string;
    readonly number: number;
    readonly amount: string;
    readonly method: string;
    readonly partial?: boolean;
    readonly link: string;
  };
  /**
   * To the customer, once per document: the fatura-recibo of the order (or, `creditNote`, the credit note
   * of a refund, `invoice` naming the invoice it corrects) that the invoicing provider issued, when the
   * provider does not mail it itself (docs/invoices.md). `document` is its legal number, `amount` its total,
   * `documentLink` the provider's public link that opens its PDF (absent: the order page shows it).
   */
  readonly 'invoice-document': {
    readonly name: string;
    readonly number: number;
    readonly document: string;
    readonly amount: string;
    readonly creditNote: boolean;
    readonly invoice?: string;
    readonly documentLink?: string;
    readonly link: string;
  };
  /** `trackingCode`: the carrier's tracking code, when the owner gave one. */
  readonly shipped: {
    readonly name: string;
    readonly number: number;
    readonly trackingCode?: string;
    /** With `trackingCode`: the CTT page that follows the parcel (`cttTrackingUrl`). */
    readonly trackingLink?: string;
    readonly link: string;
  };
  readonly 'review-request': { readonly name: string };
  readonly 'back-in-stock': { readonly product: string; /** Absolute http(s) URL of the product page. */ readonly link: string };
  /** To the customer: the order was closed before shipping; `expired` when the reservation ran out unpaid. */
  readonly 'order-cancelled': {
    readonly name: string;
    readonly number: number;
    readonly expired: boolean;
    readonly link: string;
    /** What was given back, or will be (the ledger's refunds, docs/design.md §35). */ readonly refund?: string;
  };
  /** To the owner: a proof of payment arrived (the order is in "Confirmar Pagamento"): "Novo comprovativo para confirmar". */
  readonly 'owner-new-order': OwnerOrderMail;
  /** To the owner: the payment provider confirmed a reservation's payment (it is in "Enviar", nothing to check): "Encomenda paga". */
  readonly 'owner-order-paid': OwnerOrderMail;
  /** To the owner: a customer wrote through the contact form. */
  readonly 'owner-contact-message': {
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly subject: string;
    readonly message: string;
  };
  /** To the customer who asked for it by number and e-mail: the link to "A minha encomenda". */
  readonly 'order-link': { readonly name: string; readonly number: number; readonly link: string };
  /**
   * To the owner: the notifications of one clock hour over the hour's allowance, counted (Lisbon
   * `day`, `start`-`end`): contact messages, proofs of payment and any other, each absent when none
   * (so `{{#if}}` leaves its line out: numbers reach templates as text, where "0" would be true).
   */
  readonly 'owner-digest': {
    readonly day: string;
    readonly start: string;
    readonly end: string;
    readonly total: number;
    readonly messages?: number;
    readonly proofs?: number;
    readonly others?: number;
  };
  /**
   * To the owner, once: more than half of the shop's units are held by unpaid reservations (`held`
   * of `total` units, `percent` %, in `reservations` reservations); `link` is the orders list filtered to
   * them (added when sent: see `ADMIN_LINK_TEMPLATES`).
   */
  readonly 'owner-held-stock': {
    readonly held: number;
    readonly total: number;
    readonly percent: number;
    readonly reservations: number;
    readonly link: string;
  };
  /**
   * To the customer, when the reservation is made: the number to write as the payment reference, the
   * amount, how to pay, and until when (`deadline`, Lisbon time) the pieces are held; the link opens the
   * order on any device, where the proof can be sent.
   */
  readonly 'order-reserved': {
    readonly name: string;
    readonly number: number;
    readonly total: string;
    readonly method: string;
    readonly instructions: string;
    /** The deadline, e.g. "26/11/2026 às 14:48". */
    readonly deadline: string;
    /** Optional: the discount code in the amount (docs/discount-codes.md). */
    readonly code?: MailCode;
    /** Paid through the payment provider (no proof): the MB WAY request was sent to the checkout's phone. */
    readonly mbwayAutomatic?: boolean;
    /** Paid through the payment provider (no proof): the Multibanco reference to pay. */
    readonly multibanco?: MailMultibanco;
    readonly link: string;
  };
  /**
   * To whoever asked for a back-in-stock notice: confirm the request (double opt-in). `link` is the
   * confirmation page with the request's token in its fragment (added when sent: see `CONFIRM_LINK_TEMPLATES`).
   */
  readonly 'stock-alert-confirm': { readonly product: string; readonly link: string };
}

/** The data of each template as it is sent: its own values ({@link MailContent}) and the shop's (`shop`). */
export type MailData = { readonly [Id in MailTemplateId]: MailContent[Id] & { readonly [SHOP_ROOT]: MailShopData } };

/**
 * The templates whose `link` is the order's "A minha encomenda" page: it is not stored with the queued
 * mail (the order keeps only its token's hash) but rebuilt from the order id by the outbox consumer
 * when it sends (`orderPageUrl`).
 */
export const ORDER_LINK_TEMPLATES = [
  'order-received',
  'payment-confirmed',
  'shipped',
  'order-cancelled',
  'order-link',
  'order-reserved',
  'order-refunded',
  'invoice-document',
] as const satisfies readonly MailTemplateId[];
export type OrderLinkTemplate = (typeof ORDER_LINK_TEMPLATES)[number];

/**
 * The owner's notifications about money: a proof of payment to confirm, a payment the provider
 * confirmed. The hourly allowance of the owner's mails never holds them back (they count in it, so
 * contact messages and alerts are the first to go to the digest): `services/owner-digest.ts`.
 */
export const OWNER_MONEY_TEMPLATES = ['owner-new-order', 'owner-order-paid'] as const satisfies readonly MailTemplateId[];

/**
 * The owner's templates whose `link` is a back-office page (`ownerAdminLink` of the outbox consumer):
 * built when sent, from the shop's URL and the back-office's prefix in force.
 */
export const ADMIN_LINK_TEMPLATES = ['owner-held-stock'] as const satisfies readonly MailTemplateId[];
export type AdminLinkTemplate = (typeof ADMIN_LINK_TEMPLATES)[number];

/**
 * The templates whose `link` carries a back-in-stock request's confirmation token: like an order's
 * link, never stored (the request keeps only the token's hash) but rebuilt by the outbox consumer
 * from the request's id and creation (`stockAlertConfirmUrl`).
 */
export const CONFIRM_LINK_TEMPLATES = ['stock-alert-confirm'] as const satisfies readonly MailTemplateId[];
export type ConfirmLinkTemplate = (typeof CONFIRM_LINK_TEMPLATES)[number];

/**
 * The data a mail is queued with: a template's own values, without what the outbox consumer adds when
 * it sends: the shop's values (`shop`, every template) and the `link` of `ORDER_LINK_TEMPLATES`.
 */
export type QueuedMailData = {
  readonly [Id in MailTemplateId]: Id extends OrderLinkTemplate | AdminLinkTemplate | ConfirmLinkTemplate
    ? Omit<MailContent[Id], 'link'>
    : MailContent[Id];
};

/**
 * A Multibanco reference as the reservation e-mail shows it: formatted (`reference` in groups of 3, `amount` in euros, `validUntil` Lisbon
 * time).
 */
export interface MailMultibanco {
  readonly entity: string;
  readonly reference: string;
  readonly amount: string;
  readonly validUntil: string;
}

/** A shipping address as the order e-mail shows it. */
export interface MailAddress {
  readonly name: string;
  readonly street: string;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string;
}

/** Where the subject and the plain-text part find the unescaped values: `{{text.name}}`. */
export const TEXT_ROOT = 'text';

/**
 * The only values a template may put inside an HTML attribute (an `href`): when present they must be
 * absolute http(s) URLs, which `templateData` checks before sending. Every other value only ever lands in text.
 */
export const MAIL_URL_FIELDS: { readonly [Id in MailTemplateId]: readonly (keyof MailData[Id] & string)[] } = {
  'order-received': ['link'],
  'payment-confirmed': ['link'],
  shipped: ['link', 'trackingLink'],
  'review-request': [],
  'back-in-stock': ['link'],
  'order-cancelled': ['link'],
  'owner-new-order': [],
  'owner-contact-message': [],
  'order-link': ['link'],
  'owner-digest': [],
  'owner-held-stock': ['link'],
  'order-reserved': ['link'],
  'stock-alert-confirm': ['link'],
  'order-refunded': ['link'],
  'owner-order-paid': [],
  'invoice-document': ['link', 'documentLink'],
};

/** Physical SES template name: the stage prefix keeps two stages in one account apart. */
export function templateName(prefix: string, id: MailTemplateId): string {
  return `${prefix}${id}`;
}
