/**
 * Whether SES has verified the shop's sender (the go-live checklist, docs/design.md §33): SES v2
 * `GetEmailIdentity` on the stage's identity (`MAIL_IDENTITY`; the function's grant reaches that one
 * identity only), and the last answer kept beside the settings (item `sender` of the settings table),
 * where the storefront's pages and checkout read it without any SES permission.
 */
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { MAIL_ENV } from '../contracts/env.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { setting } from './environment.ts';
import { ses } from './ses-client.ts';

const KEY = { pk: 'settings', sk: 'sender' } as const;

/** What SES says now: verified for sending, or not (an identity SES does not know is not verified). */
export async function askSenderVerified(): Promise<boolean> {
  try {
    const answer = await ses().send(new GetEmailIdentityCommand({ EmailIdentity: setting(MAIL_ENV.identity) }));
    return answer.VerifiedForSendingStatus === true;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFoundException') return false;
    throw error;
  }
}

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
