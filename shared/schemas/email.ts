/**
 * The e-mail address field, made with `zod/mini` (about 20 KB of zod in a bundle instead of about
 * 95 KB for the classic API): the back-office's customer view checks its path's address with it and
 * carries no other schema. The forms' schemas (`zod`) use it as any other field.
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { queryValidationTexts } from '../messages/index.ts';
import { TEXT_LIMITS } from './limits.ts';

const v = queryValidationTexts;

/**
 * An e-mail address: trimmed, required, at most 254 characters, of a usual form (ASCII, a dot in the
 * domain). The message for a missing address can differ per form.
 *
 * @example
 * emailField().parse(' ana@exemplo.pt '); // 'ana@exemplo.pt'
 */
export function emailField(required: string = v.email.required) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, { error: required }),
      z.maxLength(TEXT_LIMITS.email, { error: v.email.tooLong }),
      z.regex(z.regexes.email, { error: v.email.invalid }),
    );
}
