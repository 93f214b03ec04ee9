/**
 * The numbers of the schemas that code outside them needs too (page sizes, the highest stock, text
 * lengths for `maxLength` attributes), in a module without zod: a service or page that needs a number
 * does not load the schemas (zod's classic schemas are made at import and cannot be tree-shaken).
 */
import { PRODUCT_ID_MAX_LENGTH } from '../product-id.ts';

/** Largest page the API serves. */
export const MAX_PAGE_SIZE = 100;
/** Page size when none is asked. */
export const DEFAULT_PAGE_SIZE = 20;

/** The longest period one export covers (a year, as an accountant asks for). */
export const MAX_EXPORT_DAYS = 366;

/** The longest period the sales view covers at once (a year: its orders are read by their date key, docs/sales.md). */
export const MAX_SALES_DAYS = 366;

/** Highest stock of a product. */
export const MAX_STOCK = 9999;

/** Length limits of text fields, in characters (for `maxLength` attributes too). */
export const TEXT_LIMITS = {
  email: 254,
  firstName: 60,
  lastName: 60,
  address: 200,
  city: 80,
  contactName: 100,
  subject: 150,
  message: 5000,
  productId: PRODUCT_ID_MAX_LENGTH,
  productName: 120,
  productCode: 40,
  sku: 60,
  note: 1000,
  description: 5000,
  collectionName: 60,
  stockNote: 200,
  trackingCode: 64,
  companyName: 100,
} as const;
