/**
 * Every text the customer or the owner reads, in pt-PT. Web and lambdas import from here; the texts
 * live in the area modules under `messages/`, one file per part of the shop, so that a bundle (a
 * function, a chunk of the web app) carries only the parts its code reads.
 */
import { frontDoorTexts, apiTexts, uploadTexts, commonTexts, catalogTexts, productTexts, stockAlertTexts, contactTexts, moneyTexts, paymentTexts } from './messages/storefront.ts';
import { botCheckTexts } from './messages/bot-check.ts';
import { checkoutTexts, customerStatusLabels, myOrderTexts, totalLabels } from './messages/checkout.ts';
import { providerPaymentTexts } from './messages/checkout.ts';
import { adminTexts, gdprTexts } from './messages/admin.ts';
import { queryValidationTexts, validationTexts } from './messages/validation.ts';
import { abuseTexts } from './messages/abuse.ts';
import { paymentKeysTexts, refundTexts } from './messages/owner-payments.ts';
import { paymentEventTexts } from './messages/payment-events.ts';
import { paymentStartTexts } from './messages/payment-provider.ts';
import { ledgerTexts } from './messages/ledger.ts';

export { waitText } from './messages/storefront.ts';
export { paymentEventTexts, paymentKeysTexts, refundTexts };
export { frontDoorTexts, apiTexts, uploadTexts, commonTexts, catalogTexts, productTexts, stockAlertTexts, botCheckTexts, contactTexts, moneyTexts, paymentTexts, checkoutTexts, customerStatusLabels, totalLabels, myOrderTexts, adminTexts, gdprTexts, validationTexts, queryValidationTexts, abuseTexts };
export { providerPaymentTexts };
export { paymentStartTexts };
export { ledgerTexts };

/**
 * The shop's texts by area. Texts the shop gave in Portuguese are kept word for word; those it gave in
 * English are translated, with the English original noted beside them. Texts that depend on values are
 * functions. Field-level validation texts live under `validation` and are what the zod schemas in
 * `schemas/` report, one specific message per field and rule.
 *
 * Each area is its own constant (`apiTexts`, `checkoutTexts`, ...): import the areas a module reads.
 * `messages` gathers them all (the tests read every text through it).
 *
 * @example
 * checkoutTexts.outOfStock('Colar Lua', 1); // 'Só resta 1 unidade do produto «Colar Lua». ...'
 */
export const messages = {
  frontDoor: frontDoorTexts,
  api: apiTexts,
  common: commonTexts,
  catalog: catalogTexts,
  product: productTexts,
  stockAlert: stockAlertTexts,
  botCheck: botCheckTexts,
  contact: contactTexts,
  checkout: checkoutTexts,
  myOrder: myOrderTexts,
  providerPayment: providerPaymentTexts,
  customerStatus: customerStatusLabels,
  totals: totalLabels,
  payment: paymentTexts,
  admin: adminTexts,
  gdpr: gdprTexts,
  abuse: abuseTexts,
  paymentEvent: paymentEventTexts,
  paymentStart: paymentStartTexts,
  money: moneyTexts,
  validation: validationTexts,
  paymentKeys: paymentKeysTexts,
  refund: refundTexts,
  ledger: ledgerTexts,
} as const;
