/**
 * `npm run admins -- <list|disable|enable|remove|reset-mfa> [email]`: the shop's back-office team in
 * the deployed admin user pool (adding one is `npm run create-admin`).
 *
 * - `list`: every member of the `admin` group, with whether the account is active and its state.
 * - `disable <email>`: the account can no longer sign in; Cognito revokes its tokens and refuses to
 *   refresh them, so the back-office closes within the tokens' 15 minutes (the API's JWT authorizer
 *   cannot see a revocation: `ADMIN_TOKEN_VALIDITY` of `infra/cloud/auth.ts` bounds it). `enable` undoes it.
 * - `remove <email>`: deletes the account (its sessions end the same way).
 * - `reset-mfa <email>`: for a lost phone. Deletes the admin's registered authenticator key with
 *   Cognito's `AdminDeleteSoftwareToken` (added to Cognito on 26 August 2026); the pool requires MFA
 *   and offers no other factor, so the next sign-in answers `MFA_SETUP` and the sign-in page walks
 *   the setup again. Account, password and history stay. It also signs the admin out everywhere
 *   (`AdminUserGlobalSignOut`: the lost phone's refresh token stops working; an access token already
 *   issued lasts its 15 minutes at most). Only for members of the `admin` group.
 *
 * The last active admin (enabled, and signed in at least once) cannot be disabled or removed: the shop
 * would have nobody to run it.
 * Pool, stage and region are found as `create-admin` finds them (`--user-pool-id`, `--stage`,
 * `--region`, `cdk.json`); credentials are the AWS SDK's usual chain.
 */
import { parseArgs } from 'node:util';
import * as cognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { EMAIL_PATTERN, type ContextReader } from '../common/deploy-settings.ts';
import {
  ADMIN_GROUP,
  cdkJsonContext,
  explainAwsError,
  OperatorError,
  POOL_OPTIONS,
  poolFromStack,
  poolPlace,
  runAsScript,
  UsageError,
  type PoolPlace,
} from './create-admin.ts';

export const ADMINS_USAGE = `Usage: npm run admins -- <command> [email] [options]

The back-office team (Cognito group "admin") of the deployed shop. To add someone: npm run create-admin -- <email>

Commands:
  list                 every admin, active or disabled
  disable <email>      stop this admin signing in; open sessions end within 15 minutes
  enable <email>       let a disabled admin sign in again
  remove <email>       delete this admin's account
  reset-mfa <email>    lost phone: forget this admin's authenticator app; they set it up again at the next sign-in

Options:
  --stage <name>         stage of the deployed stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>      AWS region of the stack (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  --user-pool-id <id>    the pool to use instead of looking up the stack's UserPoolId output (or env USER_POOL_ID)
  -h, --help             this text`;

export type AdminsCommand = 'list' | 'disable' | 'enable' | 'remove' | 'reset-mfa';
const COMMANDS: readonly AdminsCommand[] = ['list', 'disable', 'enable', 'remove', 'reset-mfa'];

export interface AdminsOptions extends PoolPlace {
  readonly command: AdminsCommand;
  /** For every command but `list`. */
  readonly email?: string;
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError}. */
export function parseAdminsArgs(
  argv: readonly string[],
  context: ContextReader,
  env: NodeJS.ProcessEnv = process.env,
): AdminsOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: POOL_OPTIONS,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [command, ...rest] = positionals;
  if (!command) throw new UsageError(`Give a command: ${COMMANDS.join(', ')}.`);
  if (!COMMANDS.includes(command as AdminsCommand)) throw new UsageError(`Unknown command "${command}": use ${COMMANDS.join(', ')}.`);
  const place = poolPlace(values, context, env);
  if (command === 'list') {
    if (rest.length > 0) throw new UsageError('"list" takes no e-mail address.');
    return { command: 'list', ...place };
  }
  if (rest.length !== 1) throw new UsageError(`"${command}" takes one e-mail address.`);
  const email = rest[0]!.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new UsageError(`"${rest[0]}" is not an e-mail address.`);
  return { command: command as AdminsCommand, email, ...place };
}

/** One member of the team, as `list` shows it. */
export interface AdminAccount {
  readonly email: string;
  readonly username: string;
  readonly enabled: boolean;
  /** Cognito's state: CONFIRMED, FORCE_CHANGE_PASSWORD (not signed in yet), ... */
  readonly status: string;
}

const emailOf = (user: Pick<UserType, 'Attributes' | 'Username'>) =>
  user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username ?? '';

