/**
 * The out-of-stock notification request.
 */
import * as z from 'zod';
import { stockAlertTexts, validationTexts } from '../messages/index.ts';
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

/** A request's id (`stockAlertId`: 32 hex characters) and the token of its confirmation link (43 URL-safe characters). */
export const stockAlertConfirmSchema = formObject({
  id: z.string({ error: stockAlertTexts.confirmLinkInvalid }).regex(/^[0-9a-f]{32}$/, { error: stockAlertTexts.confirmLinkInvalid }),
  token: z
    .string({ error: stockAlertTexts.confirmLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: stockAlertTexts.confirmLinkInvalid }),
});

/** A valid confirmation of a stock alert request. */
export type StockAlertConfirmInput = z.infer<typeof stockAlertConfirmSchema>;
