/**
 * The back-office team script (`npm run admins`) against the twin's Cognito, on a
 * user pool of its own: list, disable (the account can no longer sign in or refresh its tokens, as in
 * Cognito), enable, remove; never the last active admin; a clear message for an unknown address.
 * `reset-mfa` finds the admin on the twin too, but cognito-local 5.3.0 has no AdminDeleteSoftwareToken
 * (it answers `Unsupported`, HTTP 500): its deletion runs against recorded Cognito answers.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteSoftwareTokenCommand,
  AdminUserGlobalSignOutCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '#infra/twin/bootstrap.ts';
import { ADMINS_USAGE, listAdmins, parseAdminsArgs, runAdmins, softwareTokenDeletion, type AdminsCommand } from '#infra/ops/admins.ts';
import { ADMIN_GROUP, OperatorError, UsageError } from '#infra/ops/create-admin.ts';
import { twin } from '../support/twin.ts';

const PASSWORD = 'Equipa-Loja-2026!';
let cognito: ReturnType<typeof cognitoClient>;
let userPoolId: string;
let clientId: string;
const ana = `ana-${randomUUID().slice(0, 6)}@example.com`;
const rui = `rui-${randomUUID().slice(0, 6)}@example.com`;

const run = async (command: AdminsCommand, email?: string) => {
  const lines: string[] = [];
  await runAdmins(
    { command, ...(email ? { email } : {}), stage: 'test', stackName: 'JoiasInox-test', region: 'eu-west-1', userPoolId },
    (line) => lines.push(line),
    cognito,
  );
  return lines;
};

/** Signs in with the password; answers the tokens or the error's name. */
async function signIn(email: string): Promise<{ refresh?: string; error?: string }> {
  try {
    const answer = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD } }),
    );
    return { refresh: answer.AuthenticationResult?.RefreshToken ?? '' };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

async function refresh(token: string): Promise<string> {
  try {
    await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: token } }),
    );
    return 'ok';
  } catch (error) {
    return (error as Error).name;
  }
}

beforeAll(async () => {
  cognito = cognitoClient(twin().endpoints.cognito);
  const pool = await cognito.send(
    new CreateUserPoolCommand({ PoolName: `equipa-${randomUUID().slice(0, 8)}`, UsernameAttributes: ['email'] }),
  );
  userPoolId = pool.UserPool!.Id!;
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  clientId = (
    await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    )
  ).UserPoolClient!.ClientId!;
  for (const email of [ana, rui]) await ensureUser(cognito, userPoolId, email, PASSWORD, [ADMIN_GROUP]);
});

afterAll(() => cognito?.destroy());

