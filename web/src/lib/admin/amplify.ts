/**
 * The only module that imports aws-amplify. It is loaded with a dynamic `import()` by `auth.ts`, so
 * Amplify becomes its own lazy chunk: neither the shop nor the admin's first paint waits for it.
 */
import { Amplify } from 'aws-amplify';
import { confirmResetPassword, confirmSignIn, fetchAuthSession, resetPassword, signIn, signOut } from 'aws-amplify/auth';
import type { SpaConfig } from '#shared/spa-config.ts';

export { confirmResetPassword, confirmSignIn, fetchAuthSession, resetPassword, signIn, signOut };

/** Points Amplify at the user pool of `/config.json` (locally, the Cognito-compatible server). */
export function configureAmplify(config: Pick<SpaConfig, 'userPoolId' | 'userPoolClientId' | 'userPoolEndpoint'>): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
}