/** Every member of the `admin` group (all pages). */
export async function listAdmins(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<AdminAccount[]> {
  const admins: AdminAccount[] = [];
  let next: string | undefined;
  do {
    const page = await cognito.send(
      new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, ...(next ? { NextToken: next } : {}) }),
    );
    for (const user of page.Users ?? []) {
      admins.push({
        email: emailOf(user),
        username: user.Username ?? '',
        enabled: user.Enabled !== false,
        status: user.UserStatus ?? 'UNKNOWN',
      });
    }
    next = page.NextToken;
  } while (next);
  return admins.sort((a, b) => a.email.localeCompare(b.email));
}

/** The SDK's command for `reset-mfa`, as the installed package may or may not have it. */
export type SoftwareTokenDeletion = typeof cognitoSdk.AdminDeleteSoftwareTokenCommand;

/**
 * `AdminDeleteSoftwareTokenCommand` of the installed AWS SDK, looked up when `reset-mfa` runs rather
 * than imported by name: an SDK installed before the operation existed (26 August 2026) lacks it, and a
 * missing named import would stop every command of this script from loading. Throws {@link OperatorError}.
 */
export function softwareTokenDeletion(
  sdk: { readonly AdminDeleteSoftwareTokenCommand?: SoftwareTokenDeletion } = cognitoSdk,
): SoftwareTokenDeletion {
  if (typeof sdk.AdminDeleteSoftwareTokenCommand === 'function') return sdk.AdminDeleteSoftwareTokenCommand;
  throw new OperatorError(
    'The installed @aws-sdk/client-cognito-identity-provider has no AdminDeleteSoftwareTokenCommand (an SDK older than the operation, ' +
      'added to Cognito on 26 August 2026): run npm install to get the version package-lock.json names, then retry. Nothing was changed.',
  );
}

/**
 * What to tell the operator when `AdminDeleteSoftwareToken` itself fails (the account was just read,
 * so the pool exists and the other calls are allowed); `undefined` for the general explanation.
 */
function explainResetMfaError(error: unknown, email: string, region: string): string | undefined {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (/^AccessDenied(Exception)?$/.test(name)) {
    return (
      'Your AWS identity may read the pool but not delete an authenticator ' +
      'key: it needs cognito-idp:AdminDeleteSoftwareToken on the user pool ' +
      `(an action added on 26 August 2026, so a policy that lists Cognito ` +
      `actions one by one may lack it). Nothing was changed. (${message})`
    );
  }
  if (name === 'UnknownOperationException' || name === 'InvalidAction' || name === 'OperationNotEnabledException') {
    return (
      `Cognito in ${region} cannot run AdminDeleteSoftwareToken (${name}: ${message}). Nothing was changed. Without it the way back is a ` +
      `new account: npm run admins -- remove ${email}, then npm run create-admin -- ${email}.`
    );
  }
  if (name === 'ResourceNotFoundException') {
    return (
      `Cognito answered ResourceNotFoundException to AdminDeleteSoftwareToken (${message}). The pool ` +
      `and the account exist (just read), so it most likely found no authenticator key for ${email} ` +
      `(did they ever finish setting one up?); without one, the next sign-in asks for the setup anyway.`
    );
  }
  return undefined;
}

/** The Cognito actions each command calls (named when AWS refuses one). */
const COMMAND_ACTIONS: Record<AdminsCommand, readonly string[]> = {
  list: ['ListUsersInGroup'],
  disable: ['AdminGetUser', 'AdminListGroupsForUser', 'ListUsersInGroup', 'AdminDisableUser'],
  enable: ['AdminGetUser', 'AdminEnableUser'],
  remove: ['AdminGetUser', 'AdminListGroupsForUser', 'ListUsersInGroup', 'AdminDeleteUser'],
  'reset-mfa': ['AdminGetUser', 'AdminListGroupsForUser', 'AdminDeleteSoftwareToken', 'AdminUserGlobalSignOut'],
};

/** One admin account a command works on, as Cognito just answered for it. */
interface Target {
  readonly userPoolId: string;
  readonly email: string;
  readonly username: string;
  readonly enabled: boolean;
}

/**
 * `reset-mfa`: deletes the admin's registered authenticator key, then signs them out everywhere (the
 * lost phone may still hold a session: its refresh token is revoked).
 */
