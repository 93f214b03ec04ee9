/** The first step: the e-mail and the password (USER_PASSWORD_AUTH), and the way to a forgotten password. */
import { useState } from 'react';
import { adminTexts } from '#shared/messages/index.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { signInErrorMessage, signInWithPassword } from '#web/lib/admin/auth.ts';
import { Feedback } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { StepForm, SubmitButton } from './login-form.tsx';
import { known, UnsupportedSignInStep, type KnownOutcome, type StepNotice } from './login-machine.ts';
import { credentialsSchema } from './login-schemas.ts';

const t = texts.login;

/** Why a sign-in step failed, in Portuguese (`stage`: the password, or the first-sign-in new password). */
export function signInFailure(failure: unknown, stage: 'sign-in' | 'new-password'): string {
  return failure instanceof UnsupportedSignInStep ? adminTexts.unsupportedSignInStep : signInErrorMessage(failure, stage);
}

export function CredentialsStep(props: {
  readonly email: string;
  readonly onEmail: (email: string) => void;
  /** Said on arrival (after a reset, or a sign-in that must start again), until this step says something else. */
  readonly notice?: StepNotice;
  /** The guard sent the admin here because the session expired. */
  readonly expired: boolean;
  readonly onOutcome: (outcome: KnownOutcome) => void;
  readonly onForgot: () => void;
}) {
  const { email, onEmail, notice, expired, onOutcome, onForgot } = props;
  const [password, setPassword] = useState('');
  const form = useFormSubmit({
    schema: credentialsSchema,
    fieldOrder: [],
    values: { email, password },
    send: async (data) => known(await signInWithPassword(data.email, data.password)),
    onSent: onOutcome,
    failedMessage: (failure) => signInFailure(failure, 'sign-in'),
  });
  const { outcome } = form;
  // The error carried here stands until this step's own submit; the notes show while no error does.
  const error = outcome.kind === 'failed' ? outcome.message : outcome.kind === 'idle' && notice?.kind === 'error' ? notice.text : undefined;
  const info = notice?.kind === 'info' ? notice.text : expired ? adminTexts.sessionExpired : undefined;
  return (
    <StepForm title={t.title} form={form}>
      <p className="muted">{t.intro}</p>
      {info && !error && <Feedback kind="info">{info}</Feedback>}
      {error && <Feedback kind="error">{error}</Feedback>}
      <TextField
        label={t.email}
        type="email"
        name="email"
        autoComplete="username"
        placeholder={t.emailPlaceholder}
        required
        value={email}
        onChange={(e) => onEmail(e.target.value)}
      />
      <TextField
        label={t.password}
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder={t.passwordPlaceholder}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SubmitButton busy={form.sending} label={t.submit} busyLabel={t.submitting} />
      <button type="button" className="button button--quiet button--small" onClick={onForgot}>
        {t.forgotPassword}
      </button>
    </StepForm>
  );
}
