/**
 * The e-mail of one back-in-stock request, for the back-office's customer reference `a<id>`
 * (`shared/customer-ref.ts`). Apart from `stock-alerts.ts` so the customer page's read function does
 * not carry the requests' write paths (read routes stay within their bundle budget).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from './dynamodb-client.ts';

/** The request's e-mail; undefined when the request is gone. */
export async function stockAlertEmail(id: string): Promise<string | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('stockAlerts'), Key: { id }, ProjectionExpression: 'email', ConsistentRead: true }));
  return typeof Item?.email === 'string' && Item.email !== '' ? Item.email : undefined;
}
