/**
 * Search and the product feeds through the real handlers and the twin (docs/search-and-feeds.md):
 * accent- and case-insensitive search; Google's RSS and Meta's CSV from the live catalogue, at the
 * shop's root as CloudFront answers them, with every required field of each format.
 */
import { randomInt } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH } from '#shared/search.ts';
import { META_COLUMNS } from '#shared/feeds.ts';
import { createProduct } from '../support/factories.ts';
import { call, twin } from '../support/twin.ts';

/** A word no other piece of the shared twin has (letters only: a search word). */
const TAG = Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

const search = async (q: string) => {
  const { status, headers, body } = await call('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return { headers, names: (body.products as { name: string }[]).map((p) => p.name) };
};

describe('GET /api/search', () => {
  // The shared twin holds every other file's pieces too (type "anel", collection "Essenciais", names with
  // markup): this file's own pieces carry a word of their own, and hostile queries one no piece has.
  it('finds without accents or case: "aneis" the rings, "coracao" the heart necklace, "SOLITARIO" the solitaire', async () => {
    const ring = await createProduct({ name: `Anel Solitário ${TAG}`, type: 'anel' });
    const other = await createProduct({ name: `Anel Entrelaçado ${TAG}`, type: 'anel' });
    const necklace = await createProduct({ name: `Colar Coração ${TAG}`, type: 'colar' });
    await expect.poll(async () => (await search(TAG)).names.length, { timeout: 15_000, interval: 500 }).toBe(3);
    const rings = await search(`aneis ${TAG.toUpperCase()}`);
    expect(rings.names.sort()).toEqual([other.name, ring.name].sort());
    expect((await search(`coracao ${TAG}`)).names).toEqual([necklace.name]);
    expect((await search(`SOLITARIO ${TAG}`)).names).toEqual([ring.name]);
    // A collection and a size are searched too (the demo's); every word must match.
    expect((await search('mar atlantico')).names).toEqual(expect.arrayContaining(['Anel Entrelaçado', 'Fio Gota de Orvalho']));
    expect((await search('45 cm gota')).names).toContain('Fio Gota de Orvalho');
    expect((await search(`anel colar ${TAG}`)).names).toEqual([]);
    // Cached at the edge, by the query.
    expect(rings.headers.get('cache-control')).toMatch(/s-maxage=60/);
  });

  it('answers hostile or empty input with a list, never an error: markup, huge and empty queries', async () => {
    expect((await search(`<script>alert(${TAG})</script>`)).names).toEqual([]);
    expect((await search('')).names).toEqual([]);
    expect((await search(`anel ${'x'.repeat(5000)}`)).names).toEqual([]);
    expect((await search(`${'a'.repeat(MAX_SEARCH_LENGTH + 10)}`)).names).toEqual([]);
    expect((await call('GET', '/api/search')).body.products).toEqual([]);
  });

  it('leaves out a piece that is not for sale', async () => {
    const draft = await createProduct({ status: 'draft', name: 'Anel Zéfiro Rascunho' });
    const active = await createProduct({ name: 'Anel Zéfiro Público' });
    await expect.poll(async () => (await search('zefiro')).names, { timeout: 15_000, interval: 500 }).toContain(active.name);
    expect((await search('zefiro')).names).not.toContain(draft.name);
  });
});

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' || name === 'g:additional_image_link' });
const GOOGLE_REQUIRED = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:brand',
  'g:condition',
  'g:shipping',
];

