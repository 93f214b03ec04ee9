/**
 * Pre-rendered pages in real Chromium (DESIGN rule 22): every public page hydrates without a React
 * error or warning and works; with JavaScript off the page is still there; Back from a product brings
 * the shopper to where they were on the listing.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths.ts';
import { STATIC_PAGES } from '../../shared/pages.ts';
import { seedPieces } from '../../infra/local/seed/catalogue.ts';
import { MOBILE, openPage, useShop } from '../web/e2e-support.ts';

const shop = useShop();

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

  it('a sold-out piece\'s pre-rendered page has the back-in-stock form, which works once hydrated', async () => {
    const { page, problems } = await openPage(shop.browser);
    const response = await page.goto(`${shop.twin.url}${paths.product(SOLD_OUT)}`, { waitUntil: 'networkidle' });
    expect(await response!.text()).toContain('Avisem-me');
    await page.getByRole('button', { name: 'Avisem-me' }).click();
    await expect.poll(() => page.locator('.field-error').textContent()).toBe('Insere o teu email para nós conseguirmos avisar');
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('what a shopper types into the back-in-stock field before the app runs is what is sent', async () => {
    const { page, problems } = await openPage(shop.browser);
    // The app's entry is held until the e-mail is typed into the pre-rendered field.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
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
    await expect.poll(() => page.locator('.stock-alert__sent').count()).toBe(1);
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

  it('the not-found pages answer 404 and still hydrate cleanly (the only error is the 404 itself)', async () => {
    for (const path of ['/nao-existe', '/product/nao-existe']) {
      const { page, problems } = await openPage(shop.browser);
      const messages: string[] = [];
      page.on('console', (message) => message.type() === 'error' && messages.push(message.text()));
      const response = await page.goto(`${shop.twin.url}${path}`, { waitUntil: 'networkidle' });
      expect(response!.status(), path).toBe(404);
      expect(await page.locator('h1').textContent(), path).toMatch(/não encontrad/);
      expect(messages.filter((text) => !/status of 404/.test(text)), path).toEqual([]);
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
    await page.screenshot({ path: '/tmp/e2e-product-no-js.png' });
    // Until the app runs, a button does nothing and a form would submit natively (a GET of the page with
    // what was typed): they are disabled in the HTML, and enabled by hydration.
    expect(await page.getByRole('button', { name: 'Adicionar ao carrinho' }).isDisabled()).toBe(true);
    await page.goto(`${shop.twin.url}${paths.contact}`);
    expect(await page.locator('form button[type="submit"]').isDisabled()).toBe(true);
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
    await page.goto(`${shop.twin.url}${paths.faq}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    await page.close();
  });
});
