/**
 * What SES last said of the shop's mail (the go-live checklist, docs/design.md §33): whether the sender
 * is verified and whether the account has production access, kept beside the settings (item `sender` of
 * the settings table): the storefront's pages and checkout read it here, with no SES permission; only
 * "Definições" asks SES (`sender-identity.ts`, `ses-account.ts`) and keeps its answer.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MailReadiness } from '#shared/go-live.ts';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';

const KEY = { pk: 'settings', sk: 'sender' } as const;

/** The last answer kept (neither, when SES was never asked; production access unknown reads as none). */
export async function storedMailReadiness(): Promise<MailReadiness> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('settings'), Key: KEY }));
  return { senderVerified: Item?.verified === true, productionAccess: Item?.productionAccess === true };
}

/**
 * Keeps `mail` only when it differs from what is kept: a change is a write (the settings stream then
 * renders every page again: "Loja em preparação" comes or goes), the same answer writes nothing.
 */
export async function keepMailReadiness(mail: MailReadiness, at: string): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('settings'),
        Item: { ...KEY, verified: mail.senderVerified, productionAccess: mail.productionAccess, checkedAt: at },
        ConditionExpression:
          'attribute_not_exists(pk) OR verified <> :verified OR attribute_not_exists(productionAccess) OR productionAccess <> :production',
        ExpressionAttributeValues: { ':verified': mail.senderVerified, ':production': mail.productionAccess },
      }),
    ),
  );
}
