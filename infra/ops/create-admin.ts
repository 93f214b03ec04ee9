/**
 * `npm run create-admin -- dona@loja.pt`: creates a back-office user in the deployed admin user pool.
 *
 * The user gets a temporary password made here with `node:crypto` (which meets the pool's password
 * policy), a verified e-mail, and membership of the `admin` group. Cognito e-mails the password with
 * the pool's invitation message; with `--print-password` nothing is e-mailed and the password is
 * printed once instead. Either way the account is in FORCE_CHANGE_PASSWORD: the first sign-in asks
 * for a new password, and the temporary one stops working when it expires.
 *
 * Which pool: `--user-pool-id` (or `USER_POOL_ID`), else the `UserPoolId` output of the stack
 * `JoiasInox-<stage>`, read with `@aws-sdk/client-cloudformation` when that package is installed.
 * Stage: `--stage`, else context `stage` of `cdk.json`, else `prod`. Region, in the CDK app's order:
 * `--region`, the region in the pool id, context `region` of `cdk.json`, `AWS_REGION`/`AWS_DEFAULT_REGION`,
 * eu-west-1. Credentials: the AWS SDK's usual chain (`AWS_PROFILE`, `aws sso login`, environment...).
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { EMAIL_PATTERN, readDeploySettings, type ContextReader } from '../common/deploy-settings.ts';
import { stackName as stackNameOf } from '../common/naming.ts';
import { CDK_JSON } from '../common/repo-paths.ts';

/** The Cognito group of back-office users (`ADMIN_GROUP_NAME` of `infra/cloud/auth.ts`, which loads aws-cdk-lib). */
export const ADMIN_GROUP = 'admin';

/** Optional dependency for the stack lookup; without it the pool id must be given. */
const CLOUDFORMATION_CLIENT = '@aws-sdk/client-cloudformation';

/** `eu-west-1_AbC123xyZ`: the region, an underscore, an id. */
const USER_POOL_ID_PATTERN = /^([a-z]{2}(?:-[a-z]+)+-\d+)_[0-9A-Za-z]+$/;

export const USAGE = `Usage: npm run create-admin -- <email> [options]

Creates a back-office user (group "admin") in the deployed shop's Cognito user pool, with a temporary
password that must be changed at the first sign-in.

Options:
  --stage <name>         stage of the deployed stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>      AWS region of the stack (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  --user-pool-id <id>    the pool to use instead of looking up the stack's UserPoolId output (or env USER_POOL_ID)
  --print-password       do not e-mail the temporary password; print it once here instead
  -h, --help             this text`;

/** A problem the message fully explains to the operator (exit code 1). */
export class OperatorError extends Error {
  override readonly name: string = 'OperatorError';
}

/** A mistake in the command line: shown with the usage text, exit code 2. */
export class UsageError extends OperatorError {
  override readonly name = 'UsageError';
}

