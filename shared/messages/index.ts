/**
 * Every text the customer or the owner reads, in pt-PT. Web and lambdas import from here; the texts
 * live in the area modules under `messages/`, one file per part of the shop, so that a bundle (a
 * function, a chunk of the web app) carries only the parts its code reads.
 */
import {
  frontDoorTexts,
  apiTexts,
  uploadTexts,
  commonTexts,
  catalogTexts,
  productTexts,
  stockAlertTexts,
  contactTexts,
  moneyTexts,
  paymentTexts,
} from './storefront.ts';
import { botCheckTexts } from './bot-check.ts';
import { checkoutTexts, customerStatusLabels, myOrderTexts, totalLabels } from './checkout.ts';
import { providerPaymentTexts } from './checkout.ts';
import { adminTexts, gdprTexts } from './admin.ts';
import { queryValidationTexts, validationTexts } from './validation.ts';
import { abuseTexts } from './abuse.ts';
import { paymentKeysTexts, refundTexts } from './owner-payments.ts';
import { paymentEventTexts } from './payment-events.ts';
import { paymentStartTexts } from './payment-provider.ts';
import { paymentSwitchTexts } from './payment-switch.ts';
import { CASH_LABEL, ledgerTexts, movementTexts, ownerFinancialTexts } from './ledger.ts';
import { invoiceTexts, invoicingSettingsTexts } from './invoicing.ts';
import { giftTexts } from './gift.ts';
import { discountCodeAdminTexts, discountCodeTexts } from './discount-codes.ts';
import { salesCsvTexts } from './sales.ts';

export { waitText } from './storefront.ts';
export { paymentEventTexts, paymentKeysTexts, refundTexts };
export { searchFieldTexts } from './storefront.ts';
export { searchTexts } from './search.ts';
export {
  frontDoorTexts,
  apiTexts,
  uploadTexts,
  commonTexts,
  catalogTexts,
  productTexts,
  stockAlertTexts,
  botCheckTexts,
  contactTexts,
  moneyTexts,
  paymentTexts,
  checkoutTexts,
  customerStatusLabels,
  totalLabels,
  myOrderTexts,
  adminTexts,
  gdprTexts,
  validationTexts,
  queryValidationTexts,
  abuseTexts,
};
export { providerPaymentTexts };
export { paymentStartTexts };
export { paymentSwitchTexts };
export { CASH_LABEL, ledgerTexts, movementTexts, ownerFinancialTexts };
export { invoiceTexts, invoicingSettingsTexts };
export { giftTexts };
export { discountCodeAdminTexts, discountCodeTexts };
export { salesCsvTexts };

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
  paymentSwitch: paymentSwitchTexts,
  money: moneyTexts,
  validation: validationTexts,
  paymentKeys: paymentKeysTexts,
  refund: refundTexts,
  ledger: ledgerTexts,
  invoice: invoiceTexts,
  invoicingSettings: invoicingSettingsTexts,
  gift: giftTexts,
  discountCode: discountCodeTexts,
  discountCodeAdmin: discountCodeAdminTexts,
  salesCsv: salesCsvTexts,
} as const;
