/**
 * /shop in Chromium: the seeded catalogue as it is, then a large one (40 more pieces written after the
 * seeded ones are checked, on the same twin: one twin and one browser for both, docs/testing.md#ci).
 */
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { CARDS_PER_STEP } from '#web/features/catalog/shop-page.tsx';
import { appRunning, useShop } from '../web/e2e-support.ts';

const shop = useShop();

describe('/shop in Chromium', () => {
  it('shows every seeded product with its picture, price and sold-out state', async () => {
    const page = await shop.browser.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${shop.twin.url}/shop`);
    const cards = page.locator('.product-card');
    // Content, not speed: a loaded machine may take a few seconds for the first page of a fresh twin.
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(seedPieces.length);

    await expect
      .poll(
        () =>
          page
            .locator('.product-card img')
            .evaluateAll(
              (imgs) =>
                imgs.filter(
                  (i) =>
                    (i as HTMLImageElement).complete &&
                    (i as HTMLImageElement).naturalWidth > 0 &&
                    !(i as HTMLImageElement).src.startsWith('data:'),
                ).length,
            ),
        { timeout: 15_000 },
      )
      .toBe(seedPieces.length);
    const srcs = await page.locator('.product-card img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(srcs.every((src) => src.startsWith(`${shop.twin.url}/images/`))).toBe(true);

    const heart = page.locator('.product-card', { hasText: 'Colar Coração Eterno' });
    await expect.poll(() => heart.textContent()).toMatch(/24,90\s€.*21,16\s€.*-15%/);
    const soldOut = page.locator('.product-card', { hasText: 'Esgotado' });
    expect(await soldOut.count()).toBe(seedPieces.filter((p) => p.stock === 0).length);
    expect(failures).toEqual([]);
    await page.close();
  });

  it('answers an unknown address with the not-found page and a real 404, the app shell for client routes; leaves the API be', async () => {
    const page = await shop.browser.newPage();
    const response = await page.goto(`${shop.twin.url}/uma/rota/qualquer`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Página não encontrada');
    const cart = await page.goto(`${shop.twin.url}/cart`);
    expect(cart?.status()).toBe(200);
    await expect.poll(() => page.locator('h1').textContent()).toMatch(/carrinho/i);
    const api = await page.request.get(`${shop.twin.url}/api/nada`);
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not Found' });
    await page.close();
  });
});

const EXTRA = 40;

describe('/shop with a large catalogue', () => {
  it(`shows ${CARDS_PER_STEP} cards, then more on demand; a filtered view starts from the first cards`, async () => {
    const now = new Date();
    for (let i = 0; i < EXTRA; i++) {
      await putProduct(
        {
          id: `extra-${i}`,
          code: `E-${i}`,
          sku: `E-${i}`,
          name: `Anel extra ${i}`,
          description: '',
          type: 'anel',
          collection: '',
          priceCents: 1500,
          discountPercent: 0,
          stock: 3,
          photos: [],
          mainImage: '',
          secondaryImage: '',
        },
        now,
      );
    }
    const total = seedPieces.length + EXTRA;
    const page = await shop.browser.newPage();
    await page.goto(`${shop.twin.url}/shop`);
    // The pre-rendered page shows the button before the app runs; a click then would do nothing.
    await appRunning(page);
    const cards = page.locator('.product-card');
    await expect.poll(() => cards.count()).toBe(CARDS_PER_STEP);
    const more = page.getByRole('button', { name: /Mostrar mais peças/ });
    // The catalogue answer is reused for a few seconds: the 40 new pieces show within that.
    await expect.poll(() => more.textContent()).toBe(`Mostrar mais peças (faltam ${total - CARDS_PER_STEP})`);
    await more.click();
    await expect.poll(() => cards.count()).toBe(Math.min(total, 2 * CARDS_PER_STEP));
    await page.getByRole('button', { name: /Mostrar mais peças/ }).click();
    await expect.poll(() => cards.count()).toBe(total);
    expect(await page.getByRole('button', { name: /Mostrar mais peças/ }).count()).toBe(0);

    await page.goto(`${shop.twin.url}/shop?tipo=anel`);
    await appRunning(page);
    const rings = EXTRA + seedPieces.filter((p) => p.type === 'anel').length;
    await expect.poll(() => cards.count()).toBe(CARDS_PER_STEP);
    await expect.poll(() => page.locator('.shop-results__count').textContent()).toBe(`${rings} peças`);
    await page.close();
  });
});
