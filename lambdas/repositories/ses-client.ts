/**
 * The SES v2 client, created once per function instance: the outbox's mail consumer sends with it, and
 * the settings routes ask whether the sender is verified (the go-live checklist).
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { MAIL_ENV } from '../contracts/env.ts';

let sesClient: SESv2Client | undefined;

/**
 * The shared SES v2 client, in the region of the stage's SES resources (`MAIL_SES_REGION`; the
 * function's own region when unset). Two tries per send: the outbox retries a failed send itself,
 * later, so an outage does not hold the consumer in the SDK's own retries.
 */
export function ses(): SESv2Client {
  const region = process.env[MAIL_ENV.sesRegion];
  sesClient ??= new SESv2Client({ maxAttempts: 2, ...(region ? { region } : {}) });
  return sesClient;
}
