/**
 * What SES last said of the shop's sender (the go-live checklist, docs/design.md §33), kept beside the
 * settings (item `sender` of the settings table): the storefront's pages and checkout read it here,
 * with no SES permission; only "Definições" asks SES (`sender-identity.ts`) and keeps its answer.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb-client.ts';

const KEY = { pk: 'settings', sk: 'sender' } as const;

/** The last answer kept (false when SES was never asked). */
export async function storedSenderVerified(): Promise<boolean> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('settings'), Key: KEY }));
  return Item?.verified === true;
}

/**
 * Keeps `verified` only when it differs from what is kept: a change is a write (the settings stream
 * then renders every page again: "Loja em preparação" comes or goes), the same answer writes nothing.
 */
export async function keepSenderVerified(verified: boolean, at: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName('settings'),
        Item: { ...KEY, verified, checkedAt: at },
        ConditionExpression: 'attribute_not_exists(pk) OR verified <> :verified',
        ExpressionAttributeValues: { ':verified': verified },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
