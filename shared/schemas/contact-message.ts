/**
 * The contact form: every field required.
 */
import type * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { emailField, formObject, personName, phoneField, requiredText, TEXT_LIMITS } from './fields.ts';

const v = validationTexts;

export const contactMessageSchema = formObject({
  name: personName(v.contactName, TEXT_LIMITS.contactName),
  email: emailField(),
  phone: phoneField,
  subject: requiredText(v.subject, TEXT_LIMITS.subject),
  message: requiredText(v.message, TEXT_LIMITS.message, { multiline: true }),
});

/** A valid contact message. */
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