describe('npm run admins', () => {
  it('lists the team, active or not', async () => {
    expect((await listAdmins(cognito, userPoolId)).map((a) => [a.email, a.enabled])).toEqual(
      [
        [ana, true],
        [rui, true],
      ].sort(),
    );
    expect((await run('list')).join('\n')).toContain(`${rui}\tactive`);
  });

  it('disable: the admin can no longer sign in nor refresh an open session; enable undoes it', async () => {
    const session = await signIn(rui);
    expect(session.refresh).toBeTruthy();
    expect(await run('disable', rui)).toEqual([expect.stringContaining(`${rui} is disabled`)]);
    expect(await signIn(rui)).toEqual({ error: 'NotAuthorizedException' });
    expect(await refresh(session.refresh!)).toBe('NotAuthorizedException');
    expect((await run('list')).join('\n')).toContain(`${rui}\tDISABLED`);

    await run('enable', rui);
    expect((await signIn(rui)).refresh).toBeTruthy();
  });

  it('never disables nor removes the last active admin', async () => {
    await run('disable', rui);
    await expect(run('disable', ana)).rejects.toThrow(/last active admin/);
    await expect(run('remove', ana)).rejects.toThrow(/last active admin/);
    expect((await signIn(ana)).refresh).toBeTruthy();
    // An invitation nobody used yet does not count as someone who can run the shop.
    const invited = `novo-${randomUUID().slice(0, 6)}@example.com`;
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: invited,
        TemporaryPassword: 'Temporaria-2026!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'email', Value: invited }],
      }),
    );
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: invited, GroupName: ADMIN_GROUP }));
    expect((await listAdmins(cognito, userPoolId)).find((a) => a.email === invited)).toMatchObject({
      enabled: true,
      status: 'FORCE_CHANGE_PASSWORD',
    });
    await expect(run('disable', ana)).rejects.toThrow(/last active admin/);
    await run('remove', invited);
    // A disabled admin may go: the active one stays.
    await run('remove', rui);
    expect((await listAdmins(cognito, userPoolId)).map((a) => a.email)).toEqual([ana]);
    expect(await signIn(rui)).toEqual({ error: expect.stringMatching(/NotAuthorized|UserNotFound/) });
  });

  it('remove: the account is gone, and its refresh token with it', async () => {
    const leo = `leo-${randomUUID().slice(0, 6)}@example.com`;
    await ensureUser(cognito, userPoolId, leo, PASSWORD, [ADMIN_GROUP]);
    const session = await signIn(leo);
    expect(await run('remove', leo)).toEqual([expect.stringContaining(`${leo} is removed`)]);
    expect((await listAdmins(cognito, userPoolId)).map((a) => a.email)).toEqual([ana]);
    expect(await refresh(session.refresh!)).toBe('NotAuthorizedException');
  });

  it('says clearly when the address has no account', async () => {
    await expect(run('disable', 'ninguem@example.com')).rejects.toThrow(OperatorError);
    await expect(run('disable', 'ninguem@example.com')).rejects.toThrow(/has no account/);
  });

  it('reset-mfa: an address without an account, or of someone outside the admin group, is refused', async () => {
    await expect(run('reset-mfa', 'ninguem@example.com')).rejects.toThrow(`ninguem@example.com has no account in ${userPoolId}.`);
    const cliente = `cliente-${randomUUID().slice(0, 6)}@example.com`;
    await ensureUser(cognito, userPoolId, cliente, PASSWORD, []);
    await expect(run('reset-mfa', cliente)).rejects.toThrow(
      `${cliente} is not an admin (not in the "${ADMIN_GROUP}" group of ${userPoolId}): nothing was changed.`,
    );
  });

  it('reads its command line like create-admin, and refuses what it does not know', () => {
    const context = (key: string) => ({ stage: 'prod' })[key];
    expect(parseAdminsArgs(['list'], context, {})).toMatchObject({ command: 'list', stackName: 'JoiasInox-prod' });
    expect(parseAdminsArgs(['disable', ' Ana@Example.COM ', '--stage', 'loja2'], context, {})).toMatchObject({
      command: 'disable',
      email: 'ana@example.com',
      stackName: 'JoiasInox-loja2',
    });
    expect(parseAdminsArgs(['reset-mfa', 'Rui@Example.pt', '--user-pool-id', 'eu-west-1_AbC123xyZ'], context, {})).toEqual({
      command: 'reset-mfa',
      email: 'rui@example.pt',
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbC123xyZ',
    });
    expect(parseAdminsArgs(['-h'], context, {})).toBe('help');
    expect(ADMINS_USAGE).toMatch(/^ {2}reset-mfa <email> {4}lost phone: .*set it up again at the next sign-in$/m);
    for (const argv of [
      [],
      ['apagar', 'a@b.pt'],
      ['disable'],
      ['disable', 'nao-e-email'],
      ['list', 'a@b.pt'],
      ['remove', 'a@b.pt', 'c@d.pt'],
      ['list', '--forca'],
      ['reset-mfa', 'a@b.pt', 'c@d.pt'],
      ['reset-mfa', 'nao-e-email'],
    ]) {
      expect(() => parseAdminsArgs(argv, context, {}), argv.join(' ')).toThrow(UsageError);
    }
    expect(() => parseAdminsArgs(['reset-mfa'], context, {})).toThrow(new UsageError('"reset-mfa" takes one e-mail address.'));
  });
});

// --- reset-mfa against recorded Cognito answers ----------------------------------------------------

const POOL = 'eu-west-1_AbC123xyZ';
/** With e-mail as the sign-in name (`infra/cloud/auth.ts`), Cognito's username is the user's sub. */
const SUB = '46f2b4a4-1071-70d5-8c41-0d5a1f3e9b7c';
const RUI = 'rui@example.pt';

/** The shapes of the API Reference's responses (AdminGetUser, AdminListGroupsForUser, AdminDeleteSoftwareToken: `{}`). */
const ANSWERS = {
  user: (enabled = true) => ({
    Username: SUB,
    UserAttributes: [
      { Name: 'sub', Value: SUB },
      { Name: 'email', Value: RUI },
      { Name: 'email_verified', Value: 'true' },
    ],
    Enabled: enabled,
    UserStatus: 'CONFIRMED',
    PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
    UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
  }),
  groups: (...names: string[]) => ({ Groups: names.map((GroupName) => ({ GroupName, UserPoolId: POOL })) }),
  deleted: {},
};

