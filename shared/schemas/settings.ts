/**
 * The "Definições" form: the shop's settings (`shared/settings.ts`) as the owner saves them, checked
 * here for the screen and again by the server. An IBAN must pass its check digits (ISO 13616, with
 * `ibantools`), so a mistyped IBAN is refused before a customer is told to pay into it; it is stored in
 * its printed form (groups of four).
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { paymentKeysTexts } from '../messages/owner-payments.ts';
import { invoicingSettingsTexts } from '../messages/invoicing.ts';
import { giftTexts } from '../messages/gift.ts';
import { MAX_GIFT_WRAP_CENTS } from '../gift.ts';
import { INVOICING_PROVIDERS, VAT_PERCENTS } from '../invoices.ts';
import { SETTINGS_LIMITS, type ShopSettings } from '../settings.ts';
import { isValidNif } from '../shop-identity.ts';
import { formObject, normalisePhone, oneOf, wholeNumber } from './fields.ts';

const v = validationTexts.settings;
const k = paymentKeysTexts;
const iv = invoicingSettingsTexts;

/** Text a customer is shown as it is: trimmed, at most `max` characters, no markup characters or line breaks. */
function plainText(max: number, invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .max(max, { error: invalid })
    .refine((text) => !/[<>\p{Cc}]/u.test(text), { error: invalid });
}

/** An MB WAY number as the owner writes it ('' = that number is not used). */
const mbwayPhone = plainText(25, v.mbwayPhone).refine((phone) => phone === '' || normalisePhone(phone) !== undefined, {
  error: v.mbwayPhone,
});

/** An IBAN with valid check digits, stored as printed ('PT50 0002 ...'); '' = no bank transfer. */
const iban = z
  .string({ error: v.iban })
  .trim()
  .max(50, { error: v.iban })
  .transform((text, ctx) => {
    if (text === '') return '';
    const electronic = electronicFormatIBAN(text);
    if (!electronic || !isValidIBAN(electronic)) {
      ctx.addIssue({ code: 'custom', message: v.iban });
      return z.NEVER;
    }
    return friendlyFormatIBAN(electronic) ?? electronic;
  });

const email = z
  .string({ error: v.ownerEmail })
  .trim()
  .max(254, { error: v.ownerEmail })
  .refine((text) => text === '' || z.regexes.email.test(text), { error: v.ownerEmail });

/** The seller's NIF / NIPC, stored as nine digits (spaces and a "PT" prefix as typed are dropped); '' = not given yet. */
const nif = z
  .string({ error: v.nif })
  .trim()
  .max(20, { error: v.nif })
  .transform((text, ctx) => {
    const digits = text.replace(/^PT/i, '').replace(/[\s.-]/g, '');
    if (digits === '') return '';
    if (!isValidNif(digits)) {
      ctx.addIssue({ code: 'custom', message: v.nif });
      return z.NEVER;
    }
    return digits;
  });

const L = SETTINGS_LIMITS;

/** "Pagamentos automáticos": which methods the provider takes (`keys` is not the form's: see `settingsUpdateSchema`). */
/** The owner's acknowledgement of SES's sandbox (`ShopSettings.mailSandboxAcknowledged`): on or off. */
const mailSandboxSchema = z.boolean({ error: v.mailSandbox });
const automaticPaymentsSchema = formObject({
  mbway: z.boolean({ error: k.automaticSwitch }),
  multibanco: z.boolean({ error: k.automaticSwitch }),
});

/**
 * "Faturação" (docs/invoices.md): the switch, the account, the series, the IVA rate, whether the
 * provider mails the customer. `key` and `enabledAt` are never taken from here (zod drops them).
 */
