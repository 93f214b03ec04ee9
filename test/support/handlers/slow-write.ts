/**
 * A test function for the gateway's Lambda limits (`test/lambdas/twin-fails-like-aws.test.ts`): it waits
 * `?wait=` milliseconds, then writes the item `?id=` to the rate-limits table (its row grants it) and
 * answers 200. Waiting past the function's timeout, its write comes after Lambda had stopped it.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#lambdas/repositories/dynamodb-client.ts';

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const wait = Number(event.queryStringParameters?.wait ?? 0);
  const id = event.queryStringParameters?.id;
  await new Promise((resolve) => setTimeout(resolve, wait));
  if (id) await ddb().send(new PutCommand({ TableName: tableName('rateLimits'), Item: { id, written: new Date().toISOString() } }));
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ written: Boolean(id) }) };
}
