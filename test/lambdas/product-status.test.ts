/**
 * Catalogue upkeep: a draft or an archived piece is not in the shop, its page
 * answers 404, it is not in the sitemap and cannot be ordered; its past orders still show it; the
 * back-office still lists and edits it. Through the real handlers and DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { apiTexts, checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import { hasLowStockSize } from '#shared/stock.ts';
import { listProducts } from '#lambdas/repositories/products.ts';
import { createProduct, orderBody, placeOrder, reservationBody } from '../support/factories.ts';
import { adminToken, call, callRoute } from '../support/twin.ts';

const ids = async () => ((await callRoute('GET /api/products', {})).body.products ?? []).map((p) => p.id);

describe('product status: Ativo, Rascunho, Arquivado', () => {
  it('a draft and an archived piece are absent from the shop, their pages 404, out of the sitemap, and cannot be ordered', async () => {
    const [draft, archived, active] = await Promise.all([
      createProduct({ status: 'draft' }),
      createProduct({ status: 'archived' }),
      createProduct({ status: 'active' }),
    ]);
    // A warm catalogue function reuses what it read for a few seconds: wait for a read after the writes.
    await expect.poll(ids, { timeout: 15_000, interval: 500 }).toContain(active.id);
    const listed = await ids();
    expect(listed).not.toContain(draft.id);
    expect(listed).not.toContain(archived.id);
    for (const hidden of [draft, archived]) {
      const page = await callRoute('GET /api/products/{id}', { params: { id: hidden.id } });
      expect(page.status).toBe(404);
      expect(page.body.error.message).toBe(apiTexts.productNotFound);
      const order = await placeOrder(reservationBody([{ productId: hidden.id, quantity: 1 }]));
      expect(order.status).toBe(409);
      expect(order.body.error.message).toBe(checkoutTexts.productGone);
    }
    const sitemap = async () => String((await call('GET', '/api/sitemap.xml')).body);
    await expect.poll(sitemap, { timeout: 15_000, interval: 500 }).toContain(active.id);
    expect(await sitemap()).not.toContain(draft.id);
    expect(await sitemap()).not.toContain(archived.id);
    // The back-office still has them, with their status.
    const admin = await call('GET', '/api/admin/products', { token: await adminToken() });
    const byId = new Map((admin.body.products as { id: string; status: string }[]).map((p) => [p.id, p.status]));
    expect([byId.get(draft.id), byId.get(archived.id), byId.get(active.id)]).toEqual(['draft', 'archived', 'active']);
  });

  it('archiving a sold piece keeps its past order whole; putting it back on sale shows it again', async () => {
    const piece = await createProduct({ stock: 4 });
    const placed = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }]));
    expect(placed.status).toBe(201);
    const token = await adminToken();
    const loaded = (await call('GET', `/api/admin/products/${piece.id}`, { token })).body.product;
    const { id: _id, stock: _stock, mainImage: _m, secondaryImage: _s, variants: _v, ...fields } = loaded;
    const archivedSave = await call('PUT', `/api/admin/products/${piece.id}`, {
      token,
      body: { ...fields, photos: [], status: 'archived' },
    });
    expect(archivedSave.status).toBe(200);
    expect(archivedSave.body.product.status).toBe('archived');
    await expect.poll(ids, { timeout: 15_000, interval: 500 }).not.toContain(piece.id);
    const order = await call('GET', `/api/admin/orders/${placed.body.order.id}`, { token });
    expect(order.body.order.lines[0]).toMatchObject({ productId: piece.id, name: piece.name, quantity: 1 });
    const back = await call('PUT', `/api/admin/products/${piece.id}`, {
      token,
      body: { ...fields, photos: [], status: 'active', version: archivedSave.body.product.version },
    });
    expect(back.status).toBe(200);
    await expect.poll(ids, { timeout: 10_000 }).toContain(piece.id);
  });

  it('refuses a status that is not one of the three, in Portuguese', async () => {
    const token = await adminToken();
    const answer = await call('POST', '/api/admin/products', {
      token,
      body: { name: 'X', code: 'X-STATUS', type: 'anel', priceCents: 1000, stock: 1, status: 'escondido' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.status).toBe(validationTexts.productStatus.invalid);
  });
});

describe('DELETE /api/admin/products/{id}', () => {
  it('deletes a piece never ordered; refuses, in Portuguese, one that was ordered (archive it) and one changed since read', async () => {
    const token = await adminToken();
    const fresh = await createProduct({ stock: 2 });
    const deleted = await call('DELETE', `/api/admin/products/${fresh.id}`, { token });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/api/admin/products/${fresh.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', `/api/admin/products/${fresh.id}`, { token })).status).toBe(404);

    const sold = await createProduct({ stock: 3 });
    expect((await placeOrder(reservationBody([{ productId: sold.id, quantity: 1 }]))).status).toBe(201);
    const refused = await call('DELETE', `/api/admin/products/${sold.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'product_ordered', message: apiTexts.productOrdered });
    expect((await call('GET', `/api/admin/products/${sold.id}`, { token })).status).toBe(200);
    expect((await call('DELETE', `/api/admin/products/${sold.id}`)).status).toBe(401);
  });
});

describe('low stock on the dashboard', () => {
  it('counts the public pieces with a size at 1 to 2 left (not sold-out ones, not drafts), as the public catalogue has them', async () => {
    const token = await adminToken();
    const made = await Promise.all([
      createProduct({ stock: 1 }),
      createProduct({ stock: 2 }),
      createProduct({ stock: 3 }),
      createProduct({ stock: 0 }),
      createProduct({ stock: 1, status: 'draft' }),
    ]);
    const publicLow = async () => {
      // The public pieces with their sizes (the listing answer carries no sizes: `ListingProduct`).
      const low = (await listProducts()).filter((p) => hasLowStockSize(p, 2));
      return { ids: low.map((p) => p.id), count: low.length };
    };
    // Each function reuses the catalogue it read for a few seconds: wait until both have read it anew.
    await expect
      .poll(
        async () => {
          const [low, dashboard] = await Promise.all([publicLow(), call('GET', '/api/admin/dashboard', { token })]);
          return (
            low.ids.includes(made[0].id) &&
            low.ids.includes(made[1].id) &&
            !low.ids.includes(made[4].id) &&
            dashboard.body.lowStockProducts === low.count
          );
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
  });
});
