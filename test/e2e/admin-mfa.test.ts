/**
 * TOTP MFA of the back-office sign-in, in real headless Chromium, against recorded Cognito answers.
 *
 * The cloud's user pool requires TOTP MFA (`infra/cloud/auth.ts`); the twin's Cognito (cognito-local 5.3.0)
 * cannot run the MFA_SETUP challenge, so the twin keeps MFA off. Here the page's calls to the Cognito
 * endpoint are answered, by their `X-Amz-Target`, with the JSON Cognito documents for a pool with MFA
 * required (ChallengeName MFA_SETUP / SOFTWARE_TOKEN_MFA, Session, SecretCode, Status, and its error
 * bodies), checking each request as Cognito would: the Session of the previous answer, the challenge
 * name and its responses, and the TOTP code against the secret (RFC 6238, the current 30-second step
 * or its neighbours). The final AuthenticationResult carries real tokens of the same account issued by
 * the twin's Cognito, so the API accepts them and the walk ends on the dashboard with its data.
 *
 * Screenshots of every screen go to /tmp/mfa-shots/ (MFA_SHOTS moves them).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AdminGetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page, Request, Route } from 'playwright-core';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '#infra/twin/bootstrap.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { MOBILE, openPage, screenshot, seriousViolations, type PageProblems, useShop } from '../web/e2e-support.ts';

const shop = useShop();

const SHOTS = process.env.MFA_SHOTS ?? '/tmp/mfa-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => screenshot(page, { path: join(SHOTS, `${name}.png`), fullPage: true });

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

// --- TOTP (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), as the authenticator app computes it ---

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Encode(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  return (bits.match(/.{1,5}/g) ?? []).map((chunk) => BASE32[parseInt(chunk.padEnd(5, '0'), 2)]).join('');
}

function base32Decode(text: string): Buffer {
  const bits = [...text.replace(/[\s=]/g, '').toUpperCase()].map((c) => BASE32.indexOf(c).toString(2).padStart(5, '0')).join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

function totp(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Whether Cognito would take `code` now: the current step or the one either side of it. */
function totpAccepts(secret: string, code: string): boolean {
  const now = Math.floor(Date.now() / 30_000);
  return [now - 1, now, now + 1].some((step) => totp(secret, step) === code);
}

/** A six-digit code that is not valid for the secret around now. */
function wrongCode(secret: string): string {
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!totpAccepts(secret, code)) return code;
  }
}

// --- The recorded Cognito ---

interface CognitoCall {
  readonly target: string;
  readonly body: Record<string, any>;
}

type Answer =
  | { readonly status: 200; readonly json: Record<string, unknown> }
  | { readonly status: 400; readonly type: string; readonly message: string };

const ok = (json: Record<string, unknown>): Answer => ({ status: 200, json });
const fail = (type: string, message: string): Answer => ({ status: 400, type, message });

/** Cognito's answers to one account's sign-ins, from the documented request and answer shapes. */
class RecordedCognito {
  /** Every call the page made to the Cognito endpoint, answered here or passed on to the twin. */
  readonly calls: CognitoCall[] = [];
  /** The targets answered here, in order. */
  readonly answered: string[] = [];
  private session = '';
  private mfaSecret: string | undefined;
  private pendingSecret: string | undefined;
  /** The next answer to a challenge response is "session expired" (the 15 minutes ran out). */
  expireNextSession = false;

  constructor(
    private readonly account: { readonly email: string; readonly sub: string; readonly temporaryPassword: string; password: string },
    private readonly tokens: () => Promise<Record<string, unknown>>,
    private state: 'invited' | 'mfa-setup' | 'confirmed',
  ) {}

  get secret(): string | undefined {
    return this.mfaSecret;
  }

  /** Installs the answers on the page: calls this account makes are answered here, the rest go to the twin. */
  async install(page: Page, cognitoEndpoint: string): Promise<void> {
    await page.route(
      (url) => url.href.startsWith(cognitoEndpoint),
      (route, request) => this.handle(route, request),
    );
  }

  private newSession(): string {
    this.session = randomBytes(96).toString('base64url');
    return this.session;
  }

