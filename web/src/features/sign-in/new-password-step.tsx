/** The first sign-in of an account an operator created: Cognito asks for a password of the admin's own. */
import { useState } from 'react';
import { adminTexts } from '#shared/messages/index.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { confirmNewPassword } from '#web/lib/admin/auth.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { signInFailure } from './credentials-step.tsx';
import { BackButton, HiddenEmail, NewPasswordFields, StepError, StepForm, SubmitButton, type NewPassword } from './login-form.tsx';
import { known, type KnownOutcome } from './login-machine.ts';
import { newPasswordSchema } from './login-schemas.ts';

const t = texts.login;

export function NewPasswordStep(props: {
  readonly email: string;
  readonly onOutcome: (outcome: KnownOutcome) => void;
  readonly onBack: () => void;
}) {
  const { email, onOutcome, onBack } = props;
  const [passwords, setPasswords] = useState<NewPassword>({ newPassword: '', confirmation: '' });
  const form = useFormSubmit({
    schema: newPasswordSchema,
    fieldOrder: [],
    values: passwords,
    invalidAlert: (errors) => errors.confirmation,
    send: async (data) => known(await confirmNewPassword(data.newPassword)),
    onSent: onOutcome,
    failedMessage: (failure) => signInFailure(failure, 'new-password'),
  });
  return (
    <StepForm title={t.newPasswordTitle} form={form}>
      <p className="muted">{adminTexts.newPasswordRequired}</p>
      <StepError outcome={form.outcome} />
      <HiddenEmail email={email} />
      <NewPasswordFields value={passwords} onChange={setPasswords} />
      <SubmitButton busy={form.sending} label={t.newPasswordSubmit} busyLabel={t.newPasswordSubmitting} />
      <BackButton onBack={onBack} />
    </StepForm>
  );
}
