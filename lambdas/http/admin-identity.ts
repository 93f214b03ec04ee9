import type { ApiEvent } from './handler.ts';

/**
 * Who the signed-in admin is, for the records (timeline, stock movements): the access token's
 * `username` (Cognito's own id of the user: access tokens carry no e-mail), else its subject.
 */
export function adminIdentity(event: ApiEvent): string {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  for (const name of ['username', 'sub']) {
    const value = claims[name];
    if (typeof value === 'string' && value) return value;
  }
  return 'admin';
}
