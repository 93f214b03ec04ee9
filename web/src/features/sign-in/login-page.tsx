/**
 * {prefix}/login: e-mail and password (USER_PASSWORD_AUTH), the first-password challenge of accounts
 * created by an operator, the authenticator app (TOTP: its setup at the first sign-in, its code at every
 * later one), then the dashboard (or the admin page the guard came from). A forgotten password is reset
 * here too: a code e-mailed by Cognito, then the new password. The steps are a state machine
 * (`login-machine.ts`); each is a component of its own with its own form (`useFormSubmit`).
 */
import { useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from '#web/lib/router.tsx';
import { adminTexts } from '#shared/messages/index.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { currentUser, preloadAuth } from '#web/lib/admin/auth.ts';
import type { LoginRedirectState } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { CredentialsStep } from './credentials-step.tsx';
import { INITIAL_LOGIN, loginReducer, type KnownOutcome, type LoginEvent, type LoginState } from './login-machine.ts';
import { NewPasswordStep } from './new-password-step.tsx';
import { ForgotStep, ResetStep } from './password-reset-steps.tsx';
import { TotpCodeStep, TotpSetupStep } from './totp-steps.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const redirect = (useLocation().state as LoginRedirectState | null) ?? {};
  const target =
    redirect.from && redirect.from.pathname !== adminPaths.login
      ? `${redirect.from.pathname}${redirect.from.search}`
      : adminPaths.dashboard;
  const [state, dispatch] = useReducer(loginReducer, INITIAL_LOGIN);

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

  const onOutcome = (outcome: KnownOutcome) => {
    if (outcome.step === 'signed-in') navigate(target, { replace: true });
    else dispatch({ type: 'challenge', outcome });
  };

  return (
    <main id="conteudo" className="adm-login">
      <div className="adm-login-card">
        <p className="adm-brand">
          {texts.brand} <span className="adm-brand-area">{texts.area}</span>
        </p>
        <CurrentStep state={state} dispatch={dispatch} expired={redirect.reason === 'expired'} onOutcome={onOutcome} />
      </div>
    </main>
  );
}

/** The step the machine is at, wired to its events. */
function CurrentStep(props: {
  readonly state: LoginState;
  readonly dispatch: (event: LoginEvent) => void;
  readonly expired: boolean;
  readonly onOutcome: (outcome: KnownOutcome) => void;
}) {
  const { state, dispatch, expired, onOutcome } = props;
  const { step, email } = state;
  const onEmail = (typed: string) => dispatch({ type: 'email', email: typed });
  const onBack = (message?: string) => dispatch({ type: 'back', notice: message ? { kind: 'error', text: message } : undefined });
  switch (step.name) {
    case 'credentials':
      return (
        <CredentialsStep
          email={email}
          onEmail={onEmail}
          notice={step.notice}
          expired={expired}
          onOutcome={onOutcome}
          onForgot={() => dispatch({ type: 'forgot' })}
        />
      );
    case 'forgot':
      return <ForgotStep email={email} onEmail={onEmail} onSent={() => dispatch({ type: 'code-sent' })} onBack={() => onBack()} />;
    case 'reset':
      return (
        <ResetStep
          email={email}
          onDone={() => dispatch({ type: 'back', notice: { kind: 'info', text: adminTexts.resetDone } })}
          onResend={() => dispatch({ type: 'forgot' })}
          onBack={() => onBack()}
        />
      );
    case 'new-password':
      return <NewPasswordStep email={email} onOutcome={onOutcome} onBack={() => onBack()} />;
    case 'totp-setup':
      return (
        <TotpSetupStep
          key={step.secret}
          email={email}
          secret={step.secret}
          setupUri={step.setupUri}
          onOutcome={onOutcome}
          onBack={onBack}
        />
      );
    case 'totp-code':
      return <TotpCodeStep email={email} onOutcome={onOutcome} onBack={onBack} />;
  }
}
