import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { photoFallback, photoFiles } from '#shared/photos.ts';
import { clientFetch } from '#test/support/clients.ts';
import { createProduct } from '../support/factories.ts';
import { call, twin } from '../support/twin.ts';

describe('public catalogue through the gateway', () => {
  it('GET /api/products returns the seeded catalogue, newest first, money in integer cents', async () => {
    const { status, body, headers } = await call('GET', '/api/products');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(headers.get('cache-control')).toMatch(/s-maxage=30/);
    const seeded = body.products.filter((p: { id: string }) => seedPieces.some((s) => s.id === p.id));
    expect(seeded.map((p: { id: string }) => p.id)).toEqual(seedPieces.map((s) => s.id));
    // Only what a card shows and the filters read (`ListingProduct`); a piece without photos has no `photo`,
    // and its `slug` is there only when it is not its id (the pieces other files add have both).
    for (const product of body.products) {
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(
        Object.keys(product)
          .filter((key) => key !== 'photo' && key !== 'slug')
          .sort(),
      ).toEqual(['collection', 'discountPercent', 'id', 'name', 'priceCents', 'sizes', 'soldOut', 'type']);
      if ('slug' in product) expect(product.slug).not.toBe(product.id);
    }
    for (const demo of seeded) expect(demo).not.toHaveProperty('slug');
    const heart = body.products.find((p: { id: string }) => p.id === 'colar-coracao-eterno');
    expect(heart).toMatchObject({
      priceCents: 2490,
      discountPercent: 15,
      type: 'colar',
      collection: 'New Beginnings',
      soldOut: false,
      sizes: 0,
    });
    // One photo set, in the widths a card uses; sizes and sold-out as the pieces are.
    expect(Object.keys(heart.photo).sort()).toEqual(['fallbackWidth', 'height', 'id', 'placeholder', 'width', 'widths']);
    expect(heart.photo.widths).toEqual([320, 640, 960]);
    expect(body.products.find((p: { id: string }) => p.id === 'fio-gota-de-orvalho')).toMatchObject({ sizes: 3, soldOut: false });
    expect(body.products.find((p: { id: string }) => p.id === 'colar-lua-crescente')).toMatchObject({ soldOut: true });
  });

  it('the listing of the 14 demo pieces is at most 5 898 B (1 505 B gzipped); the product answer has every size and photo', async () => {
    const { body } = await call('GET', '/api/products');
    // Other files add pieces to this twin meanwhile: the demo pieces' answer is measured as the handler writes it.
    const demo = JSON.stringify({ products: body.products.filter((p: { id: string }) => seedPieces.some((s) => s.id === p.id)) });
    expect(demo.match(/"id":"[^"]+","name"/g)).toHaveLength(14);
    expect(Buffer.byteLength(demo)).toBeLessThanOrEqual(5898);
    expect(gzipSync(demo).length).toBeLessThanOrEqual(1505);
    const sized = await call('GET', '/api/products/fio-gota-de-orvalho');
    expect(sized.body.product.variants.map((v: { label: string }) => v.label)).toEqual(['40 cm', '45 cm', '50 cm']);
    expect(sized.body.product.photos).toHaveLength(2);
    expect(sized.body.product.photos[0].widths).toEqual([320, 640, 960, 1440]);
  });

  it('an unchanged catalogue listing is an empty 304 by its ETag', async () => {
    // Each function reuses the catalogue a few seconds: two reads in a row are the same answer, unless a
    // write of another file lands between them; then the second read, with its tag, is the 304.
    await expect
      .poll(
        async () => {
          const first = await call('GET', '/api/products');
          const again = await call('GET', '/api/products', { headers: { 'if-none-match': first.headers.get('etag')! } });
          return [again.status, again.body ?? '', again.headers.get('etag') === first.headers.get('etag')];
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual([304, '', true]);
  });

  it('the gzipped catalogue is the current one: compressed once per answer (its ETag), anew once the catalogue changed', async () => {
    // As the shop's pages ask for it, the bytes as they travel (clientFetch does not unzip).
    const gzipped = async () => {
      const answer = await clientFetch(`${twin().url}/api/products`, { headers: { 'accept-encoding': 'gzip' } });
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      const products = (JSON.parse(gunzipSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')) as { products: { id: string }[] })
        .products;
      return { etag: answer.headers.get('etag'), ids: products.map((p) => p.id) };
    };
    const before = await gzipped();
    const piece = await createProduct({ name: 'Pulseira do teste de gzip' });
    // Within the functions' few seconds of catalogue reuse the new piece shows, in the gzipped answer too.
    await expect.poll(async () => (await gzipped()).ids.includes(piece.id), { timeout: 20_000, interval: 250 }).toBe(true);
    const after = await gzipped();
    expect(after.etag).not.toBe(before.etag);
    // The same answer as the plain one, whenever both carry the same tag (other files add pieces meanwhile).
    await expect
      .poll(
        async () => {
          const plain = await call('GET', '/api/products', { headers: { 'accept-encoding': 'identity' } });
          const zipped = await gzipped();
          return (
            plain.headers.get('etag') === zipped.etag &&
            JSON.stringify(plain.body.products.map((p: { id: string }) => p.id)) === JSON.stringify(zipped.ids)
          );
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
  });

  it('a return visit revalidates: the catalogue has an ETag, the same answer again an empty 304; another answer, another tag', async () => {
    const first = await call('GET', '/api/collections');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    for (const ifNoneMatch of [etag!, `W/${etag}`, `"other", ${etag}`]) {
      const again = await call('GET', '/api/collections', { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body ?? '').toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toMatch(/s-maxage=30/);
    }
    // Another tag (an older catalogue) gets the whole answer.
    const stale = await call('GET', '/api/collections', { headers: { 'if-none-match': '"older"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.collections).toEqual(first.body.collections);
    // A product page has its own tag; answers that must not be cached (payment methods) have none.
    const product = await call('GET', '/api/products/anel-infinito');
    expect(product.headers.get('etag')).toMatch(/^"[\w-]{22}"$/);
    expect(product.headers.get('etag')).not.toBe(etag);
    expect((await call('GET', '/api/payment-methods')).headers.get('etag')).toBeNull();
  });

  it('GET /api/products/{id} returns one product; its images are served at /images/*', async () => {
    const { status, body } = await call('GET', '/api/products/anel-infinito');
    expect(status).toBe(200);
    expect(body.product).toMatchObject({ id: 'anel-infinito', name: 'Anel Infinito', priceCents: 1590 });
    // Two processed photos: the first is the main image (its JPEG fallback), each in AVIF and WebP.
    expect(body.product.photos).toHaveLength(2);
    expect(body.product.photos[0].alt).toBe('Anel Infinito');
    expect(body.product.mainImage).toBe(photoFallback(body.product.photos[0]));
    const image = await call('GET', body.product.mainImage);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of photoFiles(body.product.photos[1])) expect((await call('GET', path)).status, path).toBe(200);
  });

  it.each(['nao-existe', 'a'.repeat(101), 'x%20y', "'; DROP TABLE--"])('GET /api/products/%s is a 404 in Portuguese', async (id) => {
    const { status, body } = await call('GET', `/api/products/${encodeURIComponent(id)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'product_not_found', message: 'Produto não encontrado.' } });
  });

  it('GET /api/collections lists the collection names', async () => {
    const { status, body } = await call('GET', '/api/collections');
    expect(status).toBe(200);
    expect(body.collections.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['New Beginnings', 'Essenciais', 'Mar Atlântico']),
    );
  });

  it('a missing image is a 404, not the app', async () => {
    const { status } = await call('GET', '/images/seed/nao-existe.svg');
    expect(status).toBe(404);
  });
});

describe('the gateway outside the route table (API Gateway answers by itself, with its own bodies)', () => {
  it('answers an unknown API path with 404 {"message":"Not Found"}', async () => {
    const { status, body } = await call('GET', '/api/nada');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found' });
  });

  it('a known path with another method is a route that does not exist either (HTTP APIs have no 405)', async () => {
    const { status, body } = await call('DELETE', '/api/products');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found' });
  });
});
