/**
 * What a function's bundle has in place of `@aws-sdk/credential-provider-node` (esbuild alias,
 * `BUNDLE_ALIASES` in `./shop-function.ts`): Lambda gives every function its role's credentials in
 * its environment (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), the first link
 * of the SDK's default chain, so the chain's other links (SSO, profiles, processes, web identity: left
 * out already, `UNREACHED_IN_LAMBDA`; the container and instance metadata) are never reached. About
 * 3 KB less in every function. A function without those variables fails at its first request with the
 * SDK's own error; the bundle test's catalogue read, which signs a real query from a bundle with
 * credentials from the environment only, shows the link that is kept is the one Lambda uses. The twin
 * and the tests run the code unbundled, with the real package.
 */
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

/** The SDK's test for credentials close to their end (five minutes), as its default chain has it. */
export const credentialsTreatedAsExpired = (credentials: AwsCredentialIdentity): boolean =>
  credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;

export const credentialsWillNeedRefresh = (credentials: AwsCredentialIdentity): boolean => credentials.expiration !== undefined;

/** The role's credentials as Lambda puts them in the environment (as `@aws-sdk/credential-provider-env` reads them). */
function fromEnvironment(): AwsCredentialIdentity {
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
    AWS_CREDENTIAL_EXPIRATION: expiry,
    AWS_ACCOUNT_ID: accountId,
  } = process.env;
  if (!accessKeyId || !secretAccessKey)
    throw new Error(
      'No credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY): ' +
        'a bundle reads no other source (infra/cloud/constructs/credentials-from-env.ts)',
    );
  return {
    accessKeyId,
    secretAccessKey,
    ...(sessionToken ? { sessionToken } : {}),
    ...(expiry ? { expiration: new Date(expiry) } : {}),
    ...(accountId ? { accountId } : {}),
  };
}

/** The default chain's first link. Lambda's environment does not change while a function runs, but the
 * SDK asks again once the credentials are close to their end, as it does with the whole chain. */
export function defaultProvider(_init: object = {}): AwsCredentialIdentityProvider {
  let credentials: AwsCredentialIdentity | undefined;
  return async () => {
    if (!credentials || credentialsTreatedAsExpired(credentials)) credentials = fromEnvironment();
    return credentials;
  };
}
