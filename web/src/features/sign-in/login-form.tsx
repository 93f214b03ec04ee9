/**
 * What the login's steps share: the form frame (its heading names it), its alert, the fields of a new
 * password, the hidden e-mail password managers file the account under, and the way back.
 */
import type { ReactNode } from 'react';
import { ADMIN_PASSWORD_POLICY } from '#shared/password-policy.ts';
import type { FormOutcome, FormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { Feedback } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.login;

/** A step's form, titled for assistive technology by its heading. */
export function StepForm({
  title,
  form,
  children,
}: {
  readonly title: string;
  readonly form: FormSubmit<unknown>;
  readonly children: ReactNode;
}) {
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} aria-labelledby="adm-login-title">
      <h1 id="adm-login-title">{title}</h1>
      {children}
    </form>
  );
}

/** The failure of the step's last submit (a refusal of the browser's check, or Cognito's answer), in Portuguese. */
export function StepError({ outcome }: { readonly outcome: FormOutcome<unknown> }) {
  return outcome.kind === 'failed' ? <Feedback kind="error">{outcome.message}</Feedback> : null;
}

/** The submit button: what it does, or what it is doing. */
export function SubmitButton({ busy, label, busyLabel }: { readonly busy: boolean; readonly label: string; readonly busyLabel: string }) {
  return (
    <button type="submit" className="button button--block" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The account's e-mail, hidden, so that a password manager saves the new password (or code) under it. */
export function HiddenEmail({ email }: { readonly email: string }) {
  return <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />;
}

export interface NewPassword {
  readonly newPassword: string;
  readonly confirmation: string;
}

/** The new password, typed twice. */
export function NewPasswordFields({ value, onChange }: { readonly value: NewPassword; readonly onChange: (value: NewPassword) => void }) {
  return (
    <>
      <TextField
        label={t.newPassword}
        type="password"
        name="new-password"
        autoComplete="new-password"
        minLength={ADMIN_PASSWORD_POLICY.minLength}
        required
        value={value.newPassword}
        onChange={(e) => onChange({ ...value, newPassword: e.target.value })}
      />
      <TextField
        label={t.confirmPassword}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        minLength={ADMIN_PASSWORD_POLICY.minLength}
        required
        value={value.confirmation}
        onChange={(e) => onChange({ ...value, confirmation: e.target.value })}
      />
    </>
  );
}

/** "Voltar ao início de sessão". */
export function BackButton({ onBack }: { readonly onBack: () => void }) {
  return (
    <button type="button" className="button button--quiet button--small" onClick={onBack}>
      {t.backToSignIn}
    </button>
  );
}
