/**
 * The login's steps as a small state machine: e-mail and password; then, as Cognito answers, the
 * first-sign-in password, the authenticator app's setup or its code; or the forgotten password (the
 * e-mail, then the e-mailed code with the new password). The e-mail typed stays through every step;
 * each step keeps its own fields, so going back starts them afresh.
 */
import type { SignInOutcome } from '#web/lib/admin/auth.ts';

/** What the sign-in step says on arrival: the password was reset (info), or a sign-in must start again (error). */
export interface StepNotice {
  readonly kind: 'info' | 'error';
  readonly text: string;
}

export type LoginStep =
  | { readonly name: 'credentials'; readonly notice?: StepNotice }
  | { readonly name: 'forgot' }
  | { readonly name: 'reset' }
  | { readonly name: 'new-password' }
  | { readonly name: 'totp-setup'; readonly secret: string; readonly setupUri: string }
  | { readonly name: 'totp-code' };

export interface LoginState {
  readonly step: LoginStep;
  /** The e-mail typed (on the first step or the forgotten password's), kept for the steps after it. */
  readonly email: string;
}

/** Cognito's answers this page goes on with (`UnsupportedSignInStep` stands for the others). */
export type KnownOutcome = Exclude<SignInOutcome, { readonly step: 'unsupported' }>;

/** The answers that ask for one more step. */
export type Challenge = Exclude<KnownOutcome, { readonly step: 'signed-in' }>;

export type LoginEvent =
  | { readonly type: 'email'; readonly email: string }
  /** Cognito asked for another step. */
  | { readonly type: 'challenge'; readonly outcome: Challenge }
  /** "Esqueci-me da palavra-passe" (or "Enviar outro código"). */
  | { readonly type: 'forgot' }
  /** The reset code was e-mailed. */
  | { readonly type: 'code-sent' }
  /** Back to the e-mail and password, with what to say there. */
  | { readonly type: 'back'; readonly notice?: StepNotice };

export const INITIAL_LOGIN: LoginState = { step: { name: 'credentials' }, email: '' };

function challengeStep(outcome: Challenge): LoginStep {
  if (outcome.step === 'totp-setup') return { name: 'totp-setup', secret: outcome.secret, setupUri: outcome.setupUri };
  return { name: outcome.step === 'new-password-required' ? 'new-password' : outcome.step };
}

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'email':
      return { ...state, email: event.email };
    case 'challenge':
      return { ...state, step: challengeStep(event.outcome) };
    case 'forgot':
      return { ...state, step: { name: 'forgot' } };
    case 'code-sent':
      return { ...state, step: { name: 'reset' } };
    case 'back':
      return { ...state, step: event.notice ? { name: 'credentials', notice: event.notice } : { name: 'credentials' } };
  }
}

/** A step this page does not offer: the form that asked for it says so (`adminTexts.unsupportedSignInStep`). */
export class UnsupportedSignInStep extends Error {
  constructor() {
    super('unsupported sign-in step');
    this.name = 'UnsupportedSignInStep';
  }
}

/** Cognito's answer, or a failure of the form that asked when it is a step this page does not offer. */
export function known(outcome: SignInOutcome): KnownOutcome {
  if (outcome.step === 'unsupported') throw new UnsupportedSignInStep();
  return outcome;
}
