/**
 * The contact form (spec §5): every field required.
 */
import type * as z from 'zod';
import { messages } from '../messages.ts';
import { emailField, formObject, phoneField, requiredText, TEXT_LIMITS } from './fields.ts';

const v = messages.validation;

/**
 * A contact message.
 *
 * @example
 * contactMessageSchema.parse({ name: 'Ana', email: 'ana@exemplo.pt', phone: '912345678',
 *   subject: 'Tamanhos', message: 'Olá! Que tamanhos têm os anéis?' });
 */
export const contactMessageSchema = formObject({
  name: requiredText(v.contactName, TEXT_LIMITS.contactName),
  email: emailField(),
  phone: phoneField,
  subject: requiredText(v.subject, TEXT_LIMITS.subject),
  message: requiredText(v.message, TEXT_LIMITS.message),
});

/** A valid contact message. @example const m: ContactMessageInput = contactMessageSchema.parse(body); */
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
