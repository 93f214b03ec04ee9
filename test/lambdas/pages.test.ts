/**
 * Pre-rendered pages (docs/design.md §22), through the twin's front door as a crawler that runs no
 * JavaScript sees them: each public page exists as HTML with its head and data, unknown addresses
 * answer a real 404, the owner's change shows on the page without a deploy, hostile text stays text,
 * and the pages function reaches only `pages/` of the site bucket.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money.ts';
import { PATH_ALIASES, paths } from '#shared/paths.ts';
import { FILTERED_LISTING_PREFIX, ORDER_SHELL, PAGE_DATA_ELEMENT_ID } from '#shared/pages.ts';
import type { AdminProduct } from '#shared/product.ts';
import type { ProductUpdateInput } from '#shared/schemas/index.ts';
import { readObject, writeObject } from '#lambdas/repositories/storage.ts';
import { deleteProductItem, listProducts } from '#lambdas/repositories/products.ts';
import { asFunction } from '#infra/twin/function-scope.ts';
import { routes } from '#lambdas/routes.ts';
import { streamConsumers } from '#lambdas/jobs.ts';
import { keepPage, PAGE_CONTENT_TYPE, renderMissingPage, renderPath } from '#lambdas/services/pages.ts';
import { bucketName, s3 } from '#lambdas/repositories/s3-client.ts';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createProduct } from '../support/factories.ts';
import { adminToken, callRoute, twin } from '../support/twin.ts';
import { until } from '../support/wait.ts';

const CRAWLERS = {
  facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  whatsapp: 'WhatsApp/2.23.20.0 A',
};

/** A page as a crawler gets it: one GET, no JavaScript. */
async function crawl(path: string, agent = CRAWLERS.facebook): Promise<{ status: number; html: string; type: string }> {
  const response = await fetch(`${twin().url}${path}`, { headers: { 'user-agent': agent } });
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') ?? '' };
}

function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1]?.replaceAll('&amp;', '&');
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  );
}

/** What CloudFront's origin group asks the pages function for a missing page (the API origin, both headers). */
function fallback(key: string): Promise<Response> {
  const secret = twin().originSecret;
  return fetch(`${twin().apiOriginUrl}/api/pages/${key}`, { headers: { 'x-origin-verify': secret, 'x-pages-fallback': secret } });
}

/** The streams render within a second or two in the twin. */
const PAGE_WAIT_MS = 15_000;

