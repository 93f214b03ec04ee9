/**
 * Who is asking, from the JWT claims API Gateway's authorizer (or the local gateway) puts on an admin
 * request: what the back-office records as the author of a change.
 */
import type { StockActor } from '#shared/stock.ts';
import type { ApiEvent } from './handler.ts';

/**
 * The signed-in admin's e-mail: the `email` claim when the token has one (an ID token, or an access
 * token enriched by a pre-token-generation trigger), else the access token's `username` (the e-mail
 * in a pool whose usernames are e-mails), else `cognito:username`, else the user's `sub`.
 *
 * @example adminEmail(event) // 'admin@example.com'
 */
export function adminEmail(event: ApiEvent): string {
  const claims: Record<string, unknown> = event.requestContext?.authorizer?.jwt?.claims ?? {};
  for (const name of ['email', 'username', 'cognito:username', 'sub']) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return 'desconhecido';
}

/** The admin as the author of a stock movement. @example adminActor(event) // { kind: 'admin', email: 'admin@example.com' } */
export function adminActor(event: ApiEvent): StockActor {
  return { kind: 'admin', email: adminEmail(event) };
}