async function resetMfa(
  client: CognitoIdentityProviderClient,
  DeleteSoftwareToken: SoftwareTokenDeletion,
  target: Target,
  region: string,
  log: (line: string) => void,
): Promise<void> {
  const { userPoolId, email, username } = target;
  try {
    await client.send(new DeleteSoftwareToken({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    const explained = explainResetMfaError(error, email, region);
    if (explained) throw new OperatorError(explained, { cause: error });
    throw error;
  }
  log(`${email}: Cognito deleted their registered authenticator key; the account and its password are unchanged.`);
  log(
    'At their next sign-in, after e-mail and password, the sign-in page asks them to set ' +
      'up an authenticator app again, as the first time (QR code or key, then a 6-digit code).',
  );
  log('An old "Joias Inox" entry still in an app (e.g. restored from a backup) no longer works: they delete it.');
  try {
    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
    log(`${email} is signed out everywhere: a session still open (on the lost phone, say) ends within 15 minutes.`);
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (!/AccessDenied|NotAuthorized/.test(name)) throw error;
    log(
      `Could not sign ${email} out everywhere (${name}: your AWS identity needs cognito-idp:AdminUserGlobalSignOut): ` +
        `a session still open goes on; npm run admins -- disable ${email}, then enable ${email}, ends it.`,
    );
  }
  if (!target.enabled) log(`${email} is disabled: they can sign in only after npm run admins -- enable ${email}.`);
}

/**
 * Runs one command against the pool and reports through `log`. `cognito` is the client to use (a test
 * points one at the twin's Cognito); by default one for the options' region.
 */
export async function runAdmins(
  options: AdminsOptions,
  log: (line: string) => void = console.log,
  cognito?: CognitoIdentityProviderClient,
): Promise<void> {
  const place = {
    region: options.region,
    stackName: options.stackName,
    actions: COMMAND_ACTIONS[options.command],
    ...(options.userPoolId ? { userPoolId: options.userPoolId } : {}),
  };
  // Before any call: without the command in the SDK, reset-mfa cannot finish.
  const DeleteSoftwareToken = options.command === 'reset-mfa' ? softwareTokenDeletion() : undefined;
  let userPoolId: string;
  try {
    userPoolId = options.userPoolId ?? (await poolFromStack(options)).userPoolId;
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainAwsError(error, place), { cause: error });
  }
  const client = cognito ?? new CognitoIdentityProviderClient({ region: options.region });
  try {
    if (options.command === 'list') {
      const admins = await listAdmins(client, userPoolId);
      if (admins.length === 0) log(`No admin in ${userPoolId}: add one with npm run create-admin -- <email>.`);
      for (const admin of admins) log(`${admin.email}\t${admin.enabled ? 'active' : 'DISABLED'}\t${admin.status}`);
      return;
    }
    const email = options.email!;
    let user;
    try {
      user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    } catch (error) {
      if ((error as { name?: string }).name === 'UserNotFoundException')
        throw new OperatorError(`${email} has no account in ${userPoolId}.`);
      throw error;
    }
    const username = user.Username ?? email;
    if (options.command === 'enable') {
      await client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: username }));
      log(`${email} can sign in again.`);
      return;
    }
    const groups = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }));
    const isAdmin = (groups.Groups ?? []).some((g) => g.GroupName === ADMIN_GROUP);
    if (DeleteSoftwareToken) {
      if (!isAdmin)
        throw new OperatorError(`${email} is not an admin (not in the "${ADMIN_GROUP}" group of ${userPoolId}): nothing was changed.`);
      await resetMfa(client, DeleteSoftwareToken, { userPoolId, email, username, enabled: user.Enabled !== false }, options.region, log);
      return;
    }
    if (isAdmin && user.Enabled !== false) {
      // Only someone who can sign in now counts: an invitation never used may have expired.
      const others = (await listAdmins(client, userPoolId)).filter((a) => a.enabled && a.status === 'CONFIRMED' && a.username !== username);
      if (others.length === 0) {
        throw new OperatorError(
          `${email} is the last active admin: add another one first (npm run create-admin -- <email>), or nobody could run the shop.`,
        );
      }
    }
    if (options.command === 'disable') {
      await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: username }));
      log(`${email} is disabled: they cannot sign in, and an open back-office session ends within 15 minutes.`);
      return;
    }
    await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
    log(`${email} is removed: the account is deleted, and an open back-office session ends within 15 minutes.`);
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainAwsError(error, { ...place, userPoolId }), { cause: error });
  } finally {
    if (!cognito) client.destroy();
  }
}

await runAsScript(import.meta.url, {
  name: 'admins',
  usage: ADMINS_USAGE,
  parse: (argv) => parseAdminsArgs(argv, cdkJsonContext()),
  run: runAdmins,
});