describe('a product page without JavaScript', () => {
  it.each(Object.entries(CRAWLERS))(
    'as %s sees it: name, price, description, an absolute og:image that is an image, Product JSON-LD',
    async (_name, agent) => {
      const page = await crawl(paths.product('colar-coracao-eterno'), agent);
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.html).toContain('<h1>Colar Coração Eterno</h1>');
      expect(page.html).toMatch(/<title>Colar Coração Eterno \| Joias Inox<\/title>/);
      const [product] = jsonLd(page.html).filter((block) => block['@type'] === 'Product');
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        name: 'Colar Coração Eterno',
        offers: { '@type': 'Offer', priceCurrency: 'EUR' },
      });
      expect(product!.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      const price = Number(product!.offers.price);
      expect(page.html).toContain(formatCents(Math.round(price * 100)));
      expect(page.html).toContain(product!.description.slice(0, 40));
      expect(jsonLd(page.html).some((block) => block['@type'] === 'BreadcrumbList')).toBe(true);
      expect(meta(page.html, 'og:type')).toBe('product');
      expect(meta(page.html, 'og:url')).toBe(`${twin().url}${paths.product('colar-coracao-eterno')}`);
      expect(page.html).toContain(`<link rel="canonical" href="${twin().url}${paths.product('colar-coracao-eterno')}" />`);

      const image = meta(page.html, 'og:image')!;
      expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      // The product's main photo as its 1200×630 link-preview JPEG, as the tags say.
      expect(image).toMatch(/-share\.jpg$/);
      const picture = await fetch(image, { headers: { 'user-agent': agent } });
      expect(picture.status).toBe(200);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      const size = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
      expect([size.width, size.height]).toEqual([1200, 630]);
      expect([meta(page.html, 'og:image:width'), meta(page.html, 'og:image:height')]).toEqual(['1200', '630']);
      expect(meta(page.html, 'og:image:alt')).toBeTruthy();
    },
  );

  it('carries its data for the app, as a data block that is never executed', async () => {
    const page = await crawl(paths.product('colar-coracao-eterno'));
    const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(page.html);
    const data = JSON.parse(block![1]!) as { url: string; product: { id: string; value: { name: string } } };
    expect(data.url).toBe(paths.product('colar-coracao-eterno'));
    expect(data.product).toMatchObject({ id: 'colar-coracao-eterno', value: { name: 'Colar Coração Eterno' } });
    // No inline script at all: the shop's CSP (`script-src 'self'`) would refuse it.
    expect([...page.html.matchAll(/<script(?![^>]*type="application\/(ld\+)?json")(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([]);
  });
});

describe('real status codes', () => {
  it.each(['/product/nao-existe', '/nao-existe', '/product/a/b', '/Politica-Inexistente'])(
    '%s answers 404 with the Portuguese not-found page',
    async (path) => {
      const page = await crawl(path);
      expect(page.status).toBe(404);
      expect(page.type).toMatch(/^text\/html/);
      expect(page.html).toMatch(/não encontrad/);
      expect(meta(page.html, 'robots')).toBe('noindex');
    },
  );

  it.each([
    '/',
    '/shop',
    '/faq',
    '/about-us',
    '/Politica-Privacidade',
    '/Informa%C3%A7%C3%A3o-Legal',
    '/Livre-Resolu%C3%A7%C3%A3o',
    '/encomenda',
  ])('%s is a page of its own (200, its own title)', async (path) => {
    const page = await crawl(path);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<div id="root">(<link [^>]*>)*<div class="page">/);
    expect(page.html).toContain('<link rel="canonical"');
  });

  it('the checkout, an order and the back-office stay the app shell (no page of their own)', async () => {
    for (const path of ['/cart', '/payment', '/encomenda/123456', '/bastidores-7b99/login']) {
      const page = await crawl(path);
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain('<div id="root"></div>');
    }
  });

  it('"A minha encomenda" of one order has its own title and noindex, never the home page\'s', async () => {
    const page = await crawl('/encomenda/123456');
    expect(page.html).toContain(`<title>${ORDER_SHELL.title}</title>`);
    expect(meta(page.html, 'robots')).toBe('noindex');
    expect(page.html).not.toContain('Vê já a nossa nova coleção');
  });

  it.each(Object.entries(PATH_ALIASES).filter(([alias, path]) => alias !== path))(
    '%s, typed without accents or in another case, answers 301 to %s',
    async (alias, path) => {
      const response = await fetch(`${twin().url}${encodeURI(alias)}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe(encodeURI(path));
      expect((await crawl(response.headers.get('location')!)).status).toBe(200);
    },
  );
});

describe('a filtered listing without JavaScript', () => {
  /** The product ids a listing's HTML links to. */
  const listed = (html: string) => new Set([...html.matchAll(/href="\/product\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!)));

  it('/shop?tipo=anel lists only rings, with its own title and canonical; the price filter too', async () => {
    const ring = await createProduct({ type: 'anel', priceCents: 1500 });
    const necklace = await createProduct({ type: 'colar', priceCents: 1500 });
    const page = {
      value: await until(
        'the new ring in the filtered listing',
        () => crawl('/shop?tipo=anel'),
        (crawled) => listed(crawled.html).has(ring.id),
        PAGE_WAIT_MS,
      ),
    };
    const products = await listProducts();
    expect(page.value.status).toBe(200);
    const ids = listed(page.value.html);
    expect(ids.size).toBeGreaterThan(0);
    // Other files share this twin: a piece of theirs listed on the page may be gone by the time the
    // catalogue is read. Every piece still there must be a ring.
    const stillThere = products.filter((p) => ids.has(p.id));
    expect(stillThere.map((p) => p.id)).toContain(ring.id);
    for (const product of stillThere) expect(product.type, product.id).toBe('anel');
    expect(ids.has(necklace.id)).toBe(false);
    expect(page.value.html).toContain('<title>Loja: Anéis | Joias Inox</title>');
    expect(page.value.html).toMatch(/<link rel="canonical" href="[^"]*\/shop\?tipo(?:=|&#61;)anel" \/>/);
    expect(page.value.html).not.toContain('Filtros ativos: nenhum');

    // A price range: only what the customer pays within it; the canonical keeps the type only.
    const cheap = await crawl('/shop?max=16&tipo=anel');
    // Read again: other files, beside this one, make pieces meanwhile.
    const productsNow = await listProducts();
    const cheapIds = listed(cheap.html);
    for (const product of productsNow.filter((p) => cheapIds.has(p.id))) {
      expect(product.type).toBe('anel');
      expect(Math.round((product.priceCents * (100 - product.discountPercent)) / 100)).toBeLessThanOrEqual(1600);
    }
    expect(cheap.html).toMatch(/<link rel="canonical" href="[^"]*\/shop\?tipo(?:=|&#61;)anel" \/>/);
  });

  it('is never kept in the site bucket (a catalogue change leaves no stale listing), and the plain listing is unchanged', async () => {
    await crawl('/shop?tipo=brinco');
    const kept = await s3()
      .send(new GetObjectCommand({ Bucket: bucketName('site'), Key: `${FILTERED_LISTING_PREFIX}tipo=brinco.html` }))
      .then(
        () => true,
        () => false,
      );
    expect(kept).toBe(false);
    const plain = await crawl('/shop');
    expect(plain.html).toContain('<title>Loja: todas as peças | Joias Inox</title>');
  });
});

describe('the owner changes the catalogue, the pages follow', () => {
  const token = adminToken();

  async function save(product: AdminProduct, changes: Partial<ProductUpdateInput>): Promise<void> {
    const loaded = await callRoute('GET /api/admin/products/{id}', { params: { id: product.id } }, { token: await token });
    const {
      id: _id,
      stock: _stock,
      mainImage: _main,
      secondaryImage: _secondary,
      photos,
      variants: _variants,
      ...fields
    } = loaded.body.product;
    const answer = await callRoute(
      'PUT /api/admin/products/{id}',
      { params: { id: product.id }, body: { ...fields, photos: photos.map(({ id, alt }) => ({ id, alt })), ...changes } },
      { token: await token },
    );
    expect(answer.status).toBe(200);
  }

  it('a new price shows on the pre-rendered page and the listing, with no deploy', async () => {
    const product = await createProduct({ name: `Anel Preço ${randomUUID().slice(0, 6)}`, priceCents: 2000 });
    const path = paths.product(product.id);
    await until('the first render', async () => (await crawl(path)).html.includes(formatCents(2000)), Boolean, PAGE_WAIT_MS);
    const started = Date.now();
    await save(product, { priceCents: 2750 });
    await until(
      'the new price on the product page',
      async () => {
        const page = await crawl(path);
        return page.html.includes(formatCents(2750)) && !page.html.includes(formatCents(2000));
      },
      Boolean,
      PAGE_WAIT_MS,
    );
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(15);
    await until('the listing with the product', async () => (await crawl(paths.shop)).html.includes(product.name), Boolean, PAGE_WAIT_MS);
  });

  it("a deleted product answers 404 again; a new collection is in every page's menu", async () => {
    const product = await createProduct({ name: `Brinco Efémero ${randomUUID().slice(0, 6)}` });
    const path = paths.product(product.id);
    await until('the page', async () => (await crawl(path)).status === 200, Boolean, PAGE_WAIT_MS);
    expect(await deleteProductItem(product.id, product.version, product.stock)).toBe(true);
    await until('the page gone', async () => (await crawl(path)).status === 404, Boolean, PAGE_WAIT_MS);

    const name = `Coleção ${randomUUID().slice(0, 6)}`;
    const created = await callRoute('POST /api/admin/collections', { body: { name } }, { token: await token });
    expect(created.status).toBe(201);
    await until("the collection in the FAQ page's menu", async () => (await crawl('/faq')).html.includes(name), Boolean, PAGE_WAIT_MS);
  });

  it("a render that read the catalogue before the owner's change never puts the old price back (the newer read wins)", async () => {
    const product = await createProduct({ name: `Colar Lento ${randomUUID().slice(0, 6)}`, priceCents: 4100 });
    const path = paths.product(product.id);
    await until('the first render', async () => (await crawl(path)).html.includes(formatCents(4100)), Boolean, PAGE_WAIT_MS);
    const consumer = streamConsumers.find((row) => row.name === 'PublishAllPages')!;
    const scope = { name: consumer.name, grants: consumer.grants, api: false };
    // A full render (a collection changed) reads the product now, and is slow to keep it...
    const stale = await asFunction(scope, () => renderPath(path, { consistent: true }));
    expect(stale.html).toContain(formatCents(4100));
    // ...meanwhile the owner changes the price and the product's stream keeps the new page...
    await save(product, { priceCents: 4650 });
    await until('the new price', async () => (await crawl(path)).html.includes(formatCents(4650)), Boolean, PAGE_WAIT_MS);
    // (Saved, the piece got its readable address: the one read before answers 301 to it, docs/readable-addresses.md.)
    const moved = await fetch(`${twin().url}${path}`, { redirect: 'manual' });
    const current = moved.status === 301 ? moved.headers.get('location')! : path;
    // ...then the full render finishes: it keeps nothing over the newer page, nor at the address the piece left.
    await asFunction(scope, () => keepPage(path, stale));
    const page = await crawl(path);
    expect(page.html).toContain(formatCents(4650));
    expect(page.html).not.toContain(formatCents(4100));
    expect((await fetch(`${twin().url}${path}`, { redirect: 'manual' })).status).toBe(moved.status);
    // A render read later than the kept one does replace it (the same price here, read again).
    const later = await asFunction(scope, () => renderPath(current, { consistent: true }));
    await asFunction(scope, () => keepPage(current, { ...later, html: later.html.replace('</body>', '<!-- later --></body>') }));
    expect((await crawl(current)).html).toContain('<!-- later -->');
    // The twin's S3 answers If-Match as S3 does: only over the ETag the writer saw.
    const key = `pages/teste-${randomUUID()}.html`;
    expect(await writeObject('site', key, 'one', { contentType: 'text/html' })).toBe(true);
    expect(await writeObject('site', key, 'two', { contentType: 'text/html', ifMatch: '"not-its-etag"' })).toBe(false);
    expect(Buffer.from((await readObject('site', key, 100))!.body!).toString()).toBe('one');
  });
});

describe('two at once: a first visitor and the owner', () => {
  it("the first visitor's render never overwrites a page the streams kept meanwhile (a conditional write)", async () => {
    const product = await createProduct({ name: `Pulseira Corrida ${randomUUID().slice(0, 6)}`, priceCents: 3100 });
    const key = `pages/product/${product.id}.html`;
    await until('the page', async () => (await crawl(paths.product(product.id))).html.includes(formatCents(3100)), Boolean, PAGE_WAIT_MS);
    // As if the products stream kept a newer page while a first visitor's render was on its way. (Other
    // test files change collections, whose stream renders every page again: a real re-render may land
    // in between, so the check is tried a few times; an overwriting fallback fails every time.)
    const kept: string[] = [];
    for (let attempt = 0; attempt < 5 && !kept.includes('newer page'); attempt++) {
      await writeObject('site', key, '<!doctype html><p>newer page</p>', { contentType: 'text/html; charset=utf-8' });
      const late = await fallback(key);
      expect(late.status).toBe(200);
      expect(await late.text()).toContain(formatCents(3100));
      const object = await readObject('site', key, 1_000_000);
      kept.push(object?.body && Buffer.from(object.body).toString('utf8').includes('newer page') ? 'newer page' : 'overwritten');
    }
    expect(kept).toContain('newer page');
    // The twin's S3 answers a conditional write as S3 does: the first wins, the second writes nothing.
    const fresh = `pages/teste-${randomUUID()}.html`;
    expect(await writeObject('site', fresh, 'one', { contentType: 'text/html', ifAbsent: true })).toBe(true);
    expect(await writeObject('site', fresh, 'two', { contentType: 'text/html', ifAbsent: true })).toBe(false);
  });

  it('a first visitor still gets the page when the bucket cannot keep it (the write is for the next visitor)', async () => {
    const product = await createProduct({ name: `Colar Sem Balde ${randomUUID().slice(0, 6)}`, priceCents: 3300 });
    const key = `pages/product/${product.id}.html`;
    // As the fallback function, but without its write grant: S3 would refuse the PUT (403).
    const row = routes.find((route) => route.handler === 'pages/get')!;
    const page = await asFunction({ name: row.handler, grants: row.grants.filter((grant) => !('bucket' in grant)), api: true }, () =>
      renderMissingPage(key),
    );
    expect(page?.status).toBe(200);
    expect(page?.html).toContain(formatCents(3300));
  });

  it('of twenty conditional writes of one page at once, exactly one wins, and its text is the one kept (as S3)', async () => {
    const fresh = `pages/teste-${randomUUID()}.html`;
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => writeObject('site', fresh, `first ${i}`, { contentType: 'text/html', ifAbsent: true })),
    );
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(Buffer.from((await readObject('site', fresh, 100))!.body!).toString()).toBe(`first ${created.indexOf(true)}`);
    const etag = (await s3().send(new GetObjectCommand({ Bucket: bucketName('site'), Key: fresh }))).ETag!;
    const replaced = await Promise.all(
      Array.from({ length: 20 }, (_, i) => writeObject('site', fresh, `second ${i}`, { contentType: 'text/html', ifMatch: etag })),
    );
    expect(replaced.filter(Boolean)).toHaveLength(1);
    expect(Buffer.from((await readObject('site', fresh, 100))!.body!).toString()).toBe(`second ${replaced.indexOf(true)}`);
  });
});

describe("the twin's S3 replaces an object at once, as S3 does", () => {
  it('a page read while it is rewritten is the old one or the new one, whole and with its type, never a part', async () => {
    const key = `pages/teste-${randomUUID()}.html`;
    const versions = ['a', 'b'].map((letter) => `<!doctype html><p>${letter.repeat(400_000)}</p>`);
    await writeObject('site', key, versions[0]!, { contentType: PAGE_CONTENT_TYPE });
    const seen = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const [, read] = await Promise.all([
        writeObject('site', key, versions[(round + 1) % 2]!, { contentType: PAGE_CONTENT_TYPE, metadata: { 'read-at': String(round) } }),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, round % 3));
          const object = await s3().send(new GetObjectCommand({ Bucket: bucketName('site'), Key: key }));
          return { type: object.ContentType, body: await object.Body!.transformToString() };
        })(),
      ]);
      expect(read.type).toBe(PAGE_CONTENT_TYPE);
      expect(versions).toContain(read.body);
      seen.add(read.body.slice(18, 19));
    }
    expect(seen.size).toBeGreaterThan(0);
    // A new object is missing until it is whole: never there without its content type.
    for (let round = 0; round < 20; round++) {
      const fresh = `pages/teste-${randomUUID()}.html`;
      const [, read] = await Promise.all([
        writeObject('site', fresh, versions[0]!, { contentType: PAGE_CONTENT_TYPE }),
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, round % 4));
          try {
            const object = await s3().send(new GetObjectCommand({ Bucket: bucketName('site'), Key: fresh }));
            return { type: object.ContentType, body: await object.Body!.transformToString() };
          } catch {
            return undefined;
          }
        })(),
      ]);
      if (read) expect([read.type, read.body === versions[0]]).toEqual([PAGE_CONTENT_TYPE, true]);
    }
  });
});

describe('as an attacker', () => {
  it('a product named like markup is text on its page: in the title, the body, the JSON-LD and the data block', async () => {
    const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "$&' --><!--`;
    const product = await createProduct({ name: hostile, description: `${hostile} descrição` });
    const path = paths.product(product.id);
    await until('the page', async () => (await crawl(path)).status === 200, Boolean, PAGE_WAIT_MS);
    const page = await crawl(path);
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The data block and JSON-LD parse back to the very same text.
    expect(jsonLd(page.html).find((block) => block['@type'] === 'Product')!.name).toBe(hostile);
    const block = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(page.html);
    expect((JSON.parse(block![1]!) as { product: { value: { name: string } } }).product.value.name).toBe(hostile);
  });

  it('the pages function answers only pages: any other key, a climb or a guess is a 404, and nothing is kept', async () => {
    for (const key of [
      'index.html',
      'pages/../index.html',
      'pages/%2e%2e/config.json',
      'assets/x.js',
      'pages/product/nao-existe.html',
      'pages/',
      'pages/PRODUCT/colar-coracao-eterno.html',
      'pages/ABOUT-US.html',
      'pages/cart.html',
      'pages/bastidores-7b99/login.html',
      'pages/encomenda/123456.html',
      `pages/${'x'.repeat(3000)}.html`,
    ]) {
      const response = await fallback(key);
      expect(response.status, key).toBe(404);
      expect(response.headers.get('content-type'), key).toMatch(/^text\/html/);
      if (key.length < 1024) expect(await readObject('site', decodeURIComponent(key), 1_000_000), key).toBeUndefined();
    }
  });

  it('another case, a climb or a very long address: 404 at the front door (a static page in another case, 301); nothing kept', async () => {
    for (const path of [
      '/PRODUCT/colar-coracao-eterno',
      '/x/%252E%252E/about-us',
      `/product/${'a'.repeat(3000)}`,
      '/pages/product/colar-coracao-eterno.html',
    ]) {
      const page = await crawl(path);
      expect(page.status, path).toBe(404);
    }
    // A static page typed in another case is the page (docs/readable-addresses.md): a 301, nothing kept under its spelling.
    for (const [path, to] of [
      ['/ABOUT-US', '/about-us'],
      ['/Shop', '/shop'],
    ]) {
      const response = await fetch(`${twin().url}${path}`, { redirect: 'manual' });
      expect([response.status, response.headers.get('location')], path).toEqual([301, to]);
    }
    expect(await readObject('site', 'pages/PRODUCT/colar-coracao-eterno.html', 1_000_000)).toBeUndefined();
    expect(await readObject('site', 'pages/ABOUT-US.html', 1_000_000)).toBeUndefined();
  });

  it('an address no S3 key can be (a control character, a segment longer than a file name) is a 400 or 404 page, never a 500', async () => {
    for (const [path, status] of [
      ['/faq%00', 400],
      ['/faq%0A', 400],
      ['/product/%7F', 400],
      [`/${'a'.repeat(300)}`, 404],
      [`/product/${'é'.repeat(200)}`, 404],
      [`/images/products/${'a'.repeat(300)}.webp`, 404],
    ] as const) {
      const page = await crawl(path);
      expect(page.status, path).toBe(status);
      expect(page.html, path).toContain('<html');
    }
  });

  it('through /api/* (anyone, uncached) the pages function renders and writes nothing: only the origin group may ask', async () => {
    const product = await createProduct({ name: `Anel Direto ${randomUUID().slice(0, 6)}` });
    const key = `pages/product/${product.id}.html`;
    // Through the shop's /api/* (its own header would be dropped: only CloudFront's origin group sets it).
    const direct = await fetch(`${twin().url}/api/pages/${key}`, { headers: { 'x-pages-fallback': 'guess' } });
    expect(direct.status).toBe(404);
    const secret = twin().originSecret;
    const forged = await fetch(`${twin().apiOriginUrl}/api/pages/${key}`, {
      headers: { 'x-origin-verify': secret, 'x-pages-fallback': 'guess' },
    });
    expect(forged.status).toBe(404);
    expect(await (await fallback(key)).text()).toContain(product.name);
  });

  it('the pages function may write under pages/ of the site bucket and nowhere else (its grant, as IAM would)', async () => {
    const row = routes.find((route) => route.handler === 'pages/get')!;
    const scope = { name: 'GET /api/pages/{key+}', grants: row.grants, api: true };
    await expect(asFunction(scope, () => writeObject('site', 'pages/teste.html', 'x', { contentType: 'text/html' }))).resolves.toBe(true);
    // The storage layer answers 503 to the caller; underneath, S3 (here, the twin's IAM check) refused.
    const refused = await asFunction(scope, () =>
      writeObject('site', 'index.html', '<script>evil()</script>', { contentType: 'text/html' }),
    ).catch((error: unknown) => error);
    expect((refused as { cause?: Error }).cause?.message).toMatch(
      /not authorized to perform: s3:PutObject on resource: joias-site\/index\.html/,
    );
    // Nothing but the pages function's own grant can put the shell either way: the shop's shell is untouched.
    const shell = await fetch(`${twin().url}/cart`);
    expect(await shell.text()).not.toContain('evil()');
  });
});
