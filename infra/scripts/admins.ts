/**
 * `npm run admins -- <list|disable|enable|remove> [email]`: the shop's back-office team in the
 * deployed admin user pool (adding one is `npm run create-admin`).
 *
 * - `list`: every member of the `admin` group, with whether the account is active and its state.
 * - `disable <email>`: the account can no longer sign in; Cognito revokes its tokens and refuses to
 *   refresh them, so the back-office closes within the tokens' 15 minutes (the API's JWT authorizer
 *   cannot see a revocation: `ADMIN_TOKEN_VALIDITY` of `infra/auth.ts` bounds it). `enable` undoes it.
 * - `remove <email>`: deletes the account (its sessions end the same way).
 *
 * The last active admin (enabled, and signed in at least once) cannot be disabled or removed: the shop
 * would have nobody to run it.
 * Pool, stage and region are found as `create-admin` finds them (`--user-pool-id`, `--stage`,
 * `--region`, `cdk.json`); credentials are the AWS SDK's usual chain.
 */
import { parseArgs } from 'node:util';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { EMAIL_PATTERN, type ContextReader } from '../config.ts';
import { ADMIN_GROUP, cdkJsonContext, explainAwsError, OperatorError, poolFromStack, poolPlace, runAsScript, UsageError, type PoolPlace } from './create-admin.ts';

export const ADMINS_USAGE = `Usage: npm run admins -- <command> [email] [options]

The back-office team (Cognito group "admin") of the deployed shop. To add someone: npm run create-admin -- <email>

Commands:
  list                 every admin, active or disabled
  disable <email>      stop this admin signing in; open sessions end within 15 minutes
  enable <email>       let a disabled admin sign in again
  remove <email>       delete this admin's account

Options:
  --stage <name>         stage of the deployed stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>      AWS region of the stack (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  --user-pool-id <id>    the pool to use instead of looking up the stack's UserPoolId output (or env USER_POOL_ID)
  -h, --help             this text`;

export type AdminsCommand = 'list' | 'disable' | 'enable' | 'remove';
const COMMANDS: readonly AdminsCommand[] = ['list', 'disable', 'enable', 'remove'];

export interface AdminsOptions extends PoolPlace {
  readonly command: AdminsCommand;
  /** For every command but `list`. */
  readonly email?: string;
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError}. */
export function parseAdminsArgs(argv: readonly string[], context: ContextReader, env: NodeJS.ProcessEnv = process.env): AdminsOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        stage: { type: 'string' },
        region: { type: 'string' },
        'user-pool-id': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
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

const emailOf = (user: Pick<UserType, 'Attributes' | 'Username'>) => user.Attributes?.find((a) => a.Name === 'email')?.Value ?? user.Username ?? '';

/** Every member of the `admin` group (all pages). */
export async function listAdmins(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<AdminAccount[]> {
  const admins: AdminAccount[] = [];
  let next: string | undefined;
  do {
    const page = await cognito.send(new ListUsersInGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, ...(next ? { NextToken: next } : {}) }));
    for (const user of page.Users ?? []) {
      admins.push({ email: emailOf(user), username: user.Username ?? '', enabled: user.Enabled !== false, status: user.UserStatus ?? 'UNKNOWN' });
    }
    next = page.NextToken;
  } while (next);
  return admins.sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * Runs one command against the pool and reports through `log`. `cognito` is the client to use (a test
 * points one at the twin's Cognito); by default one for the options' region.
 */
export async function runAdmins(options: AdminsOptions, log: (line: string) => void = console.log, cognito?: CognitoIdentityProviderClient): Promise<void> {
  const actions = { list: ['ListUsersInGroup'], disable: ['AdminGetUser', 'AdminListGroupsForUser', 'ListUsersInGroup', 'AdminDisableUser'], enable: ['AdminGetUser', 'AdminEnableUser'], remove: ['AdminGetUser', 'AdminListGroupsForUser', 'ListUsersInGroup', 'AdminDeleteUser'] }[options.command];
  const place = { region: options.region, stackName: options.stackName, actions, ...(options.userPoolId ? { userPoolId: options.userPoolId } : {}) };
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
      if ((error as { name?: string }).name === 'UserNotFoundException') throw new OperatorError(`${email} has no account in ${userPoolId}.`);
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
    if (isAdmin && user.Enabled !== false) {
      // Only someone who can sign in now counts: an invitation never used may have expired.
      const others = (await listAdmins(client, userPoolId)).filter((a) => a.enabled && a.status === 'CONFIRMED' && a.username !== username);
      if (others.length === 0) {
        throw new OperatorError(`${email} is the last active admin: add another one first (npm run create-admin -- <email>), or nobody could run the shop.`);
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

await runAsScript(import.meta.url, { name: 'admins', usage: ADMINS_USAGE, parse: (argv) => parseAdminsArgs(argv, cdkJsonContext()), run: runAdmins });
