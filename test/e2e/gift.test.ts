/**
 * A gift order walked in Chromium against a fresh twin (docs/gifts.md): the owner sets a wrap price on
 * "Definições" (1280 px); a customer on a phone (390 px) buys a piece as a gift, with a message and the
 * wrap, and sees the wrap in the total; the owner sees the order marked in the list and prints its gift
 * slip, which carries the message and no price (1280 px and 390 px). Screenshots in /tmp/shots-gift/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { adminTexts, giftTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { DEFAULT_ADMIN_PREFIX, paths } from '#shared/paths.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { DESKTOP, fillShipping, openPage, scanAll, screenshot, useShop } from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { width: 390, height: 844 } as const;
const SHOTS = '/tmp/shots-gift';
const MESSAGE = 'Parabéns, Rita! <b>Com amor</b>\nDa tua irmã';

const at = (path: string) => `${shop.twin.url}${DEFAULT_ADMIN_PREFIX}${path}`;

async function ownerPage(viewport: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(shop.browser, viewport);
  const { page } = opened;
  await page.goto(at('/login'));
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('heading', { name: /Bem-vindo|Resumo|Painel/ })
    .first()
    .waitFor();
  return opened;
}

/** The gift slip as printed: the button (the print dialog stubbed), then the page in print media. */
async function printGiftSlip(page: Page, shot: string): Promise<string> {
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('button', { name: giftTexts.printGift }).click();
  await page.emulateMedia({ media: 'print' });
  const slip = page.getByTestId('gift-slip');
  await expect.poll(() => slip.isVisible()).toBe(true);
  expect(await page.getByTestId('packing-slip').count()).toBe(0);
  await screenshot(page, { path: `${SHOTS}/${shot}`, fullPage: true });
  const text = (await slip.textContent())!;
  await page.emulateMedia({ media: 'screen' });
  return text;
}

describe('a gift order, from "Definições" to the gift slip', () => {
  it('the owner sets a wrap price, a customer buys as a gift on a phone, the owner prints the gift slip', async () => {
    // "Definições": the wrap switched on at 2,50 €.
    const owner = await ownerPage();
    await owner.page.goto(at('/definicoes'));
    await owner.page.getByRole('heading', { name: 'Definições', level: 1 }).waitFor();
    const price = owner.page.getByLabel('Embrulho de oferta: preço (0 = grátis)');
    await price.fill('2,505');
    await owner.page.getByLabel('Embrulho de oferta: oferecer na finalização da compra').check();
    await owner.page.getByRole('button', { name: 'Guardar definições' }).click();
    await owner.page.getByText(giftTexts.wrapPriceInvalid).first().waitFor();
    await price.fill('2,50');
    await owner.page.getByRole('button', { name: 'Guardar definições' }).click();
    await owner.page.getByText(adminTexts.settingsSaved).waitFor();
    const latest = owner.page.locator('.adm-settings-history .adm-change-card').first();
    await expect.poll(() => latest.textContent()).toContain('Embrulho de oferta: preço (0 = grátis): 0,00 € → 2,50 €');
    await screenshot(owner.page.getByRole('group', { name: giftTexts.settingsGroup, exact: true }), { path: `${SHOTS}/settings-1280.png` });

    // The customer, on a phone: one piece of 12,90 €, shipping 3,00 €, the wrap 2,50 €.
    const plain = seedPieces.find((p) => p.id === 'brincos-estrela-cadente')!;
    const email = `oferta-${Date.now()}@exemplo.pt`;
    const { page, problems } = await openPage(shop.browser, PHONE);
    await page.goto(`${shop.twin.url}/product/${plain.id}`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('1');
    await page.goto(`${shop.twin.url}${paths.shipping}`);
    await fillShipping(page, email, { payment: 'transferencia' });
    const gift = page.getByRole('checkbox', { name: giftTexts.isGift });
    expect(await page.getByLabel(giftTexts.message).isVisible()).toBe(false);
    await gift.check();
    await page.getByLabel(giftTexts.message).fill(MESSAGE);
    await expect.poll(() => page.getByTestId('gift-count').textContent()).toBe(giftTexts.charactersLeft(200 - MESSAGE.length));
    await page.getByRole('checkbox', { name: 'Embrulho de oferta (+2,50 €)' }).check();
    const total = (label: string) => page.locator('.order-summary').locator(`[data-total="${label}"]`).first().textContent();
    expect(await total('Embrulho de oferta')).toBe('2,50 €');
    expect(await total('Total a pagar')).toBe(formatCents(plain.priceCents + 300 + 250));
    await screenshot(page.locator('.gift-section'), { path: `${SHOTS}/checkout-gift-390.png` });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(paths.payment);
    const summary = page.getByTestId('gift-summary').first();
    await expect.poll(() => summary.textContent()).toContain('Parabéns, Rita! <b>Com amor</b>');
    expect(await summary.textContent()).toContain(giftTexts.wrapYes);
    await screenshot(page, { path: `${SHOTS}/payment-390.png`, fullPage: true });
    expect(problems.errors).toEqual([]);

    const [stored] = (await scanAll(shop.twin, 'orders')).filter((order) => order.email === email);
    expect(stored).toMatchObject({ totalCents: plain.priceCents + 300 + 250, gift: { message: MESSAGE, wrap: true, wrapCents: 250 } });

    // The owner: the list marks it, the order page has the gift, the gift slip has the message and no price.
    await owner.page.goto(at('/orders'));
    const row = owner.page.locator('tbody tr', { hasText: String(stored!.orderNumber) });
    await expect.poll(() => row.getByTestId('gift-marker').textContent()).toBe(giftTexts.marker);
    await owner.page.goto(at(`/ordersdetail/${String(stored!.id)}`));
    await expect.poll(() => owner.page.getByTestId('gift-panel-message').textContent()).toBe(MESSAGE);
    await screenshot(owner.page, { path: `${SHOTS}/order-1280.png`, fullPage: true });
    const slip = await printGiftSlip(owner.page, 'gift-slip-1280.png');
    expect(slip).toContain('Parabéns, Rita! <b>Com amor</b>');
    expect(slip).toContain(plain.name);
    expect(slip).not.toMatch(/€|\d+,\d\d/);
    // The order's own slip is still what "Imprimir folha de encomenda" prints, with the wrap among its totals.
    await owner.page.getByRole('button', { name: texts.packingSlip.print }).click();
    await owner.page.emulateMedia({ media: 'print' });
    await expect.poll(() => owner.page.getByTestId('packing-slip').textContent()).toContain('Embrulho de oferta2,50 €');
    await owner.page.emulateMedia({ media: 'screen' });

    const phoneOwner = await ownerPage(PHONE);
    await phoneOwner.page.goto(at(`/ordersdetail/${String(stored!.id)}`));
    await phoneOwner.page.getByTestId('gift-panel').waitFor();
    await screenshot(phoneOwner.page, { path: `${SHOTS}/order-390.png`, fullPage: true });
    expect(await printGiftSlip(phoneOwner.page, 'gift-slip-390.png')).toContain('Da tua irmã');
    expect(owner.problems.errors).toEqual([]);
    expect(phoneOwner.problems.errors).toEqual([]);
  }, 300_000);
});
