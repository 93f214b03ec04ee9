/**
 * The pure parts of `npm run create-admin`: the command line, the temporary password (against the
 * password policy of the synthesized user pool), the stack outputs and the operator's error messages.
 * Nothing here calls AWS.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Auth, ADMIN_GROUP_NAME } from '#infra/cloud/auth.ts';
import {
  ADMIN_GROUP,
  PASSWORD_ALPHABETS,
  UsageError,
  cdkJsonContext,
  explainAwsError,
  generateTemporaryPassword,
  parseCreateAdminArgs,
  poolFromOutputs,
} from '#infra/ops/create-admin.ts';
import { SYNTH_TIMEOUT_MS } from './support.ts';

const context = (values: Record<string, unknown>) => (key: string) => values[key];
const cdkJson = context({ stage: 'prod', region: 'eu-west-1' });
const parse = (argv: string[], env: NodeJS.ProcessEnv = {}, ctx = cdkJson) => parseCreateAdminArgs(argv, ctx, env);

describe('command line', () => {
  it('takes one e-mail address, lowercased, and defaults to the stack of cdk.json', () => {
    expect(parse(['Dona@Loja.PT'])).toEqual({
      email: 'dona@loja.pt',
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      printPassword: false,
    });
  });

  it('reads cdk.json the way the CDK app does', () => {
    const read = cdkJsonContext();
    expect(read('stage')).toBe('prod');
    expect(read('region')).toBe('eu-west-1');
    expect(parseCreateAdminArgs(['dona@loja.pt'], read, {})).toMatchObject({ stackName: 'JoiasInox-prod', region: 'eu-west-1' });
  });

  it('refuses a missing, malformed or second address, unknown options and a bad stage', () => {
    expect(() => parse([])).toThrow(UsageError);
    expect(() => parse([])).toThrow(/e-mail address of the new admin/);
    expect(() => parse(['dona'])).toThrow(/"dona" is not an e-mail address/);
    expect(() => parse(['dona@loja'])).toThrow(/not an e-mail address/);
    expect(() => parse(['a@loja.pt', 'b@loja.pt'])).toThrow(/one e-mail address/);
    expect(() => parse(['a@loja.pt', '--force'])).toThrow(UsageError);
    expect(() => parse(['a@loja.pt', '--stage', 'Prod!'])).toThrow(/--stage must be a lowercase word/);
    expect(() => parse(['a@loja.pt', '--stage'])).toThrow(UsageError);
  });

  it('--stage picks the stack, --print-password asks for no e-mail, -h is help', () => {
    expect(parse(['a@loja.pt', '--stage', 'staging', '--print-password'])).toMatchObject({
      stage: 'staging',
      stackName: 'JoiasInox-staging',
      printPassword: true,
    });
    expect(parse(['-h'])).toBe('help');
    expect(parse(['a@loja.pt', '--help'])).toBe('help');
  });

  it('region: --region, else context, else AWS_REGION / AWS_DEFAULT_REGION, else eu-west-1', () => {
    expect(parse(['a@loja.pt', '--region', 'eu-south-2'], { AWS_REGION: 'us-east-1' })).toMatchObject({ region: 'eu-south-2' });
    expect(parse(['a@loja.pt'], { AWS_REGION: 'us-east-1' })).toMatchObject({ region: 'eu-west-1' });
    expect(parse(['a@loja.pt'], { AWS_REGION: 'us-east-1' }, context({}))).toMatchObject({ region: 'us-east-1' });
    expect(parse(['a@loja.pt'], { AWS_DEFAULT_REGION: 'eu-central-1' }, context({}))).toMatchObject({ region: 'eu-central-1' });
    expect(parse(['a@loja.pt'], {}, context({}))).toMatchObject({ stage: 'prod', region: 'eu-west-1' });
  });

  it('a user pool id (flag or USER_POOL_ID) skips the lookup and names its region', () => {
    expect(parse(['a@loja.pt', '--user-pool-id', 'eu-central-1_AbC123xyZ'])).toMatchObject({
      userPoolId: 'eu-central-1_AbC123xyZ',
      region: 'eu-central-1',
    });
    expect(parse(['a@loja.pt'], { USER_POOL_ID: 'eu-west-1_Q9' })).toMatchObject({ userPoolId: 'eu-west-1_Q9', region: 'eu-west-1' });
    expect(parse(['a@loja.pt', '--user-pool-id', 'eu-west-1_Q9', '--region', 'eu-west-1'])).toMatchObject({ region: 'eu-west-1' });
    expect(() => parse(['a@loja.pt', '--user-pool-id', 'eu-west-1_Q9', '--region', 'us-east-1'])).toThrow(
      /is in eu-west-1, not in --region us-east-1/,
    );
    expect(() => parse(['a@loja.pt', '--user-pool-id', 'my-pool'])).toThrow(/not a user pool id/);
  });
});

describe('temporary password', () => {
  // Cognito's password policy symbols (Cognito developer guide, "password requirements").
  const COGNITO_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';
  let policy: {
    MinimumLength: number;
    RequireLowercase: boolean;
    RequireUppercase: boolean;
    RequireNumbers: boolean;
    RequireSymbols: boolean;
  };

  beforeAll(() => {
    const stack = new Stack(new App(), 'AuthOnly', { env: { region: 'eu-west-1' } });
    new Auth(stack, 'Auth');
    const pool = Object.values(Template.fromStack(stack).findResources('AWS::Cognito::UserPool'))[0]!;
    policy = pool.Properties.Policies.PasswordPolicy;
  }, SYNTH_TIMEOUT_MS);

  function unmet(password: string): string[] {
    const problems: string[] = [];
    if (password.length < policy.MinimumLength) problems.push('length');
    if (policy.RequireLowercase && !/[a-z]/.test(password)) problems.push('lowercase');
    if (policy.RequireUppercase && !/[A-Z]/.test(password)) problems.push('uppercase');
    if (policy.RequireNumbers && !/[0-9]/.test(password)) problems.push('digit');
    if (policy.RequireSymbols && ![...password].some((c) => COGNITO_SYMBOLS.includes(c))) problems.push('symbol');
    return problems;
  }

  it('the pool asks for 12+ characters of all four kinds', () => {
    expect(policy).toMatchObject({
      MinimumLength: 12,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
  });

  it('every generated password meets the pool policy and uses only characters Cognito accepts', () => {
    const allowed = new Set([...Object.values(PASSWORD_ALPHABETS).join('')]);
    for (const symbol of PASSWORD_ALPHABETS.symbols) expect(COGNITO_SYMBOLS).toContain(symbol);
    const failures = Array.from({ length: 2000 }, () => generateTemporaryPassword())
      .map((password) => ({
        password,
        problems: [...unmet(password), ...(password.length === 20 ? [] : ['not 20 long']), ...[...password].filter((c) => !allowed.has(c))],
      }))
      .filter((result) => result.problems.length > 0);
    expect(failures).toEqual([]);
  });

  it('meets the policy even when the random source is as unlucky as can be, and at the policy minimum', () => {
    expect(unmet(generateTemporaryPassword(20, () => 0))).toEqual([]);
    expect(unmet(generateTemporaryPassword(12, (max) => max - 1))).toEqual([]);
    expect(generateTemporaryPassword(12)).toHaveLength(12);
    expect(() => generateTemporaryPassword(3)).toThrow(RangeError);
  });

  it('never repeats itself and leaves out look-alike characters', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => generateTemporaryPassword()));
    expect(seen.size).toBe(1000);
    expect([...seen].join('')).not.toMatch(/[lIO01]/);
  });
});

describe('stack outputs and AWS errors', () => {
  it('finds the user pool id and the back-office URL among the outputs', () => {
    expect(
      poolFromOutputs('JoiasInox-prod', [
        { OutputKey: 'ShopUrl', OutputValue: 'https://d1.cloudfront.net' },
        { OutputKey: 'AdminUrl', OutputValue: 'https://d1.cloudfront.net/bastidores-7b99/login' },
        { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_AbC' },
      ]),
    ).toEqual({ userPoolId: 'eu-west-1_AbC', adminUrl: 'https://d1.cloudfront.net/bastidores-7b99/login' });
    expect(() => poolFromOutputs('JoiasInox-prod', [])).toThrow(/JoiasInox-prod has no UserPoolId output/);
  });

  const where = { region: 'eu-west-1', stackName: 'JoiasInox-prod', userPoolId: 'eu-west-1_AbC' };
  const awsError = (name: string, message: string) => Object.assign(new Error(message), { name });

  it('explains missing, expired and insufficient credentials', () => {
    expect(explainAwsError(awsError('CredentialsProviderError', 'Could not load credentials from any providers'), where)).toMatch(
      /^No AWS credentials found\. Sign in/,
    );
    expect(explainAwsError(awsError('ExpiredTokenException', 'The security token included in the request is expired'), where)).toMatch(
      /expired or wrong/,
    );
    expect(explainAwsError(awsError('AccessDeniedException', 'not authorized'), where)).toMatch(/cognito-idp:AdminCreateUser/);
  });

  it('explains a missing stack or pool with where it looked', () => {
    expect(explainAwsError(awsError('ValidationError', 'Stack with id JoiasInox-prod does not exist'), where)).toMatch(
      /^Stack JoiasInox-prod not found in eu-west-1\..*--stage and --region/,
    );
    expect(explainAwsError(awsError('ResourceNotFoundException', 'User pool eu-west-1_AbC does not exist.'), where)).toMatch(
      /^User pool eu-west-1_AbC not found in eu-west-1/,
    );
    expect(explainAwsError(awsError('ThrottlingException', 'Rate exceeded'), where)).toBe('ThrottlingException: Rate exceeded');
  });

  it('adds users to the same group the stack creates', () => {
    expect(ADMIN_GROUP).toBe(ADMIN_GROUP_NAME);
  });
});
