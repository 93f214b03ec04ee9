/**
 * The SES v2 client, created once per function instance; only the outbox's mail consumer bundles it.
 */
import { SESv2Client } from '@aws-sdk/client-sesv2';

let sesClient: SESv2Client | undefined;

/**
 * The shared SES v2 client. Two tries per send: the outbox retries a failed send itself, later, so
 * an outage does not hold the consumer in the SDK's own retries.
 */
export function ses(): SESv2Client {
  sesClient ??= new SESv2Client({ maxAttempts: 2 });
  return sesClient;
}
