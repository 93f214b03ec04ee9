/**
 * Whether SES has verified the shop's sender (the go-live checklist, docs/design.md §33): SES v2
 * `GetEmailIdentity` on the stage's identity (`MAIL_IDENTITY`; the `senderIdentity` grant reaches that
 * one identity only). Only "Definições" asks; its answer is kept by `sender-status.ts`.
 */
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { MAIL_ENV } from '../contracts/env.ts';
import { setting } from './environment.ts';
import { ses } from './ses-client.ts';

/** What SES says now: verified for sending, or not (an identity SES does not know is not verified). */
export async function askSenderVerified(): Promise<boolean> {
  try {
    const answer = await ses().send(new GetEmailIdentityCommand({ EmailIdentity: setting(MAIL_ENV.identity) }));
    return answer.VerifiedForSendingStatus === true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFoundException') return false;
    throw error;
  }
}
