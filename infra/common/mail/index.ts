/**
 * The shop's e-mails, one file a template under `templates/` (named by its id), gathered here in the
 * order of `MAIL_TEMPLATE_IDS` (`lambdas/contracts/mail-templates.ts`). The compiler checks the list:
 * the files' ids, in order, must be `MAIL_TEMPLATE_IDS` itself, so every id has exactly one source (a
 * template left out, named twice or out of place does not compile).
 */
import { MAIL_TEMPLATE_IDS, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import type { MailTemplateFile, MailTemplateSource } from './parts.ts';
import { backInStock } from './templates/back-in-stock.ts';
import { invoiceDocument } from './templates/invoice-document.ts';
import { orderCancelled } from './templates/order-cancelled.ts';
import { orderLink } from './templates/order-link.ts';
import { orderReceived } from './templates/order-received.ts';
import { orderRefunded } from './templates/order-refunded.ts';
import { orderReserved } from './templates/order-reserved.ts';
import { ownerContactMessage } from './templates/owner-contact-message.ts';
import { ownerDigest } from './templates/owner-digest.ts';
import { ownerHeldStock } from './templates/owner-held-stock.ts';
import { ownerNewOrder } from './templates/owner-new-order.ts';
import { ownerOrderPaid } from './templates/owner-order-paid.ts';
import { paymentConfirmed } from './templates/payment-confirmed.ts';
import { reviewRequest } from './templates/review-request.ts';
import { shipped } from './templates/shipped.ts';
import { stockAlertConfirm } from './templates/stock-alert-confirm.ts';

export type { MailTemplateSource };

/** Every template's file, in the order of `MAIL_TEMPLATE_IDS`. */
const TEMPLATE_FILES = [
  orderReceived,
  paymentConfirmed,
  shipped,
  reviewRequest,
  backInStock,
  orderCancelled,
  ownerNewOrder,
  ownerContactMessage,
  orderLink,
  ownerDigest,
  ownerHeldStock,
  orderReserved,
  stockAlertConfirm,
  orderRefunded,
  ownerOrderPaid,
  invoiceDocument,
] as const;

/** The ids of a list of template files, position by position. */
type FileIds<Files extends readonly MailTemplateFile[]> = {
  readonly [Index in keyof Files]: Files[Index] extends MailTemplateFile<infer Id> ? Id : never;
};

/** Compile-time: the files' ids are `MAIL_TEMPLATE_IDS`, same length, same order: each id exactly one source. */
const FILE_IDS: FileIds<typeof TEMPLATE_FILES> = MAIL_TEMPLATE_IDS;

/** Each template's source, by id. */
export const mailTemplateSources: Readonly<Record<MailTemplateId, MailTemplateSource>> = Object.fromEntries(
  FILE_IDS.map((id, index) => [id, TEMPLATE_FILES[index]!.source]),
) as Record<MailTemplateId, MailTemplateSource>;