describe('GET /feeds/google.xml', () => {
  it('is RSS 2.0 with every active piece, every required g: field, absolute links and sizes as one item group', async () => {
    const { status, headers, body } = await call('GET', '/feeds/google.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/xml/);
    expect(headers.get('cache-control')).toMatch(/s-maxage=3600/);
    expect(XMLValidator.validate(String(body))).toBe(true);
    const rss = parser.parse(String(body)).rss;
    expect(rss['@_version']).toBe('2.0');
    const items = rss.channel.item as Record<string, any>[];
    for (const item of items) for (const field of GOOGLE_REQUIRED) expect(item[field], `${item['g:id']} ${field}`).toBeDefined();
    for (const item of items) {
      expect(item['g:link']).toMatch(new RegExp(`^${twin().url}/product/`));
      expect(item['g:image_link']).toMatch(new RegExp(`^${twin().url}/images/p/[0-9a-f]{24}-\\d+\\.jpg$`));
      expect(item['g:price']).toMatch(/^\d+\.\d{2} EUR$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:shipping']['g:country']).toBe('PT');
    }
    const products = (await call('GET', '/api/products')).body.products as { id: string; photo?: unknown }[];
    const ids = new Set(items.map((item) => String(item['g:item_group_id'] ?? item['g:id'])));
    for (const product of products.filter((p) => p.photo)) expect(ids, product.id).toContain(product.id);
    // "Fio Gota de Orvalho" has three sizes: three items of one group, the 40 cm sold out, the 50 cm 2 € more.
    const gota = items.filter((item) => item['g:item_group_id'] === 'fio-gota-de-orvalho');
    expect(gota.map((item) => item['g:size'])).toEqual(['40 cm', '45 cm', '50 cm']);
    expect(gota[0]!['g:availability']).toBe('out_of_stock');
    const [p45, p50] = [gota[1]!['g:price'], gota[2]!['g:price']].map((price: string) => Math.round(parseFloat(price) * 100));
    expect(p50! - p45!).toBe(200);
  });

  it('gives the discounted price as sale_price, escapes markup, and leaves out pieces not for sale', async () => {
    const photo = { id: 'a'.repeat(24), width: 1440, height: 1440, widths: [320, 640, 960, 1440], fallbackWidth: 960, placeholder: '' };
    const piece = await createProduct({
      name: 'Anel <b>&"Raro"</b>',
      description: '=HYPERLINK("x")',
      priceCents: 2000,
      discountPercent: 15,
      photos: [photo] as never,
    });
    const draft = await createProduct({ status: 'archived', photos: [photo] as never });
    // The feed is cached by the edge for an hour: the API's own path is read here, as CloudFront's origin
    // (whose function instance reuses the catalogue it read for a few seconds).
    const feed = async () => String((await call('GET', '/api/feeds/google.xml')).body);
    await expect.poll(feed, { timeout: 15_000, interval: 500 }).toContain(piece.id);
    const body = await feed();
    expect(XMLValidator.validate(body)).toBe(true);
    expect(body).not.toContain('<b>');
    const item = (parser.parse(body).rss.channel.item as Record<string, any>[]).find((i) => i['g:id'] === piece.id)!;
    expect(body).toContain('<g:title>Anel &lt;b&gt;&amp;&quot;Raro&quot;&lt;/b&gt;</g:title>');
    expect(item['g:title']).toBe(piece.name);
    expect(item['g:price']).toBe('20.00 EUR');
    expect(item['g:sale_price']).toBe('17.00 EUR');
    expect(body).not.toContain(draft.id);
  });
});

/** RFC 4180 rows of a CSV text. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /feeds/meta.csv', () => {
  it("parses with Meta's required columns, one row per size, and never starts a cell with a formula", async () => {
    const photo = { id: 'b'.repeat(24), width: 1440, height: 1440, widths: [320, 640, 960, 1440], fallbackWidth: 960, placeholder: '' };
    const piece = await createProduct({
      name: '=cmd|"/c calc"!A1, Anel',
      description: '+SUM(1,2)\nsegunda linha',
      photos: [photo] as never,
    });
    await expect
      .poll(async () => String((await call('GET', '/api/feeds/meta.csv')).body), { timeout: 15_000, interval: 500 })
      .toContain(piece.id);
    const { status, headers, body } = await call('GET', '/api/feeds/meta.csv');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/csv/);
    const [header, ...rows] = csvRows(String(body));
    expect(header).toEqual([...META_COLUMNS]);
    for (const required of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'])
      expect(header).toContain(required);
    for (const row of rows) {
      expect(row).toHaveLength(header!.length);
      const cell = (name: string) => row[header!.indexOf(name)]!;
      for (const required of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'])
        expect(cell(required), required).not.toBe('');
      expect(['in stock', 'out of stock']).toContain(cell('availability'));
      for (const value of row) expect(value).not.toMatch(/^[=+\-@]/);
    }
    const mine = rows.find((row) => row[0] === piece.id)!;
    expect(mine[header!.indexOf('title')]).toBe(`'${piece.name}`);
    expect(mine[header!.indexOf('description')]).toBe("'+SUM(1,2) segunda linha");
    expect(rows.filter((row) => row[header!.indexOf('item_group_id')] === 'fio-gota-de-orvalho')).toHaveLength(3);
    expect((await call('GET', '/feeds/meta.csv')).status).toBe(200);
    expect((await call('GET', '/feeds/outro.xml')).status).toBe(404);
  });
});

describe('/pesquisa?q= without JavaScript', () => {
  /** The raw HTML through the twin's front door, as a browser without scripts or a crawler gets it. */
  const page = async (query: string) => {
    const response = await fetch(`${twin().url}/pesquisa?${query}`);
    return { status: response.status, html: await response.text() };
  };

  it('lists the rings for "anel", as cards linking to each piece, with its own title and a GET form', async () => {
    const { status, html } = await page('q=anel');
    expect(status).toBe(200);
    for (const id of ['anel-infinito', 'anel-solitario-aurora', 'anel-entrelacado']) expect(html).toContain(`href="/product/${id}"`);
    expect(html).not.toContain('href="/product/colar-coracao-eterno"');
    expect(html).toContain('<title>Pesquisa: anel | Joias Inox</title>');
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/pesquisa"[^>]*method="get"/);
    expect(html).toMatch(/name="robots" content="noindex/);
    // Accents and case: the form's own encoding of "CORAÇÃO".
    expect((await page('q=CORA%C3%87%C3%83O')).html).toContain('href="/product/colar-coracao-eterno"');
  });

  it('says there are no results and offers the collections; hostile input is text, never markup', async () => {
    const { status, html } = await page(`q=${encodeURIComponent(`<img src=x onerror=alert(${TAG})>`)}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(`Sem resultados para «&lt;img src=x onerror=alert(${TAG})&gt;».`);
    expect(html).toContain(`href="/shop?colecao=Essenciais"`);
    const huge = await page(`q=${'anel%20'.repeat(400)}`);
    expect(huge.status).toBe(200);
    expect(huge.html).toContain('href="/product/anel-infinito"');
    expect((await page('')).html).toContain('Escreve o que procuras');
  });
});