/** The command-line options every operator script takes (`node:util` parseArgs): where the shop is, and help. */
export const PLACE_OPTIONS = {
  stage: { type: 'string' },
  region: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The same, for the scripts that work on the admin user pool. */
export const POOL_OPTIONS = { ...PLACE_OPTIONS, 'user-pool-id': { type: 'string' } } as const;

/**
 * Runs an operator script when its file is the one Node was started with (not when a test imports
 * it): parses the command line, prints the usage on `help`, and turns an {@link OperatorError} into
 * its message on stderr and exit code 1 (2 for a {@link UsageError}, with the usage).
 */
export async function runAsScript<T>(
  moduleUrl: string,
  script: {
    readonly name: string;
    readonly usage: string;
    readonly parse: (argv: readonly string[]) => T | 'help';
    readonly run: (options: T) => Promise<unknown>;
  },
): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  try {
    const options = script.parse(process.argv.slice(2));
    if (options === 'help') {
      console.log(script.usage);
      return;
    }
    await script.run(options);
  } catch (error) {
    if (!(error instanceof OperatorError)) throw error;
    console.error(`${script.name}: ${error.message}`);
    if (error instanceof UsageError) console.error(`\n${script.usage}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

export interface CreateAdminOptions extends PoolPlace {
  readonly email: string;
  readonly printPassword: boolean;
}

/** Context of `cdk.json` (what `cdk deploy` reads when no `-c` is given). */
export function cdkJsonContext(file = CDK_JSON): ContextReader {
  const context = fs.existsSync(file)
    ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as { context?: Record<string, unknown> }).context ?? {})
    : {};
  return (key) => context[key];
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError}. */
export function parseCreateAdminArgs(
  argv: readonly string[],
  context: ContextReader,
  env: NodeJS.ProcessEnv = process.env,
): CreateAdminOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        ...POOL_OPTIONS,
        'print-password': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('Give the e-mail address of the new admin.');
  if (positionals.length > 1) throw new UsageError(`Give one e-mail address, got ${positionals.length}: ${positionals.join(' ')}`);
  const email = positionals[0]!.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${positionals[0]}" is not an e-mail address.`);

  return { email, printPassword: values['print-password'], ...poolPlace(values, context, env) };
}

/** Which pool a script works on: its stack (stage), region and, when given, its id. */
export interface PoolPlace {
  readonly stage: string;
  readonly stackName: string;
  readonly region: string;
  /** Given on the command line or in `USER_POOL_ID`; otherwise looked up in the stack outputs. */
  readonly userPoolId?: string;
}

/**
 * The pool the command line names, resolved like the CDK app does (`infra/cloud/app.ts`), the command line
 * on top: `--user-pool-id` (or `USER_POOL_ID`), `--stage`, `--region`. Throws {@link UsageError}.
 */
export function poolPlace(
  values: { readonly stage?: string | undefined; readonly region?: string | undefined; readonly 'user-pool-id'?: string | undefined },
  context: ContextReader,
  env: NodeJS.ProcessEnv = process.env,
): PoolPlace {
  const userPoolId = (values['user-pool-id'] ?? env.USER_POOL_ID)?.trim() || undefined;
  const poolRegion = userPoolId === undefined ? undefined : USER_POOL_ID_PATTERN.exec(userPoolId)?.[1];
  if (userPoolId !== undefined && poolRegion === undefined) {
    throw new UsageError(`"${userPoolId}" is not a user pool id (they look like eu-west-1_AbC123xyZ).`);
  }
  if (values.region !== undefined && poolRegion !== undefined && values.region !== poolRegion) {
    throw new UsageError(`User pool ${userPoolId} is in ${poolRegion}, not in --region ${values.region}.`);
  }

  let settings;
  try {
    settings = readDeploySettings((key) => (key === 'stage' && values.stage !== undefined ? values.stage : context(key)), {
      CDK_DEFAULT_REGION: env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^Context "stage"/, '--stage'));
  }
  return {
    stage: settings.stage,
    stackName: stackNameOf(settings.stage),
    region: values.region ?? poolRegion ?? settings.region,
    ...(userPoolId ? { userPoolId } : {}),
  };
}

/**
 * Character sets of generated passwords. Look-alikes (l, I, O, 0, 1) are left out, since a printed
 * password may be typed by hand; every symbol is one Cognito accepts in passwords.
 */
export const PASSWORD_ALPHABETS = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  digits: '23456789',
  symbols: '!#%*+-=?@^_',
} as const;

/**
 * A temporary password of `length` characters with at least one lowercase letter, one uppercase
 * letter, one digit and one symbol, every character and the final order drawn with `crypto.randomInt`
 * (about 6 bits per character: 20 characters give well over 100 bits).
 */