/** An error as the SDK throws it for Cognito's answer `{"__type": name, "message": message}`. */
const refusal = (name: string, message: string) =>
  new CognitoIdentityProviderServiceException({ name, message, $fault: 'client', $metadata: { httpStatusCode: 400 } });

/** A client whose `send` answers each command from `answer` and records what was sent. */
function recordedClient(answer: (name: string) => unknown) {
  const sent: { name: string; input: unknown }[] = [];
  const kinds: [new (input: any) => object, string][] = [
    [AdminGetUserCommand, 'AdminGetUser'],
    [AdminListGroupsForUserCommand, 'AdminListGroupsForUser'],
    [AdminDeleteSoftwareTokenCommand, 'AdminDeleteSoftwareToken'],
    [AdminUserGlobalSignOutCommand, 'AdminUserGlobalSignOut'],
  ];
  const client = {
    async send(command: { input: unknown }) {
      const name = kinds.find(([kind]) => command instanceof kind)?.[1] ?? command.constructor.name;
      sent.push({ name, input: command.input });
      const result = answer(name);
      if (result instanceof Error) throw result;
      if (result === undefined) throw new Error(`unexpected ${name}`);
      return result;
    },
    destroy() {},
  };
  return { client: client as unknown as CognitoIdentityProviderClient, sent };
}

const resetMfa = async (client: CognitoIdentityProviderClient) => {
  const lines: string[] = [];
  await runAdmins(
    { command: 'reset-mfa', email: RUI, stage: 'prod', stackName: 'JoiasInox-prod', region: 'eu-west-1', userPoolId: POOL },
    (line) => lines.push(line),
    client,
  );
  return lines;
};

/** The recorded answers of a lookup that finds an admin, with `deletion` as the answer to AdminDeleteSoftwareToken. */
const adminWith =
  (deletion: unknown, enabled = true, signOut: unknown = {}) =>
  (name: string) =>
    ({
      AdminGetUser: ANSWERS.user(enabled),
      AdminListGroupsForUser: ANSWERS.groups(ADMIN_GROUP),
      AdminDeleteSoftwareToken: deletion,
      AdminUserGlobalSignOut: signOut,
    })[name];

