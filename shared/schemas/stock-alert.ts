/**
 * The out-of-stock notification request.
 */
import type * as z from 'zod';
import { validationTexts } from '../messages.ts';
import { emailField, formObject, productIdField, variantIdField } from './fields.ts';

/**
 * Who to tell, and about which product. A missing e-mail reads 'Insere o teu email para nós
 * conseguirmos avisar', not the usual e-mail message.
 */
export const stockAlertSchema = formObject({
  email: emailField(validationTexts.stockAlertEmail.required),
  productId: productIdField,
  /** The size waited for (a piece sold in sizes); may be left out for a piece without sizes. */
  variantId: variantIdField.optional(),
});

/** A valid stock alert request. */
export type StockAlertInput = z.infer<typeof stockAlertSchema>;
