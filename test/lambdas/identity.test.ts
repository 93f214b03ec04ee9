import { describe, expect, it } from 'vitest';
import { adminActor, adminEmail } from '#lambdas/http/identity.ts';
import type { ApiEvent } from '#lambdas/http/handler.ts';

const withClaims = (claims: Record<string, unknown>) =>
  ({ requestContext: { authorizer: { jwt: { claims, scopes: [] } } } }) as unknown as ApiEvent;

describe('the admin named by the JWT claims', () => {
  it('is the e-mail claim when the token has one, else the username, else the sub', () => {
    expect(adminEmail(withClaims({ email: 'ana@example.pt', username: 'u-1', sub: 's-1' }))).toBe('ana@example.pt');
    expect(adminEmail(withClaims({ username: 'admin@example.com', sub: 's-1' }))).toBe('admin@example.com');
    expect(adminEmail(withClaims({ 'cognito:username': 'u-2', sub: 's-1' }))).toBe('u-2');
    expect(adminEmail(withClaims({ sub: 's-1' }))).toBe('s-1');
    expect(adminEmail(withClaims({ email: '  ', username: 'u-3' }))).toBe('u-3');
    expect(adminActor(withClaims({ username: 'u-4' }))).toEqual({ kind: 'admin', email: 'u-4' });
  });
});
