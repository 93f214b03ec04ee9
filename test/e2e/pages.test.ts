/**
 * Pre-rendered pages in real Chromium (docs/design.md §22): every public page hydrates without a React
 * error or warning and works; with JavaScript off the page is still there; Back from a product brings
 * the shopper to where they were on the listing.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_TOKEN_FRAGMENT, ORDER_TOKEN_HEADER, paths } from '#shared/paths.ts';
import { ORDER_SHELL, STATIC_PAGES } from '#shared/pages.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { MOBILE, openPage, postJson, screenshot, useShop } from '../web/e2e-support.ts';
import { customerPhone } from '../web/e2e-walks.ts';

const shop = useShop();

/** Holds the app's entry script until `release()` is called: the page is there, the app not yet. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const PRODUCT = 'colar-coracao-eterno';
/** A sold-out piece: its page shows the back-in-stock form (a chunk of its own). */
const SOLD_OUT = seedPieces.find((piece) => piece.stock === 0)!.id;
/** Every pre-rendered page: the static ones, the listing, a product, a sold-out product. */
const PUBLIC_PAGES = [...STATIC_PAGES, paths.shop, paths.product(PRODUCT), paths.product(SOLD_OUT)];

describe('hydration', () => {
  it.each(PUBLIC_PAGES)('%s: pre-rendered, hydrated with no React error or warning, no CSP report', async (path) => {
    const { page, problems } = await openPage(shop.browser);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${message.type()}: ${message.text()}`);
    });
    const response = await page.goto(`${shop.twin.url}${encodeURI(path)}`, { waitUntil: 'networkidle' });
    expect(response!.status()).toBe(200);
    // The HTML came with the page in it, not an empty shell.
    expect(await response!.text()).toMatch(/<div id="root">(<link [^>]*>)*<div class="page">[\s\S]*<h1/);
    expect(problems.errors).toEqual([]);
    expect(problems.csp).toEqual([]);
    expect(messages).toEqual([]);
    await page.close();
  });

  it("a sold-out piece's pre-rendered page has the back-in-stock form, which works once hydrated", async () => {
    const { page, problems } = await openPage(shop.browser);
    const response = await page.goto(`${shop.twin.url}${paths.product(SOLD_OUT)}`, { waitUntil: 'networkidle' });
    expect(await response!.text()).toContain('Avisem-me');
    await page.getByRole('button', { name: 'Avisem-me' }).click();
    await expect.poll(() => page.locator('.field-error').textContent()).toBe('Insere o teu e-mail para te conseguirmos avisar');
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('what a shopper types into the back-in-stock field before the app runs is what is sent', async () => {
    const { page, problems } = await openPage(shop.browser);
    // The app's entry is held until the e-mail is typed into the pre-rendered field.
    const release = await holdApp(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/stock-alerts')) sent.push(request.postData() ?? '');
    });
    await page.goto(`${shop.twin.url}${paths.product(SOLD_OUT)}`, { waitUntil: 'commit' });
    await page.getByLabel('O teu e-mail').fill('antes.da.app@exemplo.pt');
    const notify = page.getByRole('button', { name: 'Avisem-me' });
    expect(await notify.isDisabled()).toBe(true);
    // The field stays the pre-rendered one (hydrated, not rendered afresh), with the text in it.
    await page.evaluate(() => document.querySelector('input[name=email]')!.setAttribute('data-typed-before', ''));
    release();
    await expect.poll(() => notify.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('input[name=email][data-typed-before]').count()).toBe(1);
    expect(await page.getByLabel('O teu e-mail').inputValue()).toBe('antes.da.app@exemplo.pt');
    await notify.click();
    // The request first solves its proof of work (seconds on a busy machine).
    await expect.poll(() => page.locator('.stock-alert__sent').count(), { timeout: 20_000 }).toBe(1);
    expect(sent.map((body) => (JSON.parse(body) as { email: string }).email)).toEqual(['antes.da.app@exemplo.pt']);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('the hydrated product page works at once: quantity, add to cart, the cart badge', async () => {
    const { page, problems } = await openPage(shop.browser);
    await page.goto(`${shop.twin.url}${paths.product(PRODUCT)}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Aumentar quantidade' }).click();
    expect(await page.locator('.quantity__input').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('2');
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it.each([
    {
      path: paths.contact,
      api: '/api/contact-messages',
      submit: 'Enviar mensagem',
      fields: {
        Nome: 'Rita Antes',
        'E-mail': 'rita.antes@exemplo.pt',
        Telefone: '913333333',
        Assunto: 'Encomenda especial',
        Mensagem: 'Escrito antes da app.',
      },
    },
    {
      path: paths.findOrder,
      api: '/api/orders/lookup',
      submit: 'Enviar a ligação',
      fields: { 'Número da encomenda': '123456', 'E-mail da encomenda': 'rita.antes@exemplo.pt' },
    },
  ])('$path: what a shopper types into the form before the app runs stays, and is what is sent', async ({ path, api, submit, fields }) => {
    const { page, problems } = await openPage(shop.browser);
    // The app's entry is held until the form is filled in.
    const release = await holdApp(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(api)) sent.push(request.postData() ?? '');
    });
    await page.goto(`${shop.twin.url}${path}`, { waitUntil: 'commit' });
    const form = page.locator('form');
    for (const [label, text] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(text);
    const button = form.getByRole('button', { name: submit });
    expect(await button.isDisabled()).toBe(true);
    release();
    await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
    for (const [label, text] of Object.entries(fields))
      expect(await form.getByLabel(label, { exact: true }).inputValue(), label).toBe(text);
    await button.click();
    // The form first solves its proof of work (seconds on a busy machine), then sends.
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
    const body = JSON.stringify(JSON.parse(sent[0]!));
    for (const text of Object.values(fields)) expect(body).toContain(JSON.stringify(text).slice(1, -1));
    expect(problems.errors.filter((error) => !/40[04]/.test(error))).toEqual([]);
    await page.close();
  });

  it("an order's page from its `#t=` link: its own title and noindex before the app, the token sent only as a header", async () => {
    const shipping = {
      country: 'Portugal',
      firstName: 'Rita',
      lastName: 'Ligação',
      email: `ligacao.${randomUUID().slice(0, 8)}@exemplo.pt`,
      address: 'Rua Nova, 3',
      city: 'Coimbra',
      postalCode: '3000-123',
      phone: customerPhone(),
      shippingMethod: 'ctt',
      paymentMethod: 'transferencia',
      acceptTerms: true,
    };
    const { order } = await postJson<{ order: { id: string; orderNumber: number; accessToken: string } }>(
      shop.twin,
      '/api/orders',
      { items: [{ productId: PRODUCT, quantity: 1 }], shipping },
      { 'idempotency-key': randomUUID() },
    );
    const { page, problems } = await openPage(shop.browser, MOBILE);
    const asked: { url: string; token: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/api/orders/${order.id}`))
        asked.push({ url: request.url(), token: request.headers()[ORDER_TOKEN_HEADER] });
    });
    const link = paths.myOrder(order.id, order.accessToken);
    expect(link).toBe(`/encomenda/${order.id}#${ORDER_TOKEN_FRAGMENT}=${encodeURIComponent(order.accessToken)}`);
    const response = await page.goto(`${shop.twin.url}${link}`);
    // The raw page is the order's shell, not the home page; the fragment never reached the server.
    expect(response!.url()).not.toContain(order.accessToken);
    const html = await response!.text();
    expect(html).toContain(`<title>${ORDER_SHELL.title}</title>`);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    await page.getByRole('heading', { name: `A minha encomenda nº ${order.orderNumber}` }).waitFor();
    expect(await page.title()).toBe(ORDER_SHELL.title);
    expect(asked.length).toBeGreaterThan(0);
    for (const request of asked) {
      expect(request.url).not.toContain(order.accessToken);
      expect(request.token).toBe(order.accessToken);
    }
    expect(problems).toEqual({ errors: [], csp: [] });
    await page.close();
  });

  it("shows the page before the app: the app's scripts are asked for only once the page (its photos too) has loaded", async () => {
    const { page, problems } = await openPage(shop.browser, MOBILE);
    const response = await page.goto(`${shop.twin.url}${paths.product(PRODUCT)}`);
    const html = await response!.text();
    // One script at first, the boot (`web/src/boot.ts`); the app's entry and modules are only named.
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([expect.stringMatching(/src="\/assets\/boot-[^"]+\.js"/)]);
    expect(html).not.toContain('modulepreload');
    expect(html).toMatch(/<meta name="app-script" content="\/assets\/[^"]+\.js" \/>/);
    // The app then runs: its buttons work.
    await page.getByRole('button', { name: 'Aumentar quantidade' }).click();
    expect(await page.locator('.quantity__input').inputValue()).toBe('2');
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/\/boot-/.test(entry.name));
      // The piece's main photo, the largest thing on the screen.
      const main = document.querySelector<HTMLImageElement>('.gallery__main')!.currentSrc;
      const photo = resources.find((entry) => entry.name === main);
      return {
        loaded: navigation.loadEventStart,
        scripts: scripts.length,
        firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        photo: photo?.responseEnd,
      };
    });
    expect(timing.scripts).toBeGreaterThan(5);
    expect(timing.photo).toBeLessThanOrEqual(timing.loaded);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
    expect(problems.errors).toEqual([]);
    expect(problems.csp).toEqual([]);
    await page.close();
  });

  it('a photo that stalls does not keep the page dead: the app starts at the first touch, or after 3 s at the latest', async () => {
    for (const touch of [true, false]) {
      const { page, problems } = await openPage(shop.browser, MOBILE);
      // Every photo stalls (never answered): the load event never comes.
      await page.route('**/images/**', () => undefined);
      await page.goto(`${shop.twin.url}${paths.product(PRODUCT)}`, { waitUntil: 'domcontentloaded' });
      const more = page.getByRole('button', { name: 'Aumentar quantidade' });
      // Before the app runs, the quantity is off (a click would be lost).
      expect(await more.isDisabled()).toBe(true);
      const started = Date.now();
      if (touch) await page.locator('h1').click();
      await more.click({ timeout: 10_000 });
      const waited = Date.now() - started;
      expect(await page.locator('.quantity__input').inputValue()).toBe('2');
      expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
      if (touch) expect(waited, 'started by the touch').toBeLessThan(2500);
      else expect(waited, 'started by the 3 s timer').toBeGreaterThan(1500);
      expect(problems.errors).toEqual([]);
      await page.close();
    }
  });

  it("the listing's filters are off until the app runs (a choice before it would be reset), then work", async () => {
    const { page, problems } = await openPage(shop.browser);
    const release = await holdApp(page);
    await page.goto(`${shop.twin.url}${paths.shop}`, { waitUntil: 'commit' });
    const maximum = page.getByLabel('Máximo');
    await maximum.waitFor();
    expect(await maximum.isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Todos' }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => maximum.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('the not-found pages answer 404 and still hydrate cleanly (the only error is the 404 itself)', async () => {
    for (const path of ['/nao-existe', '/product/nao-existe']) {
      const { page, problems } = await openPage(shop.browser);
      const messages: string[] = [];
      page.on('console', (message) => message.type() === 'error' && messages.push(message.text()));
      const response = await page.goto(`${shop.twin.url}${path}`, { waitUntil: 'networkidle' });
      expect(response!.status(), path).toBe(404);
      expect(await page.locator('h1').textContent(), path).toMatch(/não encontrad/);
      expect(
        messages.filter((text) => !/status of 404/.test(text)),
        path,
      ).toEqual([]);
      expect(problems.errors, path).toEqual([]);
      await page.close();
    }
  });
});

describe('without JavaScript', () => {
  it('the product page shows the piece, its price, its photo and the header, as a crawler or a slow phone sees it', async () => {
    const context = await shop.browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}${paths.product(PRODUCT)}`);
    expect(await page.locator('h1').textContent()).toBe('Colar Coração Eterno');
    expect(await page.locator('.product-detail .price-tag').first().textContent()).toMatch(/\d+,\d{2} €/);
    expect(await page.locator('.gallery img').first().getAttribute('src')).toMatch(/^\/images\//);
    expect(await page.title()).toBe('Colar Coração Eterno | Joias Inox');
    await screenshot(page, { path: '/tmp/e2e-product-no-js.png' });
    // Until the app runs, a button does nothing and a form would submit natively (a GET of the page with
    // what was typed): they are disabled in the HTML, and enabled by hydration.
    expect(await page.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled()).toBe(true);
    await page.goto(`${shop.twin.url}${paths.contact}`);
    expect(await page.locator('form:not([role="search"]) button[type="submit"]').isDisabled()).toBe(true);
    // The header's search is a plain GET form: it works before (and without) the app.
    expect(await page.locator('form[role="search"] button[type="submit"]').first().isDisabled()).toBe(false);
    await context.close();
  });
});

describe('scroll restoration', () => {
  it('Back from a product lands where the shopper was on the listing', async () => {
    const { page } = await openPage(shop.browser, MOBILE);
    await page.goto(`${shop.twin.url}${paths.shop}`, { waitUntil: 'networkidle' });
    const card = page.locator('.product-card').nth(5);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await card.click();
    await page.waitForURL(/\/product\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 20);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(20);
    await page.close();
  });

  it('a new address opened in the same tab starts at the top; a reload stays where the shopper was', async () => {
    const { page } = await openPage(shop.browser, MOBILE);
    await page.goto(`${shop.twin.url}${paths.shop}`, { waitUntil: 'networkidle' });
    await page.locator('.product-card').nth(5).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    // Each document's first entry has the same history key: the position kept under it is the shop's only.
    // Not 'networkidle': the browser's background revalidation of a stale-while-revalidate answer
    // (`/api/shop-info`) never reports its end to Playwright, which then waits 30 s.
    await page.goto(`${shop.twin.url}${paths.faq}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.reload();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(300);
    await page.close();
  });
});