describe('npm run admins -- reset-mfa (recorded Cognito answers)', () => {
  it("deletes the admin's registered key by username, and says what happens at the next sign-in", async () => {
    const { client, sent } = recordedClient(adminWith(ANSWERS.deleted));
    expect(await resetMfa(client)).toEqual([
      `${RUI}: Cognito deleted their registered authenticator key; the account and its password are unchanged.`,
      'At their next sign-in, after e-mail and password, the sign-in page asks them to set ' +
        'up an authenticator app again, as the first time (QR code or key, then a 6-digit code).',
      'An old "Joias Inox" entry still in an app (e.g. restored from a backup) no longer works: they delete it.',
      `${RUI} is signed out everywhere: a session still open (on the lost phone, say) ends within 15 minutes.`,
    ]);
    expect(sent).toEqual([
      { name: 'AdminGetUser', input: { UserPoolId: POOL, Username: RUI } },
      { name: 'AdminListGroupsForUser', input: { UserPoolId: POOL, Username: SUB } },
      { name: 'AdminDeleteSoftwareToken', input: { UserPoolId: POOL, Username: SUB } },
      { name: 'AdminUserGlobalSignOut', input: { UserPoolId: POOL, Username: SUB } },
    ]);
  });

  it('without the right to sign out everywhere, the key is still deleted and the operator is told how to end the session', async () => {
    const denied = refusal(
      'AccessDeniedException',
      'User: arn:aws:sts::111111111111:assumed-role/Loja/ana is not authorized to perform: cognito-idp:AdminUserGlobalSignOut',
    );
    const { client, sent } = recordedClient(adminWith(ANSWERS.deleted, true, denied));
    const lines = await resetMfa(client);
    expect(sent.map((s) => s.name)).toEqual([
      'AdminGetUser',
      'AdminListGroupsForUser',
      'AdminDeleteSoftwareToken',
      'AdminUserGlobalSignOut',
    ]);
    expect(lines.at(-1)).toBe(
      `Could not sign ${RUI} out everywhere (AccessDeniedException: your AWS identity needs cognito-idp:AdminUserGlobalSignOut): ` +
        `a session still open goes on; npm run admins -- disable ${RUI}, then enable ${RUI}, ends it.`,
    );
  });

  it('a disabled admin: the key is deleted, and the operator is told the account must be enabled too', async () => {
    const { client, sent } = recordedClient(adminWith(ANSWERS.deleted, false));
    const lines = await resetMfa(client);
    expect(sent.map((s) => s.name)).toEqual([
      'AdminGetUser',
      'AdminListGroupsForUser',
      'AdminDeleteSoftwareToken',
      'AdminUserGlobalSignOut',
    ]);
    expect(lines.at(-1)).toBe(`${RUI} is disabled: they can sign in only after npm run admins -- enable ${RUI}.`);
  });

  it('someone outside the admin group, or no account: nothing is deleted', async () => {
    const outsider = recordedClient((name) => ({ AdminGetUser: ANSWERS.user(), AdminListGroupsForUser: ANSWERS.groups('clientes') })[name]);
    await expect(resetMfa(outsider.client)).rejects.toThrow(
      `${RUI} is not an admin (not in the "${ADMIN_GROUP}" group of ${POOL}): nothing was changed.`,
    );
    expect(outsider.sent.map((s) => s.name)).toEqual(['AdminGetUser', 'AdminListGroupsForUser']);

    const nobody = recordedClient((name) =>
      name === 'AdminGetUser' ? refusal('UserNotFoundException', 'User does not exist.') : undefined,
    );
    await expect(resetMfa(nobody.client)).rejects.toThrow(`${RUI} has no account in ${POOL}.`);
    expect(nobody.sent.map((s) => s.name)).toEqual(['AdminGetUser']);
  });

  it('AccessDenied names the IAM action: cognito-idp:AdminDeleteSoftwareToken for the deletion, every action for the lookup', async () => {
    const arn = `arn:aws:cognito-idp:eu-west-1:111111111111:userpool/${POOL}`;
    const denied = recordedClient(
      adminWith(
        refusal(
          'AccessDeniedException',
          `User: arn:aws:sts::111111111111:assumed-role/Loja/ana is not authorized ` +
            `to perform: cognito-idp:AdminDeleteSoftwareToken on resource: ${arn}`,
        ),
      ),
    );
    const error = await resetMfa(denied.client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperatorError);
    expect((error as Error).message).toMatch(
      new RegExp(
        String.raw`^Your AWS identity may read the pool but not delete an authenticator key: it needs ` +
          String.raw`cognito-idp:AdminDeleteSoftwareToken on the user pool .* Nothing was changed\. \(User: .*\)$`,
      ),
    );

    const lookup = recordedClient((name) =>
      name === 'AdminGetUser' ? refusal('AccessDeniedException', 'not authorized to perform: cognito-idp:AdminGetUser') : undefined,
    );
    await expect(resetMfa(lookup.client)).rejects.toThrow(
      'cognito-idp:AdminGetUser, cognito-idp:AdminListGroupsForUser, ' +
        'cognito-idp:AdminDeleteSoftwareToken, cognito-idp:AdminUserGlobalSignOut on the user pool',
    );
  });

  // What Cognito answers for an admin with no key registered is not documented; were it this, the
  // general explanation ("User pool ... not found") would mislead.
  it('ResourceNotFound from the deletion is not called a missing pool: the account was just read', async () => {
    const { client } = recordedClient(adminWith(refusal('ResourceNotFoundException', 'Software token not found.')));
    const error = await resetMfa(client).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      new RegExp(
        String.raw`^Cognito answered ResourceNotFoundException to AdminDeleteSoftwareToken \(Software token ` +
          String.raw`not found\.\)\. The pool and the account exist .* no authenticator key for rui@example\.pt`,
      ),
    );
    expect((error as Error).message).not.toMatch(/User pool .* not found/);
  });

  it('a Cognito that does not know the operation, or an SDK without it: a clear message, and the way back without it', async () => {
    const unknown = recordedClient(adminWith(refusal('UnknownOperationException', 'Unknown operation')));
    await expect(resetMfa(unknown.client)).rejects.toThrow(
      `Cognito in eu-west-1 cannot run AdminDeleteSoftwareToken (UnknownOperationException: Unknown operation). Nothing was ` +
        `changed. Without it the way back is a new account: npm run admins -- remove ${RUI}, then npm run create-admin -- ${RUI}.`,
    );

    expect(softwareTokenDeletion()).toBe(AdminDeleteSoftwareTokenCommand);
    expect(() => softwareTokenDeletion({})).toThrow(OperatorError);
    expect(() => softwareTokenDeletion({})).toThrow(/has no AdminDeleteSoftwareTokenCommand .*run npm install .* Nothing was changed\./);
  });
});
