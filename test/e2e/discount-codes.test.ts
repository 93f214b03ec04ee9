/**
 * Discount codes (docs/discount-codes.md) in real Chromium on the twin the shopping walks share, at 390
 * and 1 280 px, with a piece of this file's own:
 * the owner creates a 10 % code in "Códigos de desconto"; a customer with a 34,80 € cart applies it on
 * the cart (on the phone: a wrong code first, refused with its reason; the code then carried to the
 * shipping step) or at the checkout (the server's price in the summary), reserves, and the payment page, the stored order and
 * the owner's order page say the same cents: 3,48 € off, 31,32 € to pay. Nothing wider than the window.
 *
 * `E2E_SCREENSHOTS=/some/dir` keeps a full-page screenshot of each step at each width.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutTexts, discountCodeAdminTexts, discountCodeTexts } from '#shared/messages/index.ts';
import { DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { createProduct } from '../support/factories.ts';
import { DESKTOP, fillShipping, openPage, scanAll, screenshot, seriousViolations, useSharedShop } from '../web/e2e-support.ts';

const shop = useSharedShop();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 390, height: 844 } as const;
/** This file's own piece: 17,40 € a pair, no discount of its own (two make the 34,80 € cart). */
let piece: Awaited<ReturnType<typeof createProduct>>;
const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`).first().textContent();

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(overflow.page, 'sideways scroll').toBeLessThanOrEqual(overflow.window);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/login`);
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('a discount code at 390 and 1 280 px', () => {
  beforeAll(async () => {
    piece = await createProduct({ name: 'Brincos Estrela dos códigos', type: 'brinco', priceCents: 1740, stock: 10 });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px: the owner creates it, the customer uses it, every total says 31,32 €`, async () => {
      const name = viewport === PHONE ? 'ESTRELA-PH' : 'ESTRELA-DSK';
      const { page, problems } = await openPage(shop.browser, viewport);
      await signIn(page);
      if (viewport === PHONE) await page.getByRole('button', { name: texts.nav.menu }).click();
      await page.getByRole('link', { name: discountCodeAdminTexts.title, exact: true }).click();
      await page.waitForURL(/\/codigos-desconto$/);
      await page.getByRole('button', { name: discountCodeAdminTexts.newCode }).click();
      const form = page.locator('form.codes-form');
      // A look-alike is refused beside the field, in Portuguese.
      await form.getByLabel(discountCodeAdminTexts.code, { exact: true }).fill('MARIA10');
      await form.getByLabel(discountCodeAdminTexts.percent).fill('10');
      await form.getByRole('button', { name: discountCodeAdminTexts.create }).click();
      await expect.poll(() => form.locator('.field-error').first().textContent()).toBe(discountCodeAdminTexts.lookAlike);
      await form.getByLabel(discountCodeAdminTexts.code, { exact: true }).fill(name.toLowerCase());
      await form.getByLabel(discountCodeAdminTexts.note).fill('influencer <b>Maria</b>');
      await form.getByRole('button', { name: discountCodeAdminTexts.create }).click();
      const row = page.locator(`[data-testid="codes-table"] tr[data-code="${name}"]`);
      await row.waitFor();
      expect(await row.locator('td').nth(5).textContent()).toBe('influencer <b>Maria</b>');
      await noSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/codes-owner-${viewport.width}.png`, fullPage: true });

      // The customer: two pairs in the cart, the code at the checkout.
      const email = `codigo.${randomUUID().slice(0, 8)}@exemplo.pt`;
      await page.goto(`${shop.twin.url}/`);
      await page.evaluate(
        (cart) => localStorage.setItem('cart', cart),
        JSON.stringify([{ productId: piece.id, quantity: 2, name: piece.name, priceCents: 1740, discountPercent: 0, image: '' }]),
      );
      if (viewport === PHONE) {
        // On the phone the code is typed on the cart: a wrong one says why, the right one shows in the
        // cart's totals and is carried, applied, to the shipping step.
        await page.goto(`${shop.twin.url}/cart`);
        await page.getByRole('button', { name: discountCodeTexts.open }).click();
        const field = page.getByLabel(discountCodeTexts.field, { exact: true });
        await field.fill('NADA-DISTO');
        await page.getByRole('button', { name: discountCodeTexts.apply }).click();
        await expect
          .poll(() => page.locator('.discount-code .field-error').textContent(), { timeout: 30_000 })
          .toBe(discountCodeTexts.unknown);
        expect(await total(page, 'Total')).toBe('34,80 €');
        await field.fill(` ${name.toLowerCase()} `);
        await page.getByRole('button', { name: discountCodeTexts.apply }).click();
        await expect
          .poll(() => page.locator('.discount-code__applied').textContent(), { timeout: 30_000 })
          .toBe(discountCodeTexts.applied(name));
        expect(await total(page, discountCodeTexts.row(name))).toBe('−3,48 €');
        expect(await total(page, 'Total')).toBe('31,32 €');
        await noSidewaysScroll(page);
        if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/codes-cart-${viewport.width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Finalizar compra' }).click();
        await page.waitForURL(/\/shipping$/);
        await expect.poll(() => page.locator('.discount-code__applied').textContent()).toBe(discountCodeTexts.applied(name));
        expect(await page.getByLabel(discountCodeTexts.field, { exact: true }).inputValue()).toBe(name);
        await fillShipping(page, email, { payment: 'transferencia' });
      } else {
        await page.goto(`${shop.twin.url}/shipping`);
        await fillShipping(page, email, { payment: 'transferencia' });
        await page.getByLabel(discountCodeTexts.field, { exact: true }).fill(` ${name.toLowerCase()} `);
        await page.getByRole('button', { name: discountCodeTexts.apply }).click();
        await expect
          .poll(() => page.locator('.discount-code__applied').textContent(), { timeout: 30_000 })
          .toBe(discountCodeTexts.applied(name));
      }
      expect(await total(page, discountCodeTexts.row(name))).toBe('−3,48 €');
      expect(await total(page, 'Total a pagar')).toBe('31,32 €');
      await noSidewaysScroll(page);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/codes-checkout-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await page.waitForURL(/\/payment$/, { timeout: 60_000 });
      await expect.poll(() => total(page, discountCodeTexts.row(name))).toBe('−3,48 €');
      expect(await total(page, 'Total a pagar')).toBe('31,32 €');
      // The reservation is the one of this cart and code: nothing says it was made for another.
      expect(await page.getByText(checkoutTexts.reservationOutdated).count()).toBe(0);
      await noSidewaysScroll(page);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/codes-payment-${viewport.width}.png`, fullPage: true });

      // The order as the server stored it, and the owner's page of it.
      const [stored] = (await scanAll(shop.twin, 'orders')).filter((order) => order.email === email);
      expect(stored).toMatchObject({ totalCents: 3132, discount: { code: name, amountCents: 348 } });
      await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/ordersdetail/${String(stored!.id)}`);
      await expect.poll(() => page.getByTestId('order-code').locator('td').textContent(), { timeout: 30_000 }).toBe('−3,48 €');
      await noSidewaysScroll(page);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/codes-owner-order-${viewport.width}.png`, fullPage: true });
      expect(problems.errors).toEqual([]);
      await page.close();
    }, 240_000);
  }
});
