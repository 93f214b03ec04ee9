import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#lambdas/routes.ts';
import { adminToken, call, nonAdminToken } from '../support/twin.ts';

const adminRoutes = routes.filter((r) => r.access === 'admin');
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

describe('admin routes require a signed-in member of the admin group', () => {
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    [admin, customer] = await Promise.all([adminToken(), nonAdminToken()]);
  });

  it('there is at least one admin route to protect', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it.each(adminRoutes.map((r) => [r.method, r.path] as const))('%s %s without a token → 401', async (method, path) => {
    const { status, body } = await call(method, concrete(path), { body: method === 'GET' ? undefined : {} });
    expect(status).toBe(401);
    // The JWT authorizer refuses before any function runs, with API Gateway's own body.
    expect(body).toEqual({ message: 'Unauthorized' });
  });

  it.each(adminRoutes.map((r) => [r.method, r.path] as const))('%s %s with a forged or garbled token → 401', async (method, path) => {
    const [header, payload] = admin.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(86)}`;
    for (const token of [forged, 'abc.def.ghi', 'not-a-jwt']) {
      const { status } = await call(method, concrete(path), { token, body: method === 'GET' ? undefined : {} });
      expect(status).toBe(401);
    }
  });

  it.each(adminRoutes.map((r) => [r.method, r.path] as const))('%s %s with a non-admin token → 403', async (method, path) => {
    const { status, body } = await call(method, concrete(path), { token: customer, body: method === 'GET' ? undefined : {} });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'forbidden', message: 'Não tens permissão para aceder a esta área.' } });
  });

  it('the admin lists collections', async () => {
    const { status, body } = await call('GET', '/api/admin/collections', { token: admin });
    expect(status).toBe(200);
    expect(body.collections.map((c: { name: string }) => c.name)).toContain('New Beginnings');
  });

  it('the admin creates a collection once; the same name again is a 409 and nothing changes', async () => {
    const name = `Outono ${randomUUID().slice(0, 6)}`;
    const first = await call('POST', '/api/admin/collections', { token: admin, body: { name: `  ${name}  ` } });
    expect(first.status).toBe(201);
    expect(first.body.collection.name).toBe(name);
    const again = await call('POST', '/api/admin/collections', { token: admin, body: { name: name.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'collection_exists', message: 'Já existe uma coleção com esse nome.' });
    const list = await call('GET', '/api/collections');
    expect(list.body.collections.filter((c: { name: string }) => c.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('refuses bad bodies with a Portuguese message and stores nothing', async () => {
    const before = (await call('GET', '/api/collections')).body.collections.length;
    const empty = await call('POST', '/api/admin/collections', { token: admin, body: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('invalid_input');
    expect(empty.body.error.fields.name).toMatch(/[a-zà-ú]/i);
    expect(empty.body.error.fields.name).not.toMatch(/required|invalid/i);

    const notJson = await call('POST', '/api/admin/collections', {
      token: admin,
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toEqual({ code: 'invalid_json', message: 'O pedido não é um JSON válido.' });

    const wrongType = await call('POST', '/api/admin/collections', {
      token: admin,
      raw: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.status).toBe(415);

    const huge = await call('POST', '/api/admin/collections', { token: admin, body: { name: 'x'.repeat(70 * 1024) } });
    expect(huge.status).toBe(413);

    expect((await call('GET', '/api/collections')).body.collections.length).toBe(before);
  });
});
