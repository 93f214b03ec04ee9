/**
 * {prefix}/login: e-mail and password (USER_PASSWORD_AUTH), the first-password challenge of accounts
 * created by an operator, the authenticator app (TOTP: its setup at the first sign-in, its code at every
 * later one), then the dashboard (or the admin page the guard came from). A forgotten password is reset
 * here too: a code e-mailed by Cognito, then the new password.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '#web/lib/router.tsx';
import { adminTexts } from '#shared/messages.ts';
import { ADMIN_PASSWORD_POLICY } from '#shared/password-policy.ts';
import { adminPaths } from '../admin-paths.ts';
import {
  confirmNewPassword,
  confirmPasswordReset,
  confirmTotpCode,
  currentUser,
  preloadAuth,
  requestPasswordReset,
  resetErrorMessage,
  signInErrorMessage,
  signInWithPassword,
  TOTP_ISSUER,
  totpCode,
  totpErrorMessage,
  type SignInOutcome,
} from '../auth/auth.ts';
import type { LoginRedirectState } from '../auth/session.tsx';
import { TextField } from '#web/ui/field.tsx';
import { Feedback } from '../components/ui.tsx';
import { texts } from '../texts.ts';

/**
 * The setup URI as a QR code. The encoder is needed only at the TOTP setup (once per admin): its own
 * small chunk, loaded here; until it is, an empty frame of the same size.
 */
