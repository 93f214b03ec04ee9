/**
 * {prefix}/login: e-mail and password (USER_PASSWORD_AUTH), the first-password challenge of accounts
 * created by an operator, then the dashboard (or the admin page the guard came from). A forgotten
 * password is reset here too: a code e-mailed by Cognito, then the new password.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../../shared/messages.ts';
import { ADMIN_PASSWORD_POLICY } from '../../../../../shared/password-policy.ts';
import { adminPaths } from '../admin-paths.ts';
import {
  confirmNewPassword,
  confirmPasswordReset,
  currentUser,
  preloadAuth,
  requestPasswordReset,
  resetErrorMessage,
  signInErrorMessage,
  signInWithPassword,
  type SignInOutcome,
} from '../auth/auth.ts';
import type { LoginRedirectState } from '../auth/session.tsx';
import { TextField } from '../../../ui/field.tsx';
import { Feedback } from '../components/ui.tsx';
import { texts } from '../texts.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state as LoginRedirectState | null) ?? {};
  const [step, setStep] = useState<'credentials' | 'new-password' | 'forgot' | 'reset'>('credentials');
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
    if (outcome === 'signed-in') navigate(target, { replace: true });
    else if (outcome === 'new-password-required') {
      setStep('new-password');
      setPassword('');
    } else setError(messages.admin.unsupportedSignInStep);
  };

  const submitCredentials = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      finish(await signInWithPassword(email, password));
    } catch (failure) {
      setError(signInErrorMessage(failure, 'sign-in'));
    } finally {
      setBusy(false);
    }
  };

  const submitNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (newPassword !== confirmation) return setError(messages.admin.newPasswordMismatch);
    setBusy(true);
    try {
      finish(await confirmNewPassword(newPassword));
    } catch (failure) {
      setError(signInErrorMessage(failure, 'new-password'));
    } finally {
      setBusy(false);
    }
  };

  const submitForgot = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setStep('reset');
      setCode('');
    } catch (failure) {
      setError(resetErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submitReset = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (newPassword !== confirmation) return setError(messages.admin.newPasswordMismatch);
    setBusy(true);
    try {
      await confirmPasswordReset(email, code, newPassword);
      backToSignIn(messages.admin.resetDone);
    } catch (failure) {
      setError(resetErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const backToSignIn = (message?: string) => {
    setStep('credentials');
    setError(undefined);
    setDone(message);
    setPassword('');
    setNewPassword('');
    setConfirmation('');
    setCode('');
  };

  const notice = done ?? (redirect.reason === 'expired' ? messages.admin.sessionExpired : undefined);

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
            <Feedback kind="info">{messages.admin.resetCodeSent(email.trim())}</Feedback>
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
        ) : (
          <form onSubmit={submitNewPassword} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.newPasswordTitle}</h1>
            <p className="muted">{messages.admin.newPasswordRequired}</p>
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