const invoicingSchema = formObject({
  enabled: z.boolean({ error: iv.switch }),
  // The form has no choice of provider while there is one adapter.
  provider: oneOf(INVOICING_PROVIDERS, iv.account).default('invoicexpress'),
  // The account is the key's route's; the form sends it back as it was given (the server keeps its own).
  account: z
    .string({ error: iv.account })
    .trim()
    .max(63, { error: iv.account })
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)?$/i, { error: iv.account }),
  series: z.string({ error: iv.series }).trim().max(12, { error: iv.series }).regex(/^\d*$/, { error: iv.series }),
  vatPercent: z
    .number({ error: iv.vatPercent })
    .refine((rate) => (VAT_PERCENTS as readonly number[]).includes(rate), { error: iv.vatPercent }),
  sendToCustomer: z.boolean({ error: iv.switch }),
});

/** "Oferta" (docs/gifts.md): the wrap offered or not, and its price in cents (0 = free). */
const giftWrapSchema = formObject({
  offered: z.boolean({ error: giftTexts.wrapSwitchInvalid }),
  priceCents: wholeNumber(0, MAX_GIFT_WRAP_CENTS, giftTexts.wrapPriceInvalid),
});

/** Every field of the form but the automatic payments' switches. */
const formFields = {
  seller: formObject({
    legalName: plainText(L.sellerLine, v.sellerLine),
    nif,
    address: plainText(L.sellerLine, v.sellerLine),
    email: z
      .string({ error: v.sellerEmail })
      .trim()
      .max(254, { error: v.sellerEmail })
      .refine((text) => text === '' || z.regexes.email.test(text), { error: v.sellerEmail }),
    phone: plainText(25, v.sellerPhone).refine((phone) => phone === '' || normalisePhone(phone) !== undefined, { error: v.sellerPhone }),
    registration: plainText(L.sellerLine, v.sellerLine),
    shareCapital: plainText(L.sellerLine, v.sellerLine),
  }),
  payments: formObject({
    mbwayPhone1: mbwayPhone,
    mbwayPhone2: mbwayPhone,
    iban,
    ibanHolder: plainText(L.holder, v.ibanHolder),
    paypal: plainText(L.handle, v.handle),
    revolut: plainText(L.handle, v.handle),
  }),
  mbwayLimits: formObject({
    number1: wholeNumber(L.mbwayLimit.min, L.mbwayLimit.max, v.mbwayLimit),
    number2: wholeNumber(L.mbwayLimit.min, L.mbwayLimit.max, v.mbwayLimit),
  }),
  ownerEmail: email,
  ownerMailsPerHour: wholeNumber(L.ownerMailsPerHour.min, L.ownerMailsPerHour.max, v.ownerMailsPerHour),
  alertsPerUnit: wholeNumber(L.alertsPerUnit.min, L.alertsPerUnit.max, v.alertsPerUnit),
  holdMinutes: formObject({
    mbway: wholeNumber(L.holdMinutes.min, L.holdMinutes.max, v.holdMinutes),
    transferencia: wholeNumber(L.holdMinutes.min, L.holdMinutes.max, v.holdMinutes),
    paypal: wholeNumber(L.holdMinutes.min, L.holdMinutes.max, v.holdMinutes),
    revolut: wholeNumber(L.holdMinutes.min, L.holdMinutes.max, v.holdMinutes),
  }),
  holdCaps: formObject({
    orders: wholeNumber(L.holdOrders.min, L.holdOrders.max, v.holdOrders),
    units: wholeNumber(L.holdUnits.min, L.holdUnits.max, v.holdUnits),
  }),
  lowStockThreshold: wholeNumber(L.lowStockThreshold.min, L.lowStockThreshold.max, v.lowStockThreshold),
  orderCaps: formObject({
    lineQuantity: wholeNumber(L.lineQuantity.min, L.lineQuantity.max, v.lineQuantity),
    lines: wholeNumber(L.lines.min, L.lines.max, v.lines),
  }),
  retention: formObject({
    contactMessagesDays: wholeNumber(L.retentionDays.min, L.retentionDays.max, v.retentionDays),
    stockAlertsDays: wholeNumber(L.retentionDays.min, L.retentionDays.max, v.retentionDays),
    proofsDays: wholeNumber(L.retentionDays.min, L.retentionDays.max, v.retentionDays),
  }),
  challengeMaxNumber: wholeNumber(L.challengeMaxNumber.min, L.challengeMaxNumber.max, v.challengeMaxNumber),
};

