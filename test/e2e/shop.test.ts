import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { useShop } from '../web/e2e-support.ts';

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
