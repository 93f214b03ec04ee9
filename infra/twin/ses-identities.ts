/**
 * The twin's stand-in for SES v2 `GetEmailIdentity` (`GET /v2/email/identities/{EmailIdentity}`),
 * which aws-ses-v2-local lacks: the twin's sender is verified, as an identity verified in SES is; any
 * other identity is unknown (404 `NotFoundException`, as SES answers). The function scope in front of
 * the SDK refuses the call to a function without the `senderIdentity` grant, as IAM would.
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
