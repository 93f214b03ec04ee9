/**
 * The back-office team script (`npm run admins`, issue 17 part 2) against the twin's Cognito, on a
 * user pool of its own: list, disable (the account can no longer sign in or refresh its tokens, as in
 * Cognito), enable, remove; never the last active admin; a clear message for an unknown address.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '../../infra/local/bootstrap.ts';
import { listAdmins, parseAdminsArgs, runAdmins, type AdminsCommand } from '../../infra/scripts/admins.ts';
import { ADMIN_GROUP, OperatorError, UsageError } from '../../infra/scripts/create-admin.ts';
import { twin } from '../support/twin.ts';

const PASSWORD = 'Equipa-Loja-2026!';
let cognito: ReturnType<typeof cognitoClient>;
let userPoolId: string;
let clientId: string;
const ana = `ana-${randomUUID().slice(0, 6)}@example.com`;
const rui = `rui-${randomUUID().slice(0, 6)}@example.com`;

const run = async (command: AdminsCommand, email?: string) => {
  const lines: string[] = [];
  await runAdmins({ command, ...(email ? { email } : {}), stage: 'test', stackName: 'JoiasInox-test', region: 'eu-west-1', userPoolId }, (line) => lines.push(line), cognito);
  return lines;
};

/** Signs in with the password; answers the tokens or the error's name. */
async function signIn(email: string): Promise<{ refresh?: string; error?: string }> {
  try {
    const answer = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD } }));
    return { refresh: answer.AuthenticationResult?.RefreshToken ?? '' };
  } catch (error) {
    return { error: (error as Error).name };
  }
}

async function refresh(token: string): Promise<string> {
  try {
    await cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: token } }));
    return 'ok';
  } catch (error) {
    return (error as Error).name;
  }
}

beforeAll(async () => {
  cognito = cognitoClient(twin().endpoints.cognito);
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `equipa-${randomUUID().slice(0, 8)}`, UsernameAttributes: ['email'] }));
  userPoolId = pool.UserPool!.Id!;
  await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  clientId = (await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }))).UserPoolClient!.ClientId!;
  for (const email of [ana, rui]) await ensureUser(cognito, userPoolId, email, PASSWORD, [ADMIN_GROUP]);
});

afterAll(() => cognito?.destroy());

describe('npm run admins', () => {
  it('lists the team, active or not', async () => {
    expect((await listAdmins(cognito, userPoolId)).map((a) => [a.email, a.enabled])).toEqual([[ana, true], [rui, true]].sort());
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
    await cognito.send(new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: invited, TemporaryPassword: 'Temporaria-2026!', MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: invited }] }));
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: invited, GroupName: ADMIN_GROUP }));
    expect((await listAdmins(cognito, userPoolId)).find((a) => a.email === invited)).toMatchObject({ enabled: true, status: 'FORCE_CHANGE_PASSWORD' });
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

  it('reads its command line like create-admin, and refuses what it does not know', () => {
    const context = (key: string) => ({ stage: 'prod' })[key];
    expect(parseAdminsArgs(['list'], context, {})).toMatchObject({ command: 'list', stackName: 'JoiasInox-prod' });
    expect(parseAdminsArgs(['disable', ' Ana@Example.COM ', '--stage', 'loja2'], context, {})).toMatchObject({ command: 'disable', email: 'ana@example.com', stackName: 'JoiasInox-loja2' });
    expect(parseAdminsArgs(['-h'], context, {})).toBe('help');
    for (const argv of [[], ['apagar', 'a@b.pt'], ['disable'], ['disable', 'nao-e-email'], ['list', 'a@b.pt'], ['remove', 'a@b.pt', 'c@d.pt'], ['list', '--forca']]) {
      expect(() => parseAdminsArgs(argv, context, {}), argv.join(' ')).toThrow(UsageError);
    }
  });
});
