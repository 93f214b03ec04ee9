/**
 * What each login step checks in the browser before asking Cognito (its forms also mark their fields
 * required): the two new passwords alike, an authenticator code of six digits. The messages are the
 * steps' alerts; Cognito checks the rest (the password policy, the codes).
 */
import * as z from 'zod';
import { adminTexts } from '#shared/messages/index.ts';
import { totpCode } from '#web/lib/admin/auth.ts';

export const credentialsSchema = z.object({ email: z.string(), password: z.string() });

export const forgotSchema = z.object({ email: z.string() });

const newPasswordFields = { newPassword: z.string(), confirmation: z.string() };
const alike = (input: { readonly newPassword: string; readonly confirmation: string }) => input.newPassword === input.confirmation;
const mismatch = { path: ['confirmation'], error: adminTexts.newPasswordMismatch };

export const newPasswordSchema = z.object(newPasswordFields).refine(alike, mismatch);

export const resetSchema = z.object({ code: z.string(), ...newPasswordFields }).refine(alike, mismatch);

/** The code as typed ("123 456" too), read as its six digits. */
export const totpSchema = z.object({
  totp: z.string().transform((typed, ctx) => {
    const code = totpCode(typed);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: adminTexts.totpCodeFormat });
    return z.NEVER;
  }),
});
