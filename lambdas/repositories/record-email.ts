/**
 * The e-mail of one stored contact message or back-in-stock request, for the back-office's customer
 * references `m<id>` and `a<id>` (`shared/customer-ref.ts`); a message is not marked read by it. Apart
 * from those tables' repositories so the customer page's read function carries only this one read
 * (read routes keep their bundle budget).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb-client.ts';

/** The record's e-mail; undefined when it is gone or anonymised (its e-mail emptied). */
export async function recordEmail(table: 'contactMessages' | 'stockAlerts', id: string): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(table), Key: { id }, ProjectionExpression: 'email', ConsistentRead: true }),
  );
  return typeof Item?.email === 'string' && Item.email !== '' ? Item.email : undefined;
}
