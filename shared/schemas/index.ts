/**
 * The input schemas shared by the browser's forms and the server's validation, with their inferred
 * types and the `fieldErrors` helper. Messages are pt-PT, from `validationTexts` (`shared/messages/index.ts`).
 */
export { shippingFormSchema, type ShippingForm } from './shipping-form.ts';
export { contactMessageSchema, type ContactMessageInput } from './contact-message.ts';
export { stockAlertConfirmSchema, stockAlertSchema, type StockAlertConfirmInput, type StockAlertInput } from './stock-alert.ts';
export { orderLookupSchema, type OrderLookupInput } from './order-lookup.ts';
export {
  placeOrderSchema,
  attachProofSchema,
  choosePaymentMethodSchema,
  type PlaceOrderInput,
  type AttachProofInput,
  type ChoosePaymentMethodInput,
} from './place-order.ts';
export { proofUploadRequestSchema, imageUploadRequestSchema, type ProofUploadRequest, type ImageUploadRequest } from './uploads.ts';
export {
  productInputSchema,
  productUpdateSchema,
  variantsField,
  type PhotoInput,
  type ProductInput,
  type ProductUpdateInput,
  type VariantInput,
} from './product-input.ts';
export { stockChangeSchema, type StockChangeInput } from './stock-change.ts';
export { collectionInputSchema, type CollectionInput } from './collection-input.ts';
export {
  orderStatusChangeSchema,
  adminEmailRequestSchema,
  ADMIN_EMAIL_KINDS,
  type OrderStatusChange,
  orderNoteSchema,
  type OrderNoteInput,
  orderRefundSchema,
  type OrderRefundInput,
  type AdminEmailRequest,
  type AdminEmailKind,
} from './admin-order.ts';
export { fieldErrors, FORM_ERROR_KEY } from './field-errors.ts';
export { pageQuerySchema, ordersQuerySchema, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, type PageQuery, type OrdersQuery } from './admin-query.ts';
export {
  ordersExportQuerySchema,
  exportFileName,
  EXPORT_KINDS,
  type ExportKind,
  MAX_EXPORT_DAYS,
  type OrdersExportQuery,
} from './orders-export-query.ts';
// The settings form's schema (with the IBAN check) is imported from './settings.ts' directly: only the back-office needs it.
