/** The admin user pool: invitation only, strong passwords, the `admin` group, a public SPA client. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { ADMIN_GROUP_NAME, ADMIN_SIGN_IN_STEP_VALIDITY, ADMIN_TOKEN_VALIDITY } from '#infra/cloud/auth.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { ADMIN_PASSWORD_POLICY, passwordRuleText } from '#shared/password-policy.ts';
import { readDeploySettings } from '#infra/common/deploy-settings.ts';
import { synthShop, SYNTH_TIMEOUT_MS, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

describe('Cognito', () => {
  it('the user pool has no self sign-up, signs in by e-mail, and asks for strong passwords', () => {
    shop.template.resourceCountIs('AWS::Cognito::UserPool', 1);
    shop.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
        UsernameAttributes: ['email'],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        DeletionProtection: 'ACTIVE',
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
        UserPoolTier: 'PLUS',
        UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      }),
    });
  });

  it('requires MFA of every admin, with an authenticator app (TOTP) only: no SMS, no e-mail codes', () => {
    const pool = Object.values(shop.json.Resources).find((r) => r.Type === 'AWS::Cognito::UserPool')!;
    expect(pool.Properties.MfaConfiguration).toBe('ON');
    expect(pool.Properties.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(pool.Properties.SmsConfiguration).toBeUndefined();
    // The invitation tells the new admin to have an authenticator app ready for the first sign-in.
    expect(pool.Properties.AdminCreateUserConfig.InviteMessageTemplate.EmailMessage).toMatch(/aplicação de autenticação/);
    // cdk-nag's COG2 (MFA required) is met, not acknowledged.
    const cog2 = shop.report.pluginReports
      .flatMap((p) => [...p.violations, ...(p.suppressedViolations ?? [])])
      .filter((v) => v.ruleName.includes('COG2'));
    expect(cog2).toEqual([]);
  });

  it('gives a sign-in 15 minutes between its steps (the first one includes installing the authenticator app)', () => {
    expect(ADMIN_SIGN_IN_STEP_VALIDITY.toMinutes()).toBe(15);
    shop.template.hasResourceProperties('AWS::Cognito::UserPoolClient', Match.objectLike({ AuthSessionValidity: 15 }));
  });

  it("the password rule the sign-in page explains is the pool's own (one constant)", () => {
    const pool = Object.values(shop.json.Resources).find((r) => r.Type === 'AWS::Cognito::UserPool')!;
    const policy = pool.Properties.Policies.PasswordPolicy;
    expect(policy.MinimumLength).toBe(ADMIN_PASSWORD_POLICY.minLength);
    expect(adminTexts.newPasswordInvalid).toBe(
      `A palavra-passe não cumpre as regras: pelo menos ${policy.MinimumLength} ` +
        `caracteres, com maiúsculas, minúsculas, algarismos e símbolos.`,
    );
    expect(
      passwordRuleText({ minLength: 8, requireLowercase: true, requireUppercase: false, requireDigits: true, requireSymbols: false }),
    ).toBe('pelo menos 8 caracteres, com minúsculas e algarismos');
    expect(
      passwordRuleText({ minLength: 10, requireLowercase: false, requireUppercase: false, requireDigits: false, requireSymbols: false }),
    ).toBe('pelo menos 10 caracteres');
  });

  it('admin tokens last 15 minutes (the API cannot see a revocation; Amplify refreshes them), refresh tokens 7 days, revocable', () => {
    expect(ADMIN_TOKEN_VALIDITY.toMinutes()).toBeLessThanOrEqual(15);
    shop.template.hasResourceProperties(
      'AWS::Cognito::UserPoolClient',
      Match.objectLike({
        AccessTokenValidity: 15,
        IdTokenValidity: 15,
        RefreshTokenValidity: 10080,
        TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes', IdToken: 'minutes' }),
        EnableTokenRevocation: true,
      }),
    );
  });

  it('has the admin group', () => {
    expect(ADMIN_GROUP_NAME).toBe('admin');
    shop.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'admin',
      UserPoolId: { Ref: shop.logicalId(shop.stack.auth.userPool) },
    });
  });

  it('the SPA client signs in with USER_PASSWORD_AUTH, refreshes, has no secret and hides unknown users', () => {
    shop.template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    shop.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
      EnableTokenRevocation: true,
    });
  });

  it('blocks sign-ins with leaked passwords', () => {
    shop.template.hasResourceProperties('AWS::Cognito::UserPoolRiskConfigurationAttachment', {
      ClientId: 'ALL',
      CompromisedCredentialsRiskConfiguration: { Actions: { EventAction: 'BLOCK' } },
    });
  });

  it(
    'creates no user, even with an operator e-mail: the first admin comes from npm run create-admin',
    () => {
      shop.template.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
      shop.template.resourceCountIs('AWS::Cognito::UserPoolUserToGroupAttachment', 0);
      const withOperator = synthShop({ operatorEmail: 'dona@joias.test' });
      withOperator.template.resourceCountIs('AWS::Cognito::UserPoolUser', 0);
      withOperator.template.resourceCountIs('AWS::Cognito::UserPoolUserToGroupAttachment', 0);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    "mails from Cognito's own sender by default; from the shop's SES identity (its region, its domain) with cognitoSes",
    () => {
      shop.template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
      const withSes = synthShop({ cognitoSes: true, sesRegion: 'eu-west-1', senderEmail: 'loja@joias.test', senderDomain: 'joias.test' });
      const pool = Object.values(withSes.json.Resources).find((r) => r.Type === 'AWS::Cognito::UserPool')!;
      expect(pool.Properties.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'loja@joias.test' });
      expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain(':ses:eu-west-1:');
      expect(JSON.stringify(pool.Properties.EmailConfiguration.SourceArn)).toContain('identity/joias.test');
      expect(() => readDeploySettings((key) => ({ cognitoSes: 'true' })[key])).toThrow(/"cognitoSes" needs "senderEmail"/);
      expect(readDeploySettings((key) => ({ cognitoSes: 'true', senderEmail: 'loja@joias.test' })[key]).cognitoSes).toBe(true);
      expect(readDeploySettings(() => undefined).cognitoSes).toBeUndefined();
    },
    SYNTH_TIMEOUT_MS,
  );
});