/** Rules across fields: a holder for the IBAN, and at least one way to pay (an automatic one counts). */
function paymentRules(
  settings: {
    readonly payments: ShopSettings['payments'];
    readonly automaticPayments?: { readonly mbway: boolean; readonly multibanco: boolean };
  },
  ctx: z.RefinementCtx,
): void {
  const p = settings.payments;
  const automatic = settings.automaticPayments?.mbway || settings.automaticPayments?.multibanco;
  if (p.iban && !p.ibanHolder) ctx.addIssue({ code: 'custom', path: ['payments', 'ibanHolder'], message: v.ibanHolder });
  if (!p.mbwayPhone1 && !p.mbwayPhone2 && !p.iban && !p.paypal && !p.revolut && !automatic) {
    ctx.addIssue({ code: 'custom', path: ['payments', 'iban'], message: v.noPaymentMethod });
  }
}

/** The whole form, as the screen checks it before sending. */
export const shopSettingsSchema = formObject({
  ...formFields,
  automaticPayments: automaticPaymentsSchema,
  mailSandboxAcknowledged: mailSandboxSchema,
  invoicing: invoicingSchema,
  giftWrap: giftWrapSchema,
}).superRefine(paymentRules) satisfies z.ZodType<ShopSettings, unknown>;

/**
 * `PUT /api/admin/settings`: the whole record, over the version the screen loaded. The automatic
 * payments' switches may be left out (a screen from before them): the stored ones then stay, so a save
 * never switches them off by omission. Their `keys` record is never taken from here (zod drops it):
 * only `PUT /api/admin/settings/payment-keys` writes it. "Oferta" left out keeps the stored wrap too.
 */
export const settingsUpdateSchema = formObject({
  version: z.int({ error: v.version }).min(0, { error: v.version }),
  settings: formObject({
    ...formFields,
    automaticPayments: automaticPaymentsSchema.optional(),
    mailSandboxAcknowledged: mailSandboxSchema.optional(),
    invoicing: invoicingSchema.optional(),
    giftWrap: giftWrapSchema.optional(),
  }).superRefine(paymentRules),
});

export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
/** The settings of a save as sent: `automaticPayments` absent keeps the stored switches. */
export type SettingsInput = SettingsUpdate['settings'];

/** A Stripe secret API key (`sk_live_…`, `sk_test_…`) or restricted key (`rk_…`). */
const STRIPE_SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9_]{8,200}$/;
/** A Stripe webhook endpoint's signing secret. */
const STRIPE_WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_]{8,200}$/;

/**
 * `PUT /api/admin/settings/payment-keys`: the payment provider's keys, as pasted (spaces around them
 * dropped), checked for their form here and with the provider by the server before anything is kept.
 */
export const paymentKeysSchema = formObject({
  secretKey: z.string({ error: k.stripeSecretKey }).trim().regex(STRIPE_SECRET_KEY, { error: k.stripeSecretKey }),
  webhookSecret: z.string({ error: k.stripeWebhookSecret }).trim().regex(STRIPE_WEBHOOK_SECRET, { error: k.stripeWebhookSecret }),
});

export type PaymentKeysInput = z.infer<typeof paymentKeysSchema>;

/**
 * `PUT /api/admin/settings/invoicing-key` (docs/invoices.md): the invoicing provider, its account name
 * and the API key, as pasted (spaces around them dropped); checked with the provider before it is kept.
 */
export const invoicingKeySchema = formObject({
  provider: oneOf(INVOICING_PROVIDERS, iv.account),
  account: z
    .string({ error: iv.account })
    .trim()
    .min(1, { error: iv.account })
    .max(63, { error: iv.account })
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i, { error: iv.account }),
  apiKey: z
    .string({ error: iv.apiKey })
    .trim()
    .min(16, { error: iv.apiKey })
    .max(200, { error: iv.apiKey })
    .regex(/^[A-Za-z0-9_-]+$/, { error: iv.apiKey }),
});

export type InvoicingKeyInput = z.infer<typeof invoicingKeySchema>;
