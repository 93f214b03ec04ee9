/**
 * A forgotten password: the account's e-mail, then the code Cognito e-mails with the new password
 * (an address with no account gets the same answer). Done, the admin signs in with it.
 */
import { useState } from 'react';
import { adminTexts } from '#shared/messages/index.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { confirmPasswordReset, requestPasswordReset, resetErrorMessage } from '#web/lib/admin/auth.ts';
import { Feedback } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { BackButton, HiddenEmail, NewPasswordFields, StepError, StepForm, SubmitButton, type NewPassword } from './login-form.tsx';
import { forgotSchema, resetSchema } from './login-schemas.ts';

const t = texts.login;

/** The account's e-mail, to send the code to. */
export function ForgotStep(props: {
  readonly email: string;
  readonly onEmail: (email: string) => void;
  readonly onSent: () => void;
  readonly onBack: () => void;
}) {
  const { email, onEmail, onSent, onBack } = props;
  const form = useFormSubmit({
    schema: forgotSchema,
    fieldOrder: [],
    values: { email },
    send: (data) => requestPasswordReset(data.email),
    onSent,
    failedMessage: resetErrorMessage,
  });
  return (
    <StepForm title={t.forgotTitle} form={form}>
      <p className="muted">{t.forgotIntro}</p>
      <StepError outcome={form.outcome} />
      <TextField
        label={t.email}
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
      <SubmitButton busy={form.sending} label={t.sendCode} busyLabel={t.sendingCode} />
      <BackButton onBack={onBack} />
    </StepForm>
  );
}

/** The e-mailed code and the new password; "Enviar outro código" goes back to the e-mail. */
export function ResetStep(props: {
  readonly email: string;
  readonly onDone: () => void;
  readonly onResend: () => void;
  readonly onBack: () => void;
}) {
  const { email, onDone, onResend, onBack } = props;
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState<NewPassword>({ newPassword: '', confirmation: '' });
  const form = useFormSubmit({
    schema: resetSchema,
    fieldOrder: [],
    values: { code, ...passwords },
    invalidAlert: (errors) => errors.confirmation,
    send: (data) => confirmPasswordReset(email, data.code, data.newPassword),
    onSent: onDone,
    failedMessage: resetErrorMessage,
  });
  return (
    <StepForm title={t.forgotTitle} form={form}>
      <Feedback kind="info">{adminTexts.resetCodeSent(email.trim())}</Feedback>
      <StepError outcome={form.outcome} />
      <HiddenEmail email={email} />
      <TextField
        label={t.code}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <NewPasswordFields value={passwords} onChange={setPasswords} />
      <SubmitButton busy={form.sending} label={t.resetSubmit} busyLabel={t.newPasswordSubmitting} />
      <button type="button" className="button button--quiet button--small" disabled={form.sending} onClick={onResend}>
        {t.resendCode}
      </button>
      <BackButton onBack={onBack} />
    </StepForm>
  );
}
