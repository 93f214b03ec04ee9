/**
 * Admin sign-in: a Cognito user pool that nobody can sign up to, the `admin` group that the JWT
 * authorizer and the handlers check, and the app client the SPA uses through Amplify
 * (USER_PASSWORD_AUTH, refresh tokens, no secret).
 *
 * Every sign-in asks for a TOTP code from an authenticator app (MFA required, TOTP only: no SMS to pay
 * for or to have swapped). An admin without one is given Cognito's MFA_SETUP challenge at the first
 * sign-in (after choosing the new password); the back-office's sign-in page shows the key and its QR
 * code and takes the first code. The twin's Cognito (cognito-local) cannot run that challenge, so the
 * twin's pool keeps MFA off (`infra/twin/bootstrap.ts`) and the browser test of the flow answers with
 * recorded Cognito answers (`test/e2e/admin-mfa.test.ts`).
 *
 * The pool is on the Plus feature plan with threat protection enforced: sign-ins with leaked
 * passwords are blocked. Plus is billed per monthly active user (a few cents a month for a handful of
 * shop admins).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { ADMIN_PASSWORD_POLICY } from '#shared/password-policy.ts';
import { KEEP, type Keeping } from './keeping.ts';

/** How long an admin's access and ID tokens are good for (the most a removed admin keeps API access). */
export const ADMIN_TOKEN_VALIDITY = Duration.minutes(15);

/** How long one step of a sign-in (new password, TOTP setup, TOTP code) may take before it starts over. */
export const ADMIN_SIGN_IN_STEP_VALIDITY = Duration.minutes(15);

/** Name of the Cognito group whose members may use the back-office. */
export const ADMIN_GROUP_NAME = 'admin';

/**
 * Cognito's own mails (the temporary password of a new admin, account recovery codes) through the shop's
 * SES identity (context `cognitoSes`), once SES has verified it and given production access: from the
 * shop's address instead of `no-reply@verificationemail.com` (50 a day, often in spam). Cognito sends
 * with its service-linked role; the identity may live in another region (`sesRegion`).
 */
export interface AuthSesMail {
  readonly fromEmail: string;
  readonly sesRegion: string;
  /** The verified domain (context `senderDomain`), when the identity is the domain rather than the address. */
  readonly verifiedDomain?: string;
}

/** Cognito's default sender unless the shop's SES identity is ready (`AuthSesMail`). */
function poolEmail(sesMail: AuthSesMail | undefined): cognito.UserPoolEmail {
  if (!sesMail) return cognito.UserPoolEmail.withCognito();
  return cognito.UserPoolEmail.withSES({
    fromEmail: sesMail.fromEmail,
    sesRegion: sesMail.sesRegion,
    ...(sesMail.verifiedDomain ? { sesVerifiedDomain: sesMail.verifiedDomain } : {}),
  });
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly adminGroup: cognito.CfnUserPoolGroup;

  constructor(scope: Construct, id: string, props: { readonly sesMail?: AuthSesMail; readonly keeping?: Keeping } = {}) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'AdminPool', {
      email: poolEmail(props.sesMail),
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: { ...ADMIN_PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      userInvitation: {
        emailSubject: 'Acesso à área de gestão da loja',
        emailBody:
          'Olá,<br><br>Foi criado o teu acesso à área de gestão da loja.<br>Utilizador: {username}<br>' +
          'Palavra-passe temporária: {####}<br><br>Vais escolher uma palavra-passe nova no primeiro acesso e ligar a conta a ' +
          'uma aplicação de autenticação no telemóvel (Google Authenticator, Microsoft Authenticator, 1Password...): ' +
          'instala uma antes de entrares.',
      },
      userVerification: {
        emailSubject: 'O teu código de verificação',
        emailBody: 'O teu código de verificação é {####}.',
        emailStyle: cognito.VerificationEmailStyle.CODE,
      },
      // Unprotected only until the stack has completed once (`keeping.ts`).
      deletionProtection: (props.keeping ?? KEEP).deletionProtection,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      disableOAuth: true,
      // The HTTP API's JWT authorizer checks a token's signature and expiry, not whether Cognito revoked
      // it: a disabled or removed admin keeps API access until the tokens expire. 15 minutes bounds that;
      // Amplify refreshes them on its own, and a refresh fails once the user is disabled or removed.
      accessTokenValidity: ADMIN_TOKEN_VALIDITY,
      idTokenValidity: ADMIN_TOKEN_VALIDITY,
      refreshTokenValidity: Duration.days(7),
      // How long a sign-in may wait between its steps (password, then the code). The first sign-in
      // includes installing an authenticator app and adding the account to it: the most Cognito allows,
      // not its 3-minute default.
      authSessionValidity: ADMIN_SIGN_IN_STEP_VALIDITY,
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
    });

    new cognito.CfnUserPoolRiskConfigurationAttachment(this, 'ThreatProtection', {
      userPoolId: this.userPool.userPoolId,
      clientId: 'ALL',
      compromisedCredentialsRiskConfiguration: {
        actions: { eventAction: 'BLOCK' },
        eventFilter: ['SIGN_IN', 'PASSWORD_CHANGE', 'SIGN_UP'],
      },
      accountTakeoverRiskConfiguration: {
        actions: {
          lowAction: { eventAction: 'NO_ACTION', notify: false },
          mediumAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
          highAction: { eventAction: 'MFA_IF_CONFIGURED', notify: false },
        },
      },
    });

    this.adminGroup = new cognito.CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP_NAME,
      description: 'Back-office users: every admin API route requires membership.',
    });
  }

  /** Issuer of the pool's tokens, as the JWT authorizer checks it. */
  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
