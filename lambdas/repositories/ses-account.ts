/**
 * Whether the account has production access to SES in the mail region (the go-live checklist,
 * docs/design.md §33): SES v2 `GetAccount`, `ProductionAccessEnabled` (the `sesAccount` grant:
 * `ses:GetAccount`, an account-wide read with no resource of its own). In the sandbox SES sends only to
 * verified addresses: customers get no mail. Only "Definições" asks; `sender-status.ts` keeps the answer.
 */
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { ses } from './ses-client.ts';

/** What SES says now: production access (out of the sandbox) in the mail region, or not. */
export async function askProductionAccess(): Promise<boolean> {
  const answer = await ses().send(new GetAccountCommand({}));
  return answer.ProductionAccessEnabled === true;
}
