/**
 * The out-of-stock notification request (spec §5).
 */
import type * as z from 'zod';
import { messages } from '../messages.ts';
import { emailField, formObject, productIdField } from './fields.ts';

/**
 * Who to tell, and about which product. A missing e-mail reads 'Insere o teu email para nós
 * conseguirmos avisar' (spec).
 *
 * @example
 * stockAlertSchema.parse({ email: 'ana@exemplo.pt', productId: 'colar-lua' });
 */
export const stockAlertSchema = formObject({
  email: emailField(messages.validation.stockAlertEmail.required),
  productId: productIdField,
});

/** A valid stock alert request. @example const a: StockAlertInput = stockAlertSchema.parse(body); */
export type StockAlertInput = z.infer<typeof stockAlertSchema>;
