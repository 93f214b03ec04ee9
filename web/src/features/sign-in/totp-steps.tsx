/**
 * The authenticator app (TOTP): its setup at the first sign-in (the key as a QR code, as text and as
 * a link for the phone, then the app's first code), and its code at every later sign-in. A wrong code
 * keeps the step; a sign-in that ran out starts again from the e-mail and password, saying why.
 */
import { useEffect, useState } from 'react';
import { adminTexts } from '#shared/messages/index.ts';
import { useFormSubmit } from '#web/lib/use-submit.ts';
import { TextField } from '#web/ui/field.tsx';
import { confirmTotpCode, TOTP_ISSUER, totpErrorMessage } from '#web/lib/admin/auth.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { BackButton, HiddenEmail, StepError, StepForm, SubmitButton } from './login-form.tsx';
import { known, UnsupportedSignInStep, type KnownOutcome } from './login-machine.ts';
import { totpSchema } from './login-schemas.ts';

const t = texts.login;

type Stage = 'totp-setup' | 'totp-code';

interface TotpStepProps {
  readonly email: string;
  readonly onOutcome: (outcome: KnownOutcome) => void;
  /** Back to the e-mail and password; `message`: why (the sign-in ran out). */
  readonly onBack: (message?: string) => void;
}

/** The code field and the submit of either stage: a refused code is cleared for the next one. */
function useTotpForm(stage: Stage, { onOutcome, onBack }: TotpStepProps) {
  const [code, setCode] = useState('');
  const failure = (error: unknown) =>
    error instanceof UnsupportedSignInStep ? { message: adminTexts.unsupportedSignInStep, restart: false } : totpErrorMessage(error, stage);
  const form = useFormSubmit({
    schema: totpSchema,
    fieldOrder: ['totp'],
    values: { totp: code },
    invalidAlert: (errors) => errors.totp,
    send: async (data) => known(await confirmTotpCode(data.totp)),
    onSent: onOutcome,
    failedMessage: (error) => failure(error).message,
    onFailed: (error) => {
      const { message, restart } = failure(error);
      if (restart) onBack(message);
      else setCode('');
    },
  });
  const field = (label: string) => (
    <TextField
      label={label}
      name="totp"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={9}
      required
      autoFocus
      value={code}
      onChange={(e) => setCode(e.target.value)}
    />
  );
  return { form, field };
}

/** The first sign-in: the key to add to the app, then the app's first code. */
export function TotpSetupStep(props: TotpStepProps & { readonly secret: string; readonly setupUri: string }) {
  const { email, secret, setupUri, onBack } = props;
  const { form, field } = useTotpForm('totp-setup', props);
  return (
    <StepForm title={t.totpSetupTitle} form={form}>
      <p className="muted">{t.totpSetupIntro}</p>
      <ol className="adm-totp-steps">
        {t.totpSetupSteps(TOTP_ISSUER).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <TotpQr value={setupUri} label={t.totpQrLabel} />
      <p className="adm-totp-secret">
        {t.totpSecret}
        <code>{grouped(secret)}</code>
      </p>
      <a className="adm-totp-link" href={setupUri}>
        {t.totpOpenOnPhone}
      </a>
      <StepError outcome={form.outcome} />
      <HiddenEmail email={email} />
      {field(t.totpSetupCode)}
      <SubmitButton busy={form.sending} label={t.totpSetupSubmit} busyLabel={t.totpSubmitting} />
      <BackButton onBack={() => onBack()} />
    </StepForm>
  );
}

/** Every later sign-in: the code the app shows now. */
export function TotpCodeStep(props: TotpStepProps) {
  const { email, onBack } = props;
  const { form, field } = useTotpForm('totp-code', props);
  return (
    <StepForm title={t.totpTitle} form={form}>
      <p className="muted">{t.totpIntro(TOTP_ISSUER)}</p>
      <StepError outcome={form.outcome} />
      <HiddenEmail email={email} />
      {field(t.totpCode)}
      <SubmitButton busy={form.sending} label={t.totpSubmit} busyLabel={t.totpSubmitting} />
      <p className="muted adm-totp-lost">{t.totpLost}</p>
      <BackButton onBack={() => onBack()} />
    </StepForm>
  );
}

/** The TOTP key in groups of four, easier to copy by hand (authenticator apps ignore the spaces). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The setup URI as a QR code. The encoder is needed only at the TOTP setup (once per admin): its own
 * small chunk, loaded here; until it is, an empty frame of the same size.
 */
function TotpQr({ value, label }: { readonly value: string; readonly label: string }) {
  const [drawing, setDrawing] = useState<{ readonly value: string; readonly side: number; readonly path: string }>();
  useEffect(() => {
    let active = true;
    // On a failed import the key as text and the link stay.
    import('./totp-qr.ts').then(({ qrDrawing }) => active && setDrawing({ value, ...qrDrawing(value) })).catch(() => undefined);
    return () => {
      active = false;
    };
  }, [value]);
  if (!drawing || drawing.value !== value) return <div className="adm-totp-qr" aria-hidden="true" />;
  return (
    <svg className="adm-totp-qr" viewBox={`0 0 ${drawing.side} ${drawing.side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={drawing.side} height={drawing.side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
