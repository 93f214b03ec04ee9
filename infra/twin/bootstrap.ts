/**
 * Creates what the cloud stack creates, from the same definitions: the tables of
 * `lambdas/contracts/data-model.ts`, the admin user pool (app client, `admin` group, admin user) and the mail
 * templates of `infra/common/mail/` (rendered from MJML as for the stack). Every step is idempotent, so a second start finds its data.
 */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  GetGroupCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateEmailTemplateCommand, SESv2Client, UpdateEmailTemplateCommand } from '@aws-sdk/client-sesv2';
import { tables, type KeyDef, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { templateName, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { cachedMailTemplates } from './mail-cache.ts';

export const LOCAL_REGION = 'eu-west-1';
/** s3rver accepts only its own key pair; the other local services accept any, so all use this one. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const USER_POOL_NAME = 'joias-admin';
export const APP_CLIENT_NAME = 'joias-web';
export const ADMIN_GROUP = 'admin';

/** Physical name of a table in the twin. */
export const localTableName = (key: TableKey): string => `joias-${key}`;

function keySchema(def: { partitionKey: KeyDef; sortKey?: KeyDef }): KeySchemaElement[] {
  return [
    { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
    ...(def.sortKey ? [{ AttributeName: def.sortKey.name, KeyType: 'RANGE' as const }] : []),
  ];
}

function attributeDefinitions(def: TableDef): AttributeDefinition[] {
  const keys = [def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const unique = new Map<string, KeyDef>();
  for (const key of keys) if (key) unique.set(key.name, key);
  return [...unique.values()].map((k) => ({ AttributeName: k.name, AttributeType: k.type }));
}

/** An index added since an older data folder made the table (the orders' `byInvoiceDue`): created, one at a time, as a deploy does. */
async function addMissingIndexes(client: DynamoDBClient, TableName: string, def: TableDef, present: readonly string[]): Promise<void> {
  for (const index of def.indexes.filter((i) => !present.includes(i.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName,
        AttributeDefinitions: attributeDefinitions(def),
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: index.name, KeySchema: keySchema(index), Projection: { ProjectionType: 'ALL' } } },
        ],
      }),
    );
  }
}

/** Creates the table when it is missing, else brings an older data folder's up to date (its stream, its indexes). */
async function ensureTable(client: DynamoDBClient, TableName: string, def: TableDef): Promise<void> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName }));
    // A table of an older data folder made before it had a stream (the orders' payments): turned on, as a deploy does.
    if (def.stream && !Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } }));
    }
    await addMissingIndexes(client, TableName, def, Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName ?? '') ?? []);
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: keySchema(def),
      AttributeDefinitions: attributeDefinitions(def),
      GlobalSecondaryIndexes: def.indexes.length
        ? def.indexes.map((index) => ({ IndexName: index.name, KeySchema: keySchema(index), Projection: { ProjectionType: 'ALL' } }))
        : undefined,
      ...(def.stream ? { StreamSpecification: { StreamEnabled: true, StreamViewType: def.stream } } : {}),
    }),
  );
  if (def.ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName, TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true } }),
    );
  }
}

/**
 * Creates every table that is missing (`nameOf`: their physical names; tests may use a set of their
 * own), all at once: one after the other, the twenty took 0.7-1.3 s of each twin's start.
 */
export async function createTables(endpoint: string, nameOf: (key: TableKey) => string = localTableName): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    await Promise.all((Object.entries(tables) as [TableKey, TableDef][]).map(([key, def]) => ensureTable(client, nameOf(key), def)));
  } finally {
    client.destroy();
  }
}

export interface UserPoolInfo {
  readonly userPoolId: string;
  readonly clientId: string;
}

export interface AdminAccount {
  readonly email: string;
  readonly password: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** The admin pool, its web client, the `admin` group and the admin user, created when missing. */
export async function ensureUserPool(endpoint: string, admin: AdminAccount): Promise<UserPoolInfo> {
  const client = cognitoClient(endpoint);
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((p) => p.Name === USER_POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: USER_POOL_NAME,
          UsernameAttributes: ['email'],
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
          // The cloud pool requires TOTP MFA (infra/cloud/auth.ts); the twin's keeps it off. With MFA on,
          // cognito-local 5.3.0 hands tokens to a first sign-in without any MFA, refuses the next one
          // (NotAuthorizedException) instead of answering MFA_SETUP, and does AssociateSoftwareToken and
          // VerifySoftwareToken only with an access token, not with the sign-in's Session: the MFA setup
          // of a sign-in cannot run against it. test/e2e/admin-mfa.test.ts walks the SPA through that
          // setup and the later TOTP challenge with recorded Cognito answers instead.
          MfaConfiguration: 'OFF',
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    let clientId = clients.UserPoolClients?.find((c) => c.ClientName === APP_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: APP_CLIENT_NAME,
          GenerateSecret: false,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    try {
      await client.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
    } catch {
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP, Description: 'Administradores da loja' }));
    }
    await ensureUser(client, userPoolId, admin.email, admin.password, [ADMIN_GROUP]);
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}

/** A confirmed user with a permanent password, member of `groups`. Returns the user's `sub`. */
export async function ensureUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password: string,
  groups: readonly string[],
): Promise<string> {
  let sub: string | undefined;
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch {
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`Cognito user ${email} has no sub`);
  await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: sub, Password: password, Permanent: true }));
  for (const group of groups) {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: group }));
  }
  return sub;
}

/**
 * Renders every mail template from MJML, as the CDK stack does (kept rendered: `mail-cache.ts`), and creates (or updates) it in the SES
 * server.
 */
export async function createMailTemplates(endpoint: string, prefix: string): Promise<void> {
  const templates = await cachedMailTemplates();
  const client = new SESv2Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    for (const [id, template] of Object.entries(templates) as [MailTemplateId, (typeof templates)[MailTemplateId]][]) {
      const input = {
        TemplateName: templateName(prefix, id),
        TemplateContent: { Subject: template.subject, Html: template.html, Text: template.text },
      };
      try {
        await client.send(new CreateEmailTemplateCommand(input));
      } catch {
        await client.send(new UpdateEmailTemplateCommand(input));
      }
    }
  } finally {
    client.destroy();
  }
}
