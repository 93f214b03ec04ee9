/**
 * Sizes in real Chromium against a fresh twin: the demo's "Fio Gota de Orvalho" comes in
 * 40 cm (sold out), 45 cm and 50 cm (2 € more). The pre-rendered page carries the sizes and one offer
 * per size; the shopper must choose a size, sees its price, waits for a sold-out one, puts two sizes
 * in the cart as two lines and reserves both; the owner sees the sizes and changes one size's stock.
 */
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { appRunning, fillShipping, getItem, openPage, scanAll, screenshot, useShop } from '../web/e2e-support.ts';

// The one walk that solves the proof of work at the shop's default cost, as a customer does.
const shop = useShop({ proofCost: 'default' });
const necklace = seedPieces.find((piece) => piece.id === 'fio-gota-de-orvalho')!;
const productUrl = () => `${shop.twin.url}/product/${necklace.id}`;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

describe('a piece in sizes', () => {
  it('the page exists before JavaScript with its sizes, and one offer per size for search engines', async () => {
    const html = await (await fetch(productUrl(), { headers: { 'user-agent': 'facebookexternalhit/1.1' } })).text();
    expect(html).toMatch(/<legend[^>]*>Tamanho<\/legend>/);
    for (const label of ['40 cm', '45 cm', '50 cm']) expect(html).toContain(`value="c${label.slice(0, 2)}"`);
    const product = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1]!) as { '@type': string; offers?: { sku?: string; price: string; availability: string }[] })
      .find((json) => json['@type'] === 'Product')!;
    expect(product.offers?.map((offer) => [offer.sku, offer.price, offer.availability.split('/').at(-1)])).toEqual([
      ['JI-COL-004-40', '17.90', 'OutOfStock'],
      ['JI-COL-004-45', '17.90', 'InStock'],
      ['JI-COL-004-50', '19.90', 'InStock'],
    ]);
  });

  it('choose a size, see its price, wait for a sold-out one; two sizes are two cart lines, both reserved', async () => {
    const { page, problems } = await openPage(shop.browser);
    await page.goto(productUrl());
    await appRunning(page);
    const add = page.getByRole('button', { name: 'Adicionar ao carrinho' });
    expect(await add.isEnabled()).toBe(true);

    // No size chosen: nothing is added, the picker says why.
    await add.click();
    await expect.poll(() => page.locator('.size-picker [role="alert"]').textContent()).toBe('Escolhe um tamanho.');
    expect(await page.locator('.cart-badge').count()).toBe(0);

    await page.getByRole('radio', { name: /50 cm/ }).check();
    await expect.poll(() => page.locator('.product-detail__info .price-tag__now').first().textContent()).toMatch(/19,90\s€/);
    await page.getByRole('spinbutton', { name: 'Quantidade' }).fill('1');
    await add.click();
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('1');
    await page.getByRole('radio', { name: /45 cm/ }).check();
    await expect.poll(() => page.locator('.product-detail__info .price-tag__now').first().textContent()).toMatch(/17,90\s€/);
    await page.getByRole('spinbutton', { name: 'Quantidade' }).fill('2');
    await add.click();
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('3');

    // The sold-out size: its own back-in-stock request.
    await page.getByRole('radio', { name: /40 cm/ }).check();
    await expect
      .poll(() => page.locator('.product-detail__soldout .notice').textContent())
      .toBe('O tamanho 40 cm está esgotado. Avisamos-te quando voltar.');
    if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/sizes-product.png`, fullPage: true });
    const email = `medida-${Date.now()}@exemplo.pt`;
    await page.getByLabel('O teu e-mail').fill(email);
    await page.getByRole('button', { name: 'Avisem-me' }).click();
    await expect.poll(() => page.locator('.stock-alert__sent').count(), { timeout: 20_000 }).toBe(1);
    const alerts = (await scanAll(shop.twin, 'stockAlerts')).filter((alert) => alert.email === email);
    expect(alerts).toEqual([expect.objectContaining({ productId: necklace.id, variantId: 'c40', size: '40 cm', status: 'unconfirmed' })]);

    // The cart: one line per size, each with its size and price.
    await page.goto(`${shop.twin.url}/cart`);
    const lines = page.locator('.cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.locator('.cart-line__size').allTextContents()).toEqual(['Tamanho: 50 cm', 'Tamanho: 45 cm']);
    const line45 = page.locator('.cart-line[data-variant-id="c45"]');
    await line45.getByRole('button', { name: /Aumentar quantidade de Fio Gota de Orvalho — 45 cm/ }).click();
    expect(await line45.locator('.cart-line__count').textContent()).toBe('3');
    expect(await page.locator('.cart-line[data-variant-id="c50"] .cart-line__count').textContent()).toBe('1');
    if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/sizes-cart.png`, fullPage: true });

    // Reserve both: the order has both lines, each size's stock taken.
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await fillShipping(page, email);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.getByTestId('payment-reference').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('.order-line__name').allTextContents()).toEqual([
      'Fio Gota de Orvalho — 50 cm',
      'Fio Gota de Orvalho — 45 cm',
    ]);
    const [order] = (await scanAll(shop.twin, 'orders')).filter((o) => o.email === email);
    expect((order!.lines as { variantId: string; quantity: number; sku: string }[]).map((l) => [l.variantId, l.quantity, l.sku])).toEqual([
      ['c50', 1, 'JI-COL-004-50'],
      ['c45', 3, 'JI-COL-004-45'],
    ]);
    expect(order!.totalCents).toBe(1990 + 3 * 1790);
    const stored = await getItem(shop.twin, 'products', { id: necklace.id });
    expect(stored?.variantStock).toEqual({ c40: 0, c45: 6, c50: 5 });
    expect(problems).toEqual({ errors: [], csp: [] });
  });

  it("the FAQ's size guide opens at its answer from the product page", async () => {
    const { page } = await openPage(shop.browser);
    await page.goto(productUrl());
    await page.getByRole('link', { name: 'Guia de tamanhos' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Como escolho o tamanho certo?' }).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#tamanhos .faq__answer').textContent()).toContain('menos 40');
  });
});
