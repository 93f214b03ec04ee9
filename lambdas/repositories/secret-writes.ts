/**
 * The secrets a function writes: the payment provider's keys and the invoicing API key, which the owner saves from
 * "Definições" (`PUT /api/admin/settings/payment-keys`, the `paymentKeys` grant with `write`:
 * `secretsmanager:PutSecretValue` on that secret alone). With Secrets Manager's own client, carried by
 * that function alone: every other function reads its secrets with the small signed call of `secrets.ts`.
 * The twin checks each call as IAM would (`checkSecretAccess`); the endpoint is Secrets Manager's, or
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` (the twin's stand-in) as the client takes it.
 */
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { checkSecretAccess, forgetSecret } from './secrets.ts';

let client: SecretsManagerClient | undefined;
const secretsManager = () => (client ??= new SecretsManagerClient({}));

/** The secret's text as stored now, past any cache (what a write about to replace it builds on). */
export async function readSecretNow(secretId: string): Promise<string> {
  checkSecretAccess(secretId, 'read');
  const { SecretString } = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  return SecretString ?? '';
}

/**
 * Gives the secret a new current value (`PutSecretValue`: the one before becomes `AWSPREVIOUS`) and
 * forgets what this instance kept of it; other instances read it again within `SECRET_CACHE_SECONDS`.
 */
export async function writeSecret(secretId: string, value: string): Promise<void> {
  checkSecretAccess(secretId, 'write');
  await secretsManager().send(new PutSecretValueCommand({ SecretId: secretId, SecretString: value }));
  forgetSecret(secretId);
}
