/**
 * A request's body as the client sent it: API Gateway passes it as text or, for some content types, in
 * base64 (`isBase64Encoded`). The JSON middleware parses it; the proof of work's guard hashes it.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export function bodyText(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): string {
  const raw = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
}