export function generateTemporaryPassword(length = 20, pick: (max: number) => number = randomInt): string {
  const sets = Object.values(PASSWORD_ALPHABETS);
  if (length < sets.length) throw new RangeError(`A password needs at least ${sets.length} characters`);
  const all = sets.join('');
  const chars = sets.map((set) => set[pick(set.length)]!);
  while (chars.length < length) chars.push(all[pick(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export interface StackOutput {
  readonly OutputKey?: string;
  readonly OutputValue?: string;
}

/** The user pool id (and the back-office URL) among a stack's outputs. */
export function poolFromOutputs(stackName: string, outputs: readonly StackOutput[] | undefined): { userPoolId: string; adminUrl?: string } {
  const value = (key: string) => outputs?.find((output) => output.OutputKey === key)?.OutputValue;
  const userPoolId = value('UserPoolId');
  if (!userPoolId) throw new Error(`Stack ${stackName} has no UserPoolId output: is it this shop's stack, and did its deployment finish?`);
  const adminUrl = value('AdminUrl');
  return { userPoolId, ...(adminUrl ? { adminUrl } : {}) };
}

/** Where an AWS call went, for error messages. */
export interface CallPlace {
  readonly region: string;
  readonly stackName: string;
  readonly userPoolId?: string;
  /** The Cognito actions the script needs on the pool. @default AdminCreateUser and AdminAddUserToGroup */
  readonly actions?: readonly string[];
}

/** An operator-readable sentence for an error of the AWS SDK. */
export function explainAwsError(error: unknown, where: CallPlace): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'CredentialsProviderError' || /could not load credentials/i.test(message)) {
    return (
      'No AWS credentials found. Sign in to the account the shop is deployed in first, e.g. `aws sso login --profile <name>` ' +
      'and AWS_PROFILE=<name>, or `aws configure`, or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY in the environment.'
    );
  }
  if (/^(ExpiredToken(Exception)?|InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException)$/.test(name)) {
    return `AWS refused the credentials (${name}): they are expired or wrong. Sign in again and retry.`;
  }
  if (/^AccessDenied(Exception)?$/.test(name)) {
    const actions = (where.actions ?? ['AdminCreateUser', 'AdminAddUserToGroup']).map((a) => `cognito-idp:${a}`).join(', ');
    return (
      'Your AWS identity is not allowed to do this. It needs cloudformation:DescribeStacks on the stack (unless you pass ' +
      `--user-pool-id), and ${actions} on the user pool. (${message})`
    );
  }
  if (name === 'ValidationError' && /does not exist/.test(message)) {
    return (
      `Stack ${where.stackName} not found in ${where.region}. Was it deployed with another stage or region? ` +
      'Pass --stage and --region as used with `npm run deploy`, or --user-pool-id.'
    );
  }
  if (name === 'ResourceNotFoundException') {
    return `User pool ${where.userPoolId ?? '(unknown)'} not found in ${where.region}: check --user-pool-id and --region. (${message})`;
  }
  if (name === 'InvalidPasswordException') {
    return `Cognito refused the generated temporary password; has the pool's password policy changed? (${message})`;
  }
  return `${name || 'Error'}: ${message}`;
}

/** Reads the `UserPoolId` output of the stack, if `@aws-sdk/client-cloudformation` is installed. */
export async function poolFromStack(options: PoolPlace): Promise<{ userPoolId: string; adminUrl?: string }> {
  interface CloudFormationModule {
    CloudFormationClient: new (config: { region: string }) => {
      send(command: unknown): Promise<{ Stacks?: { Outputs?: StackOutput[] }[] }>;
      destroy(): void;
    };
    DescribeStacksCommand: new (input: { StackName: string }) => unknown;
  }
  let cfn: CloudFormationModule;
  try {
    const specifier: string = CLOUDFORMATION_CLIENT;
    cfn = (await import(specifier)) as CloudFormationModule;
  } catch {
    throw new OperatorError(
      `Cannot look up the stack: ${CLOUDFORMATION_CLIENT} is not installed here. Pass the pool id with --user-pool-id ` +
        `(or USER_POOL_ID); it is the UserPoolId output of the stack:\n  aws cloudformation describe-stacks --region ${options.region} ` +
        `--stack-name ${options.stackName} --query "Stacks[0].Outputs[?OutputKey=='UserPoolId'].OutputValue" --output text`,
    );
  }
  const client = new cfn.CloudFormationClient({ region: options.region });
  try {
    const answer = await client.send(new cfn.DescribeStacksCommand({ StackName: options.stackName }));
    return poolFromOutputs(options.stackName, answer.Stacks?.[0]?.Outputs);
  } finally {
    client.destroy();
  }
}

/** Creates the admin (or adds an existing user to the group) and reports through `log`. */
export async function createAdmin(options: CreateAdminOptions, log: (line: string) => void = console.log): Promise<void> {
  const place: CallPlace = {
    region: options.region,
    stackName: options.stackName,
    ...(options.userPoolId ? { userPoolId: options.userPoolId } : {}),
  };
  let pool: { userPoolId: string; adminUrl?: string };
  try {
    pool = options.userPoolId ? { userPoolId: options.userPoolId } : await poolFromStack(options);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainAwsError(error, place), { cause: error });
  }

  const cognito = new CognitoIdentityProviderClient({ region: options.region });
  const where = { ...place, userPoolId: pool.userPoolId };
  const password = generateTemporaryPassword();
  try {
    let username = options.email;
    let created = true;
    try {
      const answer = await cognito.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.userPoolId,
          Username: options.email,
          TemporaryPassword: password,
          UserAttributes: [
            { Name: 'email', Value: options.email },
            { Name: 'email_verified', Value: 'true' },
          ],
          ...(options.printPassword ? { MessageAction: 'SUPPRESS' } : { DesiredDeliveryMediums: ['EMAIL'] }),
        }),
      );
      username = answer.User?.Username ?? options.email;
    } catch (error) {
      if ((error as { name?: string }).name !== 'UsernameExistsException') throw error;
      created = false;
    }
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: username, GroupName: ADMIN_GROUP }));

    const signIn = pool.adminUrl ? ` at ${pool.adminUrl}` : '';
    if (!created) {
      log(`${options.email} already had an account in ${pool.userPoolId}; it is unchanged and now in the "${ADMIN_GROUP}" group.`);
      log(
        'To send its invitation again: aws cognito-idp admin-create-user --message-action RESEND ' +
          `--region ${options.region} --user-pool-id ${pool.userPoolId} --username ${options.email}`,
      );
      return;
    }
    log(`Created ${options.email} in user pool ${pool.userPoolId} (${options.region}), in the "${ADMIN_GROUP}" group.`);
    if (options.printPassword) {
      log('');
      log('WARNING: this temporary password is shown once and stored nowhere. Hand it over privately; it');
      log('expires after a few days and must be replaced at the first sign-in. Nothing was e-mailed.');
      log(`  ${password}`);
      log('');
    } else {
      log(`Cognito is e-mailing ${options.email} the temporary password (check spam).`);
    }
    log(`At the first sign-in${signIn} they choose their own password.`);
  } catch (error) {
    throw new OperatorError(explainAwsError(error, where), { cause: error });
  } finally {
    cognito.destroy();
  }
}

await runAsScript(import.meta.url, {
  name: 'create-admin',
  usage: USAGE,
  parse: (argv) => parseCreateAdminArgs(argv, cdkJsonContext()),
  run: createAdmin,
});
