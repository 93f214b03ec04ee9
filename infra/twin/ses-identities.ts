/**
 * The twin's stand-ins for SES v2 `GetEmailIdentity` (`GET /v2/email/identities/{EmailIdentity}`) and
 * `GetAccount` (`GET /v2/email/account`), which aws-ses-v2-local lacks: the twin's sender is verified, as
 * an identity verified in SES is; any other identity is unknown (404 `NotFoundException`, as SES
 * answers). The account has production access unless the twin starts in the sandbox (`sesSandbox`), and
 * `POST /_twin/ses-account` `{ "productionAccess": true }` grants it later, as AWS does after a request.
 * The function scope in front of the SDK refuses each call to a function without its grant
 * (`senderIdentity`, `sesAccount`), as IAM would.
 */
import type http from 'node:http';

/** Path prefix of the identities API of SES v2. */
export const IDENTITIES_PATH = '/v2/email/identities/';

/** Answers one `GetEmailIdentity` for the `verified` identities (case-insensitive, as SES compares them). */
export function answerEmailIdentity(path: string, res: http.ServerResponse, verified: readonly string[]): void {
  const identity = decodeURIComponent(path.slice(IDENTITIES_PATH.length));
  if (!verified.some((known) => known.toLowerCase() === identity.toLowerCase())) {
    res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'NotFoundException' });
    res.end(JSON.stringify({ message: `Email identity ${identity} does not exist.` }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      IdentityType: identity.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN',
      FeedbackForwardingStatus: true,
      VerifiedForSendingStatus: true,
      VerificationStatus: 'SUCCESS',
      DkimAttributes: { SigningEnabled: false, Status: 'NOT_STARTED' },
      MailFromAttributes: { BehaviorOnMxFailure: 'USE_DEFAULT_VALUE', MailFromDomainStatus: 'PENDING' },
      Policies: {},
      Tags: [],
    }),
  );
}

/** Path of SES v2 `GetAccount`. */
export const ACCOUNT_PATH = '/v2/email/account';
/** The twin's switch of the account's production access (a test's, or the owner's rehearsal). */
export const SES_ACCOUNT_SWITCH_PATH = '/_twin/ses-account';

/** The twin's SES account: in the sandbox or with production access. */
export interface SesAccountState {
  productionAccess: boolean;
}

/** Answers one `GetAccount` as SES does (sending on, healthy; the sandbox's quota of 200 a day, 1 a second). */
export function answerAccount(res: http.ServerResponse, account: SesAccountState): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      DedicatedIpAutoWarmupEnabled: false,
      EnforcementStatus: 'HEALTHY',
      ProductionAccessEnabled: account.productionAccess,
      SendingEnabled: true,
      SendQuota: account.productionAccess
        ? { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 }
        : { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
    }),
  );
}

/** `POST /_twin/ses-account` `{ "productionAccess": boolean }`: the account leaves (or enters) the sandbox. */
export async function switchAccount(req: http.IncomingMessage, res: http.ServerResponse, account: SesAccountState): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const { productionAccess } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { productionAccess?: unknown };
  if (typeof productionAccess === 'boolean') account.productionAccess = productionAccess;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(account));
}
