/** A large catalogue: /shop shows the first cards and more on demand, filters included. */
import { describe, expect, it } from 'vitest';
import { putProduct } from '#lambdas/repositories/products.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { CARDS_PER_STEP } from '#web/features/catalog/shop-page.tsx';
import { appRunning, useShop } from '../web/e2e-support.ts';

const shop = useShop();
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
