/**
 * Collections the owner can keep tidy: a rename moves every piece of the collection
 * in the same transaction (drafts and archived ones too); a taken name is refused; only an empty
 * collection can be deleted. Through the real handlers and DynamoDB Local.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTexts } from '#shared/messages/index.ts';
import { createProduct } from '../support/factories.ts';
import { adminToken, call } from '../support/twin.ts';

const admin = async (method: string, path: string, body?: unknown) =>
  call(method, path, { token: await adminToken(), ...(body ? { body } : {}) });
const productOf = async (id: string) =>
  (await admin('GET', `/api/admin/products/${id}`)).body.product as { collection: string; version: number };

describe('collections: rename and delete', () => {
  it('renames a collection and moves its pieces with it; a form opened before the rename cannot write the old name back', async () => {
    const name = `Verão ${randomUUID().slice(0, 6)}`;
    const created = await admin('POST', '/api/admin/collections', { name });
    expect(created.status).toBe(201);
    const id = created.body.collection.id;
    const [a, b, other] = await Promise.all([
      createProduct({ collection: name }),
      createProduct({ collection: name, status: 'draft' }),
      createProduct({ collection: 'Essenciais' }),
    ]);
    const before = await productOf(a.id);

    const renamed = await admin('PUT', `/api/admin/collections/${id}`, { name: `${name} Dourado` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.collection.name).toBe(`${name} Dourado`);
    expect((await productOf(a.id)).collection).toBe(`${name} Dourado`);
    expect((await productOf(b.id)).collection).toBe(`${name} Dourado`);
    expect((await productOf(other.id)).collection).toBe('Essenciais');
    const names = (await admin('GET', '/api/admin/collections')).body.collections.map((c: { name: string }) => c.name);
    expect(names).toContain(`${name} Dourado`);
    expect(names).not.toContain(name);
    // The old form would write the old name back: its version is stale now.
    const stale = await admin('PUT', `/api/admin/products/${a.id}`, {
      name: a.name,
      code: a.code,
      sku: a.sku,
      description: a.description,
      type: a.type,
      collection: name,
      priceCents: a.priceCents,
      discountPercent: 0,
      photos: [],
      status: 'active',
      version: before.version,
    });
    // Refused (the old collection no longer exists, and the version is stale): nothing written.
    expect(stale.status).toBe(400);
    expect(stale.body.error.fields.collection).toBeDefined();
    expect((await productOf(a.id)).collection).toBe(`${name} Dourado`);
    // Over the version it had before, with the new name, the save is refused as changed meanwhile.
    const staleVersion = await admin('PUT', `/api/admin/products/${a.id}`, {
      name: a.name,
      code: a.code,
      sku: a.sku,
      description: a.description,
      type: a.type,
      collection: `${name} Dourado`,
      priceCents: a.priceCents,
      discountPercent: 0,
      photos: [],
      status: 'active',
      version: before.version,
    });
    expect(staleVersion.status).toBe(409);
  });

  it('refuses a name another collection has, and a hostile or empty name, in Portuguese; changes nothing', async () => {
    const [first, second] = [`Lua ${randomUUID().slice(0, 6)}`, `Sol ${randomUUID().slice(0, 6)}`];
    const one = (await admin('POST', '/api/admin/collections', { name: first })).body.collection;
    await admin('POST', '/api/admin/collections', { name: second });
    const taken = await admin('PUT', `/api/admin/collections/${one.id}`, { name: second.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(apiTexts.collectionExists);
    const empty = await admin('PUT', `/api/admin/collections/${one.id}`, { name: '   ' });
    expect(empty.status).toBe(400);
    expect((await admin('PUT', '/api/admin/collections/nao-existe-x', { name: 'Qualquer' })).status).toBe(404);
    const names = (await admin('GET', '/api/admin/collections')).body.collections.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining([first, second]));
  });

  it('deletes only an empty collection; with pieces it says how many', async () => {
    const name = `Inverno ${randomUUID().slice(0, 6)}`;
    const id = (await admin('POST', '/api/admin/collections', { name })).body.collection.id;
    const piece = await createProduct({ collection: name, status: 'archived' });
    const refused = await admin('DELETE', `/api/admin/collections/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(apiTexts.collectionNotEmpty(1));
    await createProduct({ ...piece, collection: '' });
    const deleted = await admin('DELETE', `/api/admin/collections/${id}`);
    expect(deleted.status).toBe(200);
    expect((await admin('GET', '/api/admin/collections')).body.collections.map((c: { id: string }) => c.id)).not.toContain(id);
    expect((await call('DELETE', `/api/admin/collections/${id}`)).status).toBe(401);
  });

  it('two renames of one collection at once: one wins, the pieces follow it, nothing is lost', async () => {
    const name = `Primavera ${randomUUID().slice(0, 6)}`;
    const id = (await admin('POST', '/api/admin/collections', { name })).body.collection.id;
    const pieces = await Promise.all(Array.from({ length: 5 }, () => createProduct({ collection: name })));
    const answers = await Promise.all([
      admin('PUT', `/api/admin/collections/${id}`, { name: `${name} A` }),
      admin('PUT', `/api/admin/collections/${id}`, { name: `${name} B` }),
    ]);
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    const final = (await admin('GET', '/api/admin/collections')).body.collections.filter((c: { name: string }) => c.name.startsWith(name));
    expect(final).toHaveLength(1);
    for (const piece of pieces) expect((await productOf(piece.id)).collection).toBe(final[0].name);
  });
});
