/**
 * Readable product addresses (docs/readable-addresses.md), through the real handlers, the twin's
 * front door and its local services: a piece created in the back-office is at `/product/<slug>`; its
 * id and its former slugs answer 301 keeping the query; a second piece of the same name gets a suffix;
 * a piece stored before slugs gets one from the migration; other spellings of static pages redirect.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '#shared/paths.ts';
import type { AdminProduct } from '#shared/product.ts';
import { migrateProductSlugs } from '#lambdas/services/product-slugs.ts';
import { createProduct } from '../support/factories.ts';
import { adminToken, call, twin } from '../support/twin.ts';
import { until } from '../support/wait.ts';

let token: string;
const admin = (method: string, path: string, body?: unknown) => call(method, path, { token, body });

beforeAll(async () => {
  token = await adminToken();
});

/** The streams render within a second or two in the twin; a loaded machine takes longer. */
const PAGE_WAIT_MS = 30_000;

/** One GET of the API's own origin, past CloudFront's cache (what the shop answers now). */
async function fromOrigin(path: string): Promise<Response> {
  return fetch(`${twin().apiOriginUrl}${path}`, { headers: { 'x-origin-verify': twin().originSecret } });
}

/** One GET through the front door, redirects not followed. */
async function visit(path: string): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(`${twin().url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function newPiece(name: string): Promise<AdminProduct> {
  const code = `RA-${randomUUID().slice(0, 8)}`;
  const made = await admin('POST', '/api/admin/products', {
    name,
    code,
    sku: `SKU-${code}`,
    description: 'Peça de teste.',
    type: 'anel',
    collection: 'Essenciais',
    priceCents: 1990,
    discountPercent: 0,
    stock: 2,
    photos: [],
  });
  expect(made.status).toBe(201);
  return made.body.product as AdminProduct;
}

describe('a piece created in the back-office', () => {
  it('is at /product/<slug> from its name; its id answers 301 to it keeping the query; the same name gets a suffix', async () => {
    const tag = randomUUID().slice(0, 6);
    const first = await newPiece(`Anel Solitário Coração ${tag}`);
    expect(first.slug).toBe(`anel-solitario-coracao-${tag}`);
    const second = await newPiece(`ANEL solitário coração ${tag}!`);
    expect(second.slug).toBe(`anel-solitario-coracao-${tag}-2`);

    const page = await until(
      "the piece's page",
      () => visit(paths.product(first.slug)),
      (answer) => answer.status === 200,
      PAGE_WAIT_MS,
    );
    expect(page.html).toContain(`Anel Solitário Coração ${tag}`);
    expect(page.html).toContain(`<link rel="canonical" href="${twin().url}${paths.product(first.slug)}"`);

    const byId = await visit(`${paths.product(first.id)}?utm_source=ig&x=1`);
    expect(byId.status).toBe(301);
    expect(byId.location).toBe(`${paths.product(first.slug)}?utm_source=ig&x=1`);
    expect((await visit(paths.product(first.id))).location).toBe(paths.product(first.slug));

    // The API answers by any of its addresses, with the one to show.
    const api = await call('GET', `/api/products/${first.id}`);
    expect(api.body.product.slug).toBe(first.slug);
    expect((await call('GET', `/api/products/${second.slug}`)).body.product.id).toBe(second.id);

    // The sitemap and the search give the readable address (the feeds leave a piece without a photo out).
    const sitemap = await (await fromOrigin('/api/sitemap.xml')).text();
    expect(sitemap).toContain(`${paths.product(first.slug)}</loc>`);
    expect(sitemap).not.toContain(paths.product(first.id));
    // The search reads the catalogue the listing reuses for a few seconds (CATALOGUE_REUSE_MS).
    const slugsFound = (answer: { body: { products: { slug: string }[] } }) => answer.body.products.map((p) => p.slug).sort();
    const found = await until(
      'both pieces in the search',
      () => call('GET', `/api/search?q=${encodeURIComponent(`solitario ${tag}`)}`),
      (answer) => slugsFound(answer).length === 2,
      PAGE_WAIT_MS,
    );
    expect(slugsFound(found)).toEqual([first.slug, second.slug].sort());
  });

  it("renamed, moves to its new name's slug; the old one answers 301; a rename of accents or case keeps it", async () => {
    const tag = randomUUID().slice(0, 6);
    const piece = await newPiece(`Pulseira Maré ${tag}`);
    expect(piece.slug).toBe(`pulseira-mare-${tag}`);
    await until(
      'the first page',
      () => visit(paths.product(piece.slug)),
      (answer) => answer.status === 200,
      PAGE_WAIT_MS,
    );
    const { id: _id, stock: _stock, slug: _slug, mainImage: _m, secondaryImage: _s, variants: _v, ...fields } = piece;
    const same = await admin('PUT', `/api/admin/products/${piece.id}`, { ...fields, name: `PULSEIRA MARE ${tag}` });
    expect(same.status).toBe(200);
    expect(same.body.product.slug).toBe(piece.slug);
    const renamed = await admin('PUT', `/api/admin/products/${piece.id}`, {
      ...fields,
      version: same.body.product.version,
      name: `Pulseira Onda ${tag}`,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.product.slug).toBe(`pulseira-onda-${tag}`);
    // The kept page of the old slug goes (the stream): the old address answers 301, keeping the query.
    const old = await until(
      'the old address redirected',
      () => visit(`${paths.product(piece.slug)}?x=1`),
      (answer) => answer.status === 301,
      PAGE_WAIT_MS,
    );
    expect(old.location).toBe(`${paths.product(`pulseira-onda-${tag}`)}?x=1`);
    const current = await until(
      'the new page',
      () => visit(paths.product(`pulseira-onda-${tag}`)),
      (answer) => answer.status === 200,
      PAGE_WAIT_MS,
    );
    expect(current.html).toContain(`Pulseira Onda ${tag}`);
    // A new piece with the old name does not take the old address: it still leads to the renamed piece.
    expect((await newPiece(`Pulseira Maré ${tag}`)).slug).toBe(`pulseira-mare-${tag}-2`);
  });

  it('deleted, leaves its address free and answering 404', async () => {
    const tag = randomUUID().slice(0, 6);
    const piece = await newPiece(`Brinco Efémero ${tag}`);
    await until(
      'its page',
      () => visit(paths.product(piece.slug)),
      (answer) => answer.status === 200,
      PAGE_WAIT_MS,
    );
    expect((await admin('DELETE', `/api/admin/products/${piece.id}`)).status).toBe(200);
    await until(
      'its page gone',
      () => visit(paths.product(piece.slug)),
      (answer) => answer.status === 404,
      PAGE_WAIT_MS,
    );
    expect((await newPiece(`Brinco Efémero ${tag}`)).slug).toBe(`brinco-efemero-${tag}`);
  });
});

describe('a piece stored before slugs', () => {
  it('reads its id as its address until the migration gives it a slug; then its id answers 301', async () => {
    const tag = randomUUID().slice(0, 6);
    const old = await createProduct({ id: randomUUID(), name: `Colar Antigo Ç ${tag}` });
    const slugOf = async () => ((await (await fromOrigin(`/api/products/${old.id}`)).json()) as { product: { slug: string } }).product.slug;
    expect(await slugOf()).toBe(old.id);
    expect(await migrateProductSlugs()).toBeGreaterThanOrEqual(1);
    expect(await slugOf()).toBe(`colar-antigo-c-${tag}`);
    const moved = await until(
      'its id redirected',
      () => visit(paths.product(old.id)),
      (answer) => answer.status === 301,
      PAGE_WAIT_MS,
    );
    expect(moved.location).toBe(paths.product(`colar-antigo-c-${tag}`));
    // The demo catalogue's readable ids are their slugs: their addresses do not move.
    expect((await call('GET', '/api/products/colar-coracao-eterno')).body.product.slug).toBe('colar-coracao-eterno');
  });
});

describe('other spellings of a static page', () => {
  it.each([
    ['/termos-e-condicoes?x=1', '?x=1'],
    ['/TERMOS-E-CONDI%C3%87%C3%95ES', ''],
    ['/termos-e-condições/?utm_source=a&utm_source=b', '?utm_source=a&utm_source=b'],
  ])('%s answers 301 to the page, keeping the query', async (address, query) => {
    const answer = await visit(address);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`${encodeURI(paths.terms)}${query}`);
  });

  it("the page's own spelling and /Shop", async () => {
    expect((await visit(encodeURI(paths.terms))).status).toBe(200);
    const shop = await visit('/Shop?tipo=anel');
    expect(shop.status).toBe(301);
    expect(shop.location).toBe('/shop?tipo=anel');
  });
});