function TotpQr({ value, label }: { readonly value: string; readonly label: string }) {
  const [drawing, setDrawing] = useState<{ readonly value: string; readonly side: number; readonly path: string }>();
  useEffect(() => {
    let active = true;
    import('../auth/totp-qr.ts')
      .then(({ qrDrawing }) => active && setDrawing({ value, ...qrDrawing(value) }))
      .catch(() => undefined); // the key as text and the link stay
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

/** The TOTP key in groups of four, easier to copy by hand (authenticator apps ignore the spaces). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Step = 'credentials' | 'new-password' | 'totp-setup' | 'totp-code' | 'forgot' | 'reset';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state as LoginRedirectState | null) ?? {};
  const [step, setStep] = useState<Step>('credentials');
  const [totpSetup, setTotpSetup] = useState<{ readonly secret: string; readonly setupUri: string }>();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const target = redirect.from && redirect.from.pathname !== adminPaths.login ? `${redirect.from.pathname}${redirect.from.search}` : adminPaths.dashboard;

  useEffect(() => {
    document.title = texts.pageTitle(texts.login.title);
    preloadAuth();
    // Already signed in (e.g. the login page bookmarked): straight to the back-office.
    let active = true;
    currentUser()
      .then((user) => active && user && navigate(target, { replace: true }))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [navigate, target]);

  const finish = (outcome: SignInOutcome) => {
    if (outcome.step === 'signed-in') {
      navigate(target, { replace: true });
      return;
    }
    if (outcome.step === 'unsupported') {
      setError(adminTexts.unsupportedSignInStep);
      return;
    }
    setPassword('');
    setCode('');
    if (outcome.step === 'totp-setup') setTotpSetup({ secret: outcome.secret, setupUri: outcome.setupUri });
    setStep(outcome.step === 'new-password-required' ? 'new-password' : outcome.step);
  };

  /** A form's submit: clears the last error, refuses what `check` refuses, runs `work` while busy, and shows its failure. */
  const submitting =
    (work: () => Promise<void>, onFailure: (failure: unknown) => void, check: () => string | undefined = () => undefined) =>
    async (event: FormEvent) => {
      event.preventDefault();
      setError(undefined);
      const refused = check();
      if (refused) return setError(refused);
      setBusy(true);
      try {
        await work();
      } catch (failure) {
        onFailure(failure);
      } finally {
        setBusy(false);
      }
    };
  const passwordsMatch = () => (newPassword !== confirmation ? adminTexts.newPasswordMismatch : undefined);

  const submitCredentials = submitting(
    async () => finish(await signInWithPassword(email, password)),
    (failure) => setError(signInErrorMessage(failure, 'sign-in')),
  );

  const submitNewPassword = submitting(
    async () => finish(await confirmNewPassword(newPassword)),
    (failure) => setError(signInErrorMessage(failure, 'new-password')),
    passwordsMatch,
  );

  const submitTotp = submitting(
    async () => finish(await confirmTotpCode(totpCode(code)!)),
    (failure) => {
      const { message, restart } = totpErrorMessage(failure, step === 'totp-setup' ? 'totp-setup' : 'totp-code');
      if (restart) backToSignIn();
      setError(message);
      setCode('');
    },
    () => (totpCode(code) ? undefined : adminTexts.totpCodeFormat),
  );

  const submitForgot = submitting(
    async () => {
      await requestPasswordReset(email);
      setStep('reset');
      setCode('');
    },
    (failure) => setError(resetErrorMessage(failure)),
  );

  const submitReset = submitting(
    async () => {
      await confirmPasswordReset(email, code, newPassword);
      backToSignIn(adminTexts.resetDone);
    },
    (failure) => setError(resetErrorMessage(failure)),
    passwordsMatch,
  );

  const backToSignIn = (message?: string) => {
    setStep('credentials');
    setError(undefined);
    setDone(message);
    setPassword('');
    setNewPassword('');
    setConfirmation('');
    setCode('');
    setTotpSetup(undefined);
  };

  const notice = done ?? (redirect.reason === 'expired' ? adminTexts.sessionExpired : undefined);

  const newPasswordFields = (
    <>
      <TextField
        label={texts.login.newPassword}
        type="password"
        name="new-password"
        autoComplete="new-password"
        minLength={ADMIN_PASSWORD_POLICY.minLength}
        required
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
      />
      <TextField
        label={texts.login.confirmPassword}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        minLength={ADMIN_PASSWORD_POLICY.minLength}
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
    </>
  );

  const totpField = (label: string) => (
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

  const backButton = (
    <button type="button" className="button button--quiet button--small" onClick={() => backToSignIn()}>
      {texts.login.backToSignIn}
    </button>
  );

  return (
    <main id="conteudo" className="adm-login">
      <div className="adm-login-card">
        <p className="adm-brand">
          {texts.brand} <span className="adm-brand-area">{texts.area}</span>
        </p>
        {step === 'credentials' ? (
          <form onSubmit={submitCredentials} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.title}</h1>
            <p className="muted">{texts.login.intro}</p>
            {notice && !error && <Feedback kind="info">{notice}</Feedback>}
            {error && <Feedback kind="error">{error}</Feedback>}
            <TextField
              label={texts.login.email}
              type="email"
              name="email"
              autoComplete="username"
              placeholder={texts.login.emailPlaceholder}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <TextField
              label={texts.login.password}
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder={texts.login.passwordPlaceholder}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.submitting : texts.login.submit}
            </button>
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => {
                setStep('forgot');
                setError(undefined);
                setDone(undefined);
              }}
            >
              {texts.login.forgotPassword}
            </button>
          </form>
        ) : step === 'forgot' ? (
          <form onSubmit={submitForgot} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.forgotTitle}</h1>
            <p className="muted">{texts.login.forgotIntro}</p>
            {error && <Feedback kind="error">{error}</Feedback>}
            <TextField label={texts.login.email} type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.sendingCode : texts.login.sendCode}
            </button>
            {backButton}
          </form>
        ) : step === 'reset' ? (
          <form onSubmit={submitReset} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.forgotTitle}</h1>
            <Feedback kind="info">{adminTexts.resetCodeSent(email.trim())}</Feedback>
            {error && <Feedback kind="error">{error}</Feedback>}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            <TextField
              label={texts.login.code}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            {newPasswordFields}
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.newPasswordSubmitting : texts.login.resetSubmit}
            </button>
            <button type="button" className="button button--quiet button--small" disabled={busy} onClick={() => setStep('forgot')}>
              {texts.login.resendCode}
            </button>
            {backButton}
          </form>
        ) : step === 'totp-setup' && totpSetup ? (
          <form onSubmit={submitTotp} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.totpSetupTitle}</h1>
            <p className="muted">{texts.login.totpSetupIntro}</p>
            <ol className="adm-totp-steps">
              {texts.login.totpSetupSteps(TOTP_ISSUER).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <TotpQr value={totpSetup.setupUri} label={texts.login.totpQrLabel} />
            <p className="adm-totp-secret">
              {texts.login.totpSecret}
              <code>{grouped(totpSetup.secret)}</code>
            </p>
            <a className="adm-totp-link" href={totpSetup.setupUri}>
              {texts.login.totpOpenOnPhone}
            </a>
            {error && <Feedback kind="error">{error}</Feedback>}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            {totpField(texts.login.totpSetupCode)}
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.totpSubmitting : texts.login.totpSetupSubmit}
            </button>
            {backButton}
          </form>
        ) : step === 'totp-code' ? (
          <form onSubmit={submitTotp} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.totpTitle}</h1>
            <p className="muted">{texts.login.totpIntro(TOTP_ISSUER)}</p>
            {error && <Feedback kind="error">{error}</Feedback>}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            {totpField(texts.login.totpCode)}
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.totpSubmitting : texts.login.totpSubmit}
            </button>
            <p className="muted adm-totp-lost">{texts.login.totpLost}</p>
            {backButton}
          </form>
        ) : (
          <form onSubmit={submitNewPassword} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.newPasswordTitle}</h1>
            <p className="muted">{adminTexts.newPasswordRequired}</p>
            {error && <Feedback kind="error">{error}</Feedback>}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
            {newPasswordFields}
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.newPasswordSubmitting : texts.login.newPasswordSubmit}
            </button>
            {backButton}
          </form>
        )}
      </div>
    </main>
  );
}
