/**
 * Admin sign-in with Cognito through aws-amplify v6 (USER_PASSWORD_AUTH), configured lazily from the
 * runtime settings `/config.json` (fetched once). Every function here waits for that configuration,
 * so callers never touch Amplify before it is ready.
 */
import type { SpaConfig } from '#shared/spa-config.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { ADMIN_PREFIX } from './admin-prefix.ts';
import type * as Amplify from './amplify.ts';

// The Amplify module is loaded on demand (its own chunk); a type-only import keeps it out of this one.
type AmplifyModule = typeof Amplify;

/** The group whose members may use the back-office (the API checks it too). */
export const ADMIN_GROUP = 'admin';

/** Who is signed in, from the current access and id tokens. */
export interface AdminUser {
  readonly email: string;
  /** The access token's `username` (in a pool whose sign-in is the e-mail, an id, not the e-mail). */
  readonly username: string;
  readonly isAdmin: boolean;
}

let ready: Promise<AmplifyModule> | undefined;

async function loadSpaConfig(): Promise<SpaConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json: HTTP ${response.status}`);
  const config = (await response.json()) as Partial<SpaConfig>;
  if (typeof config.userPoolId !== 'string' || typeof config.userPoolClientId !== 'string') {
    throw new Error('/config.json has no userPoolId or userPoolClientId');
  }
  if (config.adminPathPrefix && config.adminPathPrefix !== ADMIN_PREFIX) {
    console.warn(`The admin prefix of this build (${ADMIN_PREFIX}) differs from the deployment's (${config.adminPathPrefix}).`);
  }
  return config as SpaConfig;
}

/** Amplify, configured. Loaded and configured once; a failure is retried on the next call. */
function amplify(): Promise<AmplifyModule> {
  if (!ready) {
    const attempt = Promise.all([loadSpaConfig(), import('./amplify.ts')]).then(([config, module]) => {
      module.configureAmplify(config);
      return module;
    });
    ready = attempt;
    attempt.catch(() => {
      if (ready === attempt) ready = undefined;
    });
  }
  return ready;
}

/** Starts loading Amplify and the settings early (e.g. while the login form is typed). */
export function preloadAuth(): void {
  void amplify().catch(() => undefined);
}

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
}

function isAuthRefusal(error: unknown): boolean {
  return /^(NotAuthorizedException|UserUnAuthenticatedException)/.test(errorName(error));
}

/**
 * The current session's access token (refreshed by Amplify when needed), or null when nobody is signed
 * in, the token expired and could not be refreshed, or the refresh was refused. Network failures throw.
 */
async function currentTokens() {
  const { fetchAuthSession } = await amplify();
  try {
    const { tokens } = await fetchAuthSession();
    // Amplify refreshes an expired token itself (allowing for this computer's clock being off) and
    // answers no tokens when the refresh is refused; a check against the local clock here would sign out
    // an admin whose clock runs 15 minutes fast.
    return tokens?.accessToken ? tokens : null;
  } catch (error) {
    if (isAuthRefusal(error)) return null;
    throw error;
  }
}

/**
 * The token to send as `Authorization: Bearer ...`, or null when signed out: the ID token, which the
 * API's JWT authorizer accepts like the access token (its `aud` is the app client) and which names the
 * admin's e-mail, so the order timeline and the stock history record who did it by e-mail rather than
 * by the pool's user id.
 */
export async function apiToken(): Promise<string | null> {
  const tokens = await currentTokens();
  return (tokens?.idToken ?? tokens?.accessToken)?.toString() ?? null;
}

/** The signed-in user, or null. */
export async function currentUser(): Promise<AdminUser | null> {
  const tokens = await currentTokens();
  if (!tokens) return null;
  const access = tokens.accessToken.payload;
  const groups = Array.isArray(access['cognito:groups']) ? access['cognito:groups'].map(String) : [];
  const email = tokens.idToken?.payload.email ?? access.username ?? '';
  return { email: String(email), username: String(access.username ?? access.sub ?? ''), isAdmin: groups.includes(ADMIN_GROUP) };
}

/** The name the authenticator app shows beside the admin's e-mail (the otpauth issuer). */
export const TOTP_ISSUER = 'Joias Inox';

/**
 * What the login form does next: done; the first-sign-in password; the TOTP setup of an admin without
 * an authenticator app yet (Cognito's MFA_SETUP: the key to add to the app, as text and as an otpauth
 * URI for the QR code, then the app's first code); the TOTP code of every later sign-in; or a step this
 * page does not offer.
 */
export type SignInOutcome =
  | { readonly step: 'signed-in' }
  | { readonly step: 'new-password-required' }
  | { readonly step: 'totp-setup'; readonly secret: string; readonly setupUri: string }
  | { readonly step: 'totp-code' }
  | { readonly step: 'unsupported' };

type SignInOutput = Awaited<ReturnType<AmplifyModule['signIn']>>;

/**
 * The e-mail of the sign-in under way. Cognito names the user by its id (`USER_ID_FOR_SRP`) in the
 * challenges and Amplify adopts it, so the app would list the account under that id: the setup URI
 * names the e-mail instead.
 */
let signingInAs = '';

async function outcome(result: SignInOutput): Promise<SignInOutcome> {
  const next = result.nextStep;
  switch (next.signInStep) {
    case 'DONE':
      return { step: 'signed-in' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { step: 'new-password-required' };
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
      return {
        step: 'totp-setup',
        secret: next.totpSetupDetails.sharedSecret,
        setupUri: next.totpSetupDetails.getSetupUri(TOTP_ISSUER, signingInAs || undefined).toString(),
      };
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      return { step: 'totp-code' };
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION': {
      // The pool offers TOTP only; should Cognito still ask which factor to use or set up, it is TOTP.
      if (!next.allowedMFATypes?.includes('TOTP')) return { step: 'unsupported' };
      const { confirmSignIn } = await amplify();
      return outcome(await confirmSignIn({ challengeResponse: 'TOTP' }));
    }
    default:
      return { step: 'unsupported' };
  }
}