  private async handle(route: Route, request: Request): Promise<void> {
    if (request.method() !== 'POST') return route.continue(); // CORS preflight: the twin's Cognito answers it
    const target = (request.headers()['x-amz-target'] ?? '').replace(TARGET_PREFIX, '');
    const body = (request.postDataJSON() ?? {}) as Record<string, any>;
    this.calls.push({ target, body });
    const answer = await this.answer(target, body);
    if (!answer) return route.continue();
    this.answered.push(target);
    const headers = {
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': randomUUID(),
      'access-control-allow-origin': request.headers().origin ?? '*',
      'access-control-expose-headers': 'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date',
    };
    if (answer.status === 200) return route.fulfill({ status: 200, headers, body: JSON.stringify(answer.json) });
    return route.fulfill({
      status: 400,
      headers: {
        ...headers,
        'x-amzn-errortype': `${answer.type}:http://internal.amazon.com/coral/com.amazonaws.cognito.identity.idp.model/`,
        'x-amzn-errormessage': answer.message,
      },
      body: JSON.stringify({ __type: answer.type, message: answer.message }),
    });
  }

  /** Cognito's answer, or undefined to pass the call on to the twin (token refresh, sign-out). */
  private async answer(target: string, body: Record<string, any>): Promise<Answer | undefined> {
    const { email, sub } = this.account;
    const isUser = (name: unknown) => name === email || name === sub;
    const sessionOk = () => typeof body.Session === 'string' && body.Session === this.session;
    const expired = () => {
      this.expireNextSession = false;
      this.session = '';
      return fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    };
    switch (target) {
      case 'InitiateAuth': {
        if (body.AuthFlow !== 'USER_PASSWORD_AUTH') return undefined; // REFRESH_TOKEN_AUTH: the twin
        if (!isUser(body.AuthParameters?.USERNAME)) return undefined;
        const password = body.AuthParameters?.PASSWORD;
        if (this.state === 'invited') {
          if (password !== this.account.temporaryPassword) return fail('NotAuthorizedException', 'Incorrect username or password.');
          return ok({
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            ChallengeParameters: {
              USER_ID_FOR_SRP: sub,
              requiredAttributes: '[]',
              userAttributes: JSON.stringify({ email_verified: 'true', email }),
            },
            Session: this.newSession(),
          });
        }
        if (password !== this.account.password) return fail('NotAuthorizedException', 'Incorrect username or password.');
        if (this.state === 'mfa-setup') {
          return ok({
            ChallengeName: 'MFA_SETUP',
            ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
            Session: this.newSession(),
          });
        }
        return ok({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: { USER_ID_FOR_SRP: sub }, Session: this.newSession() });
      }
      case 'RespondToAuthChallenge': {
        if (!isUser(body.ChallengeResponses?.USERNAME)) return fail('NotAuthorizedException', 'Invalid session for the user.');
        if (!sessionOk()) return fail('NotAuthorizedException', 'Invalid session for the user, session can only be used once.');
        if (this.expireNextSession) return expired();
        if (body.ChallengeName === 'NEW_PASSWORD_REQUIRED' && this.state === 'invited') {
          this.account.password = String(body.ChallengeResponses.NEW_PASSWORD ?? '');
          this.state = 'mfa-setup';
          return ok({
            ChallengeName: 'MFA_SETUP',
            ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
            Session: this.newSession(),
          });
        }
        if (body.ChallengeName === 'MFA_SETUP' && this.state === 'mfa-setup' && this.mfaSecret) {
          this.state = 'confirmed';
          this.session = '';
          return ok({ AuthenticationResult: await this.tokens(), ChallengeParameters: {} });
        }
        if (body.ChallengeName === 'SOFTWARE_TOKEN_MFA' && this.state === 'confirmed' && this.mfaSecret) {
          // Cognito lets the same session try again after a wrong code.
          if (!totpAccepts(this.mfaSecret, String(body.ChallengeResponses.SOFTWARE_TOKEN_MFA_CODE ?? '')))
            return fail('CodeMismatchException', 'Invalid code received for user');
          this.session = '';
          return ok({ AuthenticationResult: await this.tokens(), ChallengeParameters: {} });
        }
        return fail('InvalidParameterException', `Unexpected challenge ${String(body.ChallengeName)} in state ${this.state}`);
      }
      case 'AssociateSoftwareToken': {
        if (this.state !== 'mfa-setup' || !sessionOk()) return fail('NotAuthorizedException', 'Invalid session for the user.');
        this.pendingSecret = base32Encode(randomBytes(20));
        return ok({ SecretCode: this.pendingSecret, Session: this.newSession() });
      }
      case 'VerifySoftwareToken': {
        if (this.state !== 'mfa-setup' || !sessionOk() || !this.pendingSecret)
          return fail('NotAuthorizedException', 'Invalid session for the user.');
        if (this.expireNextSession) return expired();
        if (!totpAccepts(this.pendingSecret, String(body.UserCode ?? '')))
          return fail('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
        this.mfaSecret = this.pendingSecret;
        return ok({ Status: 'SUCCESS', Session: this.newSession() });
      }
      default:
        return undefined;
    }
  }
}

// --- The walk ---

/** An admin account of the twin (MFA off there) whose tokens end the recorded sign-ins. */
async function twinAdmin(email: string, password: string): Promise<{ sub: string; tokens: () => Promise<Record<string, unknown>> }> {
  const client = cognitoClient(shop.twin.endpoints.cognito);
  try {
    await ensureUser(client, shop.twin.userPoolId, email, password, ['admin']);
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: shop.twin.userPoolId, Username: email }));
    const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? '';
    expect(sub).not.toBe('');
    const tokens = async () => {
      const signIn = cognitoClient(shop.twin.endpoints.cognito);
      try {
        const result = await signIn.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: shop.twin.clientId,
            AuthParameters: { USERNAME: email, PASSWORD: password },
          }),
        );
        const { AccessToken, IdToken, RefreshToken, ExpiresIn, TokenType } = result.AuthenticationResult!;
        return { AccessToken, ExpiresIn, IdToken, RefreshToken, TokenType: TokenType ?? 'Bearer' };
      } finally {
        signIn.destroy();
      }
    };
    return { sub, tokens };
  } finally {
    client.destroy();
  }
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const alertText = (page: Page) => page.getByRole('alert').textContent();

