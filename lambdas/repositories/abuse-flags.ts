/**
 * The owner's alert flags (`abuse` of `data-model.ts`, under `key` `flag`): a flag is raised in the
 * same transaction as the e-mail it stands for, on the condition it was down, so two raises at once
 * queue one e-mail; it is lowered on the condition it was up.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { named, type TransactionItem } from './transactions.ts';

const FLAGS = 'flag';

/** The condition of a raise: the flag was down. */
export const FLAG_DOWN = 'flag-down';

/** The transaction item that raises `flag` (refused as `FLAG_DOWN` when it is up already). */
export function raiseFlagItem(flag: string, now: Date): TransactionItem {
  return named(FLAG_DOWN, {
    Update: {
      TableName: tableName('abuse'),
      Key: { key: FLAGS, blockId: flag },
      UpdateExpression: 'SET #up = :true, raisedAt = :now',
      ConditionExpression: 'attribute_not_exists(#up) OR #up = :false',
      ExpressionAttributeNames: { '#up': 'up' },
      ExpressionAttributeValues: { ':true': true, ':false': false, ':now': now.toISOString() },
    },
  });
}

/** Lowers `flag` if it is up; true when this call lowered it. */
export async function lowerFlag(flag: string, now: Date): Promise<boolean> {
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('abuse'),
        Key: { key: FLAGS, blockId: flag },
        UpdateExpression: 'SET #up = :false, loweredAt = :now',
        ConditionExpression: '#up = :true',
        ExpressionAttributeNames: { '#up': 'up' },
        ExpressionAttributeValues: { ':true': true, ':false': false, ':now': now.toISOString() },
      }),
    ),
  );
}