/** Signs in with e-mail and password. An earlier session still in the browser is ended first. */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const { signIn, signOut } = await amplify();
  signingInAs = email.trim();
  const attempt = () => signIn({ username: signingInAs, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  try {
    return await outcome(await attempt());
  } catch (error) {
    if (errorName(error) !== 'UserAlreadyAuthenticatedException') throw error;
    await signOut();
    return outcome(await attempt());
  }
}

/** Answers the first-sign-in challenge (NEW_PASSWORD_REQUIRED) with the chosen password. */
export async function confirmNewPassword(newPassword: string): Promise<SignInOutcome> {
  const { confirmSignIn } = await amplify();
  return outcome(await confirmSignIn({ challengeResponse: newPassword }));
}

/** A TOTP code as the admin may type it ("123 456"), without the spaces; null unless six digits. */
export function totpCode(typed: string): string | null {
  const code = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * Answers the TOTP step with the authenticator app's current code: at the setup, Amplify verifies it
 * (VerifySoftwareToken, which makes the app the account's second factor) and then answers MFA_SETUP; at
 * a later sign-in, it answers SOFTWARE_TOKEN_MFA.
 */
export async function confirmTotpCode(code: string): Promise<SignInOutcome> {
  const { confirmSignIn } = await amplify();
  return outcome(await confirmSignIn({ challengeResponse: code }));
}

/**
 * The pt-PT message for a failed TOTP step, and whether the sign-in must start again from the e-mail
 * and password. A wrong or already used code keeps the step (Cognito lets the same sign-in try again);
 * a sign-in whose time ran out (NotAuthorizedException "Invalid session for the user, session is
 * expired.") or that Amplify no longer holds (the page was reloaded) cannot go on.
 */
export function totpErrorMessage(
  error: unknown,
  stage: 'totp-setup' | 'totp-code',
): { readonly message: string; readonly restart: boolean } {
  const name = errorName(error);
  if (/^(CodeMismatchException|ExpiredCodeException|EnableSoftwareTokenMFAException)/.test(name)) {
    return { message: stage === 'totp-setup' ? adminTexts.totpSetupCodeInvalid : adminTexts.totpCodeInvalid, restart: false };
  }
  if (/^(NotAuthorizedException|SignInException)/.test(name)) {
    return { message: stage === 'totp-setup' ? adminTexts.totpSetupSessionExpired : adminTexts.totpSessionExpired, restart: true };
  }
  if (/^(LimitExceededException|TooManyRequestsException|TooManyFailedAttemptsException)/.test(name))
    return { message: adminTexts.tooManyAttempts, restart: false };
  return { message: adminTexts.loginUnavailable, restart: false };
}

/**
 * Asks Cognito to e-mail a code that lets the admin choose a new password (the pool recovers by
 * verified e-mail only). An address with no account is answered exactly like one with an account, so
 * the form cannot tell who has one.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { resetPassword } = await amplify();
  try {
    await resetPassword({ username: email.trim() });
  } catch (error) {
    // Cognito hides unknown addresses (the pool client prevents user-existence errors) but still refuses a
    // disabled account, or one invited that never signed in, with NotAuthorizedException: answered like
    // the rest, so the form tells nobody which accounts exist.
    if (!/^(UserNotFoundException|NotAuthorizedException)/.test(errorName(error))) throw error;
  }
}

/** Sets the new password with the e-mailed code; the admin then signs in with it. */
export async function confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
  const { confirmResetPassword } = await amplify();
  await confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword });
}

/** The pt-PT message for a failed step of the forgotten-password flow. */
export function resetErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (/^(CodeMismatchException|UserNotFoundException)/.test(name)) return adminTexts.resetCodeInvalid;
  if (/^ExpiredCodeException/.test(name)) return adminTexts.resetCodeExpired;
  if (/^(InvalidPasswordException|InvalidParameterException)/.test(name)) return adminTexts.newPasswordInvalid;
  if (/^(LimitExceededException|TooManyRequestsException|TooManyFailedAttemptsException)/.test(name)) return adminTexts.tooManyAttempts;
  return adminTexts.loginUnavailable;
}

/** Ends the session in this browser (and revokes the refresh token where the pool allows it). */
export async function signOutAdmin(): Promise<void> {
  const { signOut } = await amplify();
  try {
    await signOut();
  } catch {
    // The server-side revocation failed (network); the local tokens are cleared anyway.
    await signOut({ global: false }).catch(() => undefined);
  }
}

/**
 * The pt-PT message for a failed sign-in step. Cognito answers a wrong password with
 * NotAuthorizedException (cognito-local with InvalidPasswordException); while choosing a new
 * password, InvalidPasswordException means the password policy refused it.
 */
export function signInErrorMessage(error: unknown, stage: 'sign-in' | 'new-password'): string {
  const name = errorName(error);
  if (stage === 'new-password' && /^(InvalidPasswordException|InvalidParameterException)/.test(name)) return adminTexts.newPasswordInvalid;
  if (/^(NotAuthorizedException|UserNotFoundException|InvalidPasswordException)/.test(name)) {
    return stage === 'new-password' ? adminTexts.sessionExpired : adminTexts.loginFailed;
  }
  if (/^(LimitExceededException|TooManyRequestsException|TooManyFailedAttemptsException)/.test(name)) return adminTexts.tooManyAttempts;
  if (/^PasswordResetRequiredException/.test(name)) return adminTexts.passwordResetRequired;
  return adminTexts.loginUnavailable;
}