/** The SVG path of the dark modules of `uri`'s QR code, with the 4-module quiet zone, straight from `uqr`. */
function qrPath(uri: string): string {
  const { data } = encode(uri, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  return path;
}

function expectClean(problems: PageProblems): void {
  expect(problems.errors).toEqual([]);
  expect(problems.csp).toEqual([]);
}

describe('back-office sign-in with TOTP MFA required (recorded Cognito answers)', () => {
  const email = `mfa-${randomUUID().slice(0, 8)}@example.com`;
  const temporaryPassword = 'Temporaria-Mfa-2026!';
  const password = 'Nova-Palavra-Mfa-2026!';
  let recorded: RecordedCognito | undefined;

  it('first sign-in of an invited admin: new password, authenticator app set up (key, QR code, wrong code refused), home', async () => {
    const admin = await twinAdmin(email, password);
    recorded = new RecordedCognito({ email, sub: admin.sub, temporaryPassword, password: '' }, admin.tokens, 'invited');
    const { page, problems } = await openPage(shop.browser, MOBILE);
    await recorded.install(page, shop.twin.endpoints.cognito);
    await page.goto(shop.twin.adminUrl);
    await signIn(page, email, temporaryPassword);

    await page.getByText(adminTexts.newPasswordRequired).waitFor();
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill(password);
    await page.getByLabel('Repetir a nova palavra-passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Guardar e entrar' }).click();

    // The setup step: the key as text, the QR code of the otpauth URI, the link for a phone.
    await page.getByRole('heading', { name: 'Ligar a conta à aplicação de autenticação' }).waitFor();
    await page.getByRole('img', { name: 'Código QR para acrescentar a conta à aplicação de autenticação' }).waitFor();
    const secret = (await page.locator('.adm-totp-secret code').textContent()) ?? '';
    expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const key = secret.replace(/ /g, '');
    expect(recorded.calls.find((c) => c.target === 'AssociateSoftwareToken')).toBeDefined();
    const setupUri = `otpauth://totp/Joias%20Inox:${email}?secret=${key}&issuer=Joias%20Inox`;
    expect(await page.getByRole('link', { name: /abrir a aplicação de autenticação/ }).getAttribute('href')).toBe(setupUri);
    expect(await page.locator('svg.adm-totp-qr path').getAttribute('d')).toBe(qrPath(setupUri));
    await expect.poll(() => page.getByText('Google Authenticator, Microsoft Authenticator, 1Password').count()).toBe(1);
    const codeField = page.getByLabel('Código de 6 algarismos da aplicação');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '1-setup-phone');

    // Not six digits: said before anything is sent.
    await codeField.fill('12ab');
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect.poll(() => alertText(page)).toBe(adminTexts.totpCodeFormat);

    // A wrong code: Cognito's EnableSoftwareTokenMFAException, in Portuguese, and the step stays.
    const wrong = wrongCode(key);
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect.poll(() => alertText(page)).toBe(adminTexts.totpSetupCodeInvalid);
    expect(page.url()).toMatch(/\/login$/);
    expect(await page.locator('.adm-totp-secret code').textContent()).toBe(secret);
    await shot(page, '2-setup-wrong-code-phone');

    // The code the app shows now (typed with a space, as people do).
    const code = totp(key);
    await codeField.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(adminTexts.welcome(email)).waitFor();
    await page.locator('.adm-card').first().waitFor(); // the API took the tokens
    await shot(page, '3-dashboard-after-setup-phone');

    expect(recorded.answered).toEqual([
      'InitiateAuth',
      'RespondToAuthChallenge',
      'AssociateSoftwareToken',
      'VerifySoftwareToken',
      'VerifySoftwareToken',
      'RespondToAuthChallenge',
    ]);
    const verifies = recorded.calls.filter((c) => c.target === 'VerifySoftwareToken');
    expect(verifies.map((c) => c.body.UserCode)).toEqual([wrong, code]);
    const last = recorded.calls.filter((c) => c.target === 'RespondToAuthChallenge').at(-1)!;
    expect(last.body.ChallengeName).toBe('MFA_SETUP');
    expect(recorded.secret).toBe(key);
    expectClean(problems);
    await page.close();
  });

  it("a later sign-in asks for the app's code: a wrong one refused, an expired sign-in starts again, the right one opens", async () => {
    expect(recorded?.secret, 'the first test set the app up').toBeDefined();
    const cognito = recorded!;
    const key = cognito.secret!;
    const { page, problems } = await openPage(shop.browser);
    await cognito.install(page, shop.twin.endpoints.cognito);
    await page.goto(shop.twin.adminUrl);
    await signIn(page, email, password);

    await page.getByRole('heading', { name: 'Código de verificação' }).waitFor();
    const codeField = page.getByLabel('Código da aplicação de autenticação');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, '4-code-desktop');

    // Wrong code: Cognito's CodeMismatchException, and the same sign-in may try again.
    await codeField.fill(wrongCode(key));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(adminTexts.totpCodeInvalid);
    await page.getByRole('heading', { name: 'Código de verificação' }).waitFor();
    await shot(page, '5-code-wrong-desktop');

    // The sign-in's session ran out: back to e-mail and password, with the reason.
    cognito.expireNextSession = true;
    await codeField.fill(totp(key));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect.poll(() => alertText(page)).toBe(adminTexts.totpSessionExpired);
    await page.getByPlaceholder(texts.login.passwordPlaceholder).waitFor();
    expect(await page.getByPlaceholder(texts.login.emailPlaceholder).inputValue()).toBe(email);
    await shot(page, '6-session-expired-desktop');

    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Código de verificação' }).waitFor();
    await page.getByLabel('Código da aplicação de autenticação').fill(totp(key));
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(adminTexts.welcome(email)).waitFor();
    await page.locator('.adm-card').first().waitFor();
    await shot(page, '7-dashboard-after-code-desktop');

    const challenges = cognito.calls.filter((c) => c.target === 'RespondToAuthChallenge' && c.body.ChallengeName === 'SOFTWARE_TOKEN_MFA');
    expect(challenges.length).toBe(3);
    expect(challenges.every((c) => /^\d{6}$/.test(String(c.body.ChallengeResponses?.SOFTWARE_TOKEN_MFA_CODE)))).toBe(true);
    expectClean(problems);
    await page.close();
  });

  it('a setup whose sign-in ran out starts again with a new key, and says to delete the old one from the app', async () => {
    const other = `mfa-${randomUUID().slice(0, 8)}@example.com`;
    const admin = await twinAdmin(other, password);
    const cognito = new RecordedCognito({ email: other, sub: admin.sub, temporaryPassword, password }, admin.tokens, 'mfa-setup');
    const { page, problems } = await openPage(shop.browser);
    await cognito.install(page, shop.twin.endpoints.cognito);
    await page.goto(shop.twin.adminUrl);
    await signIn(page, other, password);
    await page.getByRole('heading', { name: 'Ligar a conta à aplicação de autenticação' }).waitFor();
    const first = (await page.locator('.adm-totp-secret code').textContent())!.replace(/ /g, '');
    await shot(page, '8-setup-desktop');
    cognito.expireNextSession = true;
    await page.getByLabel('Código de 6 algarismos da aplicação').fill(totp(first));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect.poll(() => alertText(page)).toBe(adminTexts.totpSetupSessionExpired);
    await shot(page, '9-setup-expired-desktop');
    await signIn(page, other, password);
    await page.getByRole('heading', { name: 'Ligar a conta à aplicação de autenticação' }).waitFor();
    const second = (await page.locator('.adm-totp-secret code').textContent())!.replace(/ /g, '');
    expect(second).not.toBe(first);
    await page.getByLabel('Código de 6 algarismos da aplicação').fill(totp(second));
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await page.waitForURL(/\/dashboard$/);
    expectClean(problems);
    await page.close();
  });
});
