/**
 * {prefix}/login: e-mail and password (USER_PASSWORD_AUTH), the first-password challenge of accounts
 * created by an operator, then the dashboard (or the admin page the guard came from).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../../shared/messages.ts';
import { ADMIN_PASSWORD_POLICY } from '../../../../../shared/password-policy.ts';
import { adminPaths } from '../admin-paths.ts';
import { confirmNewPassword, currentUser, preloadAuth, signInErrorMessage, signInWithPassword, type SignInOutcome } from '../auth/auth.ts';
import type { LoginRedirectState } from '../auth/session.tsx';
import { TextField } from '../../../ui/field.tsx';
import { Feedback } from '../components/ui.tsx';
import { texts } from '../texts.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = (location.state as LoginRedirectState | null) ?? {};
  const [step, setStep] = useState<'credentials' | 'new-password'>('credentials');
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

  const notice = redirect.reason === 'expired' ? messages.admin.sessionExpired : undefined;

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
          </form>
        ) : (
          <form onSubmit={submitNewPassword} aria-labelledby="adm-login-title">
            <h1 id="adm-login-title">{texts.login.newPasswordTitle}</h1>
            <p className="muted">{messages.admin.newPasswordRequired}</p>
            {error && <Feedback kind="error">{error}</Feedback>}
            <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
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
            <button type="submit" className="button button--block" disabled={busy}>
              {busy ? texts.login.newPasswordSubmitting : texts.login.newPasswordSubmit}
            </button>
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => {
                setStep('credentials');
                setError(undefined);
                setNewPassword('');
                setConfirmation('');
              }}
            >
              {texts.login.backToSignIn}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
