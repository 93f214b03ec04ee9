/**
 * The DynamoDB document client, created once per function instance (cold start). One module per AWS
 * client, so a function bundles only the clients its repositories use (a catalogue read carries no S3
 * or SES). The endpoint comes from the standard SDK setting (`AWS_ENDPOINT_URL_DYNAMODB`), so the same
 * code talks to AWS in the cloud and to DynamoDB Local in the twin.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export { tableName } from './environment.ts';

let documentClient: DynamoDBDocumentClient | undefined;

/** The shared DynamoDB document client (numbers as JS numbers, `undefined` attributes dropped). */
export function ddb(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
