/**
 * The back-office login's steps (`login-machine.ts`): which step each answer leads to, the e-mail kept
 * through them, and what the sign-in step says when the admin comes back to it.
 */
import { describe, expect, it } from 'vitest';
import {
  INITIAL_LOGIN,
  known,
  loginReducer,
  UnsupportedSignInStep,
  type LoginEvent,
  type LoginState,
} from '#web/features/sign-in/login-machine.ts';

const run = (...events: LoginEvent[]): LoginState => events.reduce(loginReducer, INITIAL_LOGIN);

describe('admin login steps', () => {
  it('starts at the e-mail and password, and keeps the e-mail typed through every step', () => {
    expect(INITIAL_LOGIN).toEqual({ step: { name: 'credentials' }, email: '' });
    const state = run({ type: 'email', email: 'ana@example.com' }, { type: 'challenge', outcome: { step: 'new-password-required' } });
    expect(state).toEqual({ step: { name: 'new-password' }, email: 'ana@example.com' });
  });

  it("goes where Cognito asks: the new password, the app's setup with its key, the app's code", () => {
    expect(run({ type: 'challenge', outcome: { step: 'totp-setup', secret: 'ABCD', setupUri: 'otpauth://totp/x' } }).step).toEqual({
      name: 'totp-setup',
      secret: 'ABCD',
      setupUri: 'otpauth://totp/x',
    });
    expect(run({ type: 'challenge', outcome: { step: 'totp-code' } }).step).toEqual({ name: 'totp-code' });
  });

  it('resets a forgotten password: the e-mail, the code, then back to signing in with the news', () => {
    const sent = run({ type: 'forgot' }, { type: 'email', email: 'ana@example.com' }, { type: 'code-sent' });
    expect(sent).toEqual({ step: { name: 'reset' }, email: 'ana@example.com' });
    expect(loginReducer(sent, { type: 'forgot' }).step).toEqual({ name: 'forgot' });
    const done = loginReducer(sent, { type: 'back', notice: { kind: 'info', text: 'Palavra-passe alterada.' } });
    expect(done).toEqual({
      step: { name: 'credentials', notice: { kind: 'info', text: 'Palavra-passe alterada.' } },
      email: 'ana@example.com',
    });
  });

  it('goes back to signing in with a reason, or without one; the notice does not follow to the next step', () => {
    const expired = run(
      { type: 'challenge', outcome: { step: 'totp-code' } },
      { type: 'back', notice: { kind: 'error', text: 'A sessão expirou.' } },
    );
    expect(expired.step).toEqual({ name: 'credentials', notice: { kind: 'error', text: 'A sessão expirou.' } });
    expect(loginReducer(expired, { type: 'back' }).step).toEqual({ name: 'credentials' });
    expect(loginReducer(expired, { type: 'forgot' }).step).toEqual({ name: 'forgot' });
  });

  it('takes a step this page does not offer as a failure of the form that asked', () => {
    expect(known({ step: 'signed-in' })).toEqual({ step: 'signed-in' });
    expect(() => known({ step: 'unsupported' })).toThrow(UnsupportedSignInStep);
  });
});
