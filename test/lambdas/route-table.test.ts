import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '#lambdas/routes.ts';
import { twin } from '../support/twin.ts';

const root = join(import.meta.dirname, '..', '..');

describe('route table ↔ handler modules', () => {
  it('has no two rows for the same method and path', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes.map((r) => [r.handler, r] as const))('%s exists, exports a handler and serves its own row', async (_name, route) => {
    const file = join(root, 'lambdas', 'handlers', `${route.handler}.ts`);
    expect(existsSync(file)).toBe(true);
    const module = (await import(file)) as { handler: (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }> };
    expect(typeof module.handler).toBe('function');
    if (route.access === 'admin') {
      // Defence in depth: even if the authorizer were missing, the handler refuses an event without claims.
      const result = await module.handler(
        // As CloudFront sends it (with the origin secret), but without the authorizer's claims.
        {
          routeKey: `${route.method} ${route.path}`,
          rawPath: route.path,
          headers: { 'x-origin-verify': twin().originSecret },
          requestContext: { http: { method: route.method } },
        },
        { awsRequestId: 'test', functionName: 'test', getRemainingTimeInMillis: () => 1000 },
      );
      expect(result.statusCode).toBe(401);
      expect(JSON.parse(result.body).error.code).toBe('unauthorized');
    }
  });
});
