/**
 * Issue 38 end to end in real headless Chromium, nothing written by the test: the owner turns an
 * automatic method on in "Definições"; a customer on a phone (390 px) fills the cart from the product
 * page, picks the method at the shipping step and reserves; the twin's payments consumer asks its local
 * provider for the payment; a tester approves, declines or pays it in the payments viewer, which tells
 * the shop through its signed webhook; the customer's page says what is true at each moment. The phone
 * customer leaves for the MB WAY app and the tab is gone when they come back; the Multibanco customer
 * keeps the page open. Screenshots of each step at 390 and 1280 px in `SHOTS_DIR` (default
 * `/tmp/pay-walk-shots`).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { groupedReference } from '#shared/automatic-payments.ts';
import { customerStatusLabels, myOrderTexts, paymentStartTexts, providerPaymentTexts } from '#shared/messages/index.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { TWIN_MULTIBANCO_ENTITY } from '#infra/twin/payments-local.ts';
import { MAIL_FROM } from '#infra/twin/twin.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import {
  DESKTOP,
  fillShipping,
  getItem,
  mailsTo,
  reservationBannerSettled,
  screenshot,
  seriousViolations,
  type PageProblems,
  useShop,
  watchProblems,
} from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { width: 390, height: 844 } as const;
const SOON = { timeout: 30_000 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pay-walk-shots';
mkdirSync(SHOTS, { recursive: true });

const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
const adminAt = (to: string) => `${shop.twin.adminUrl.replace(/\/login$/, '')}${to}`;

/** Both widths of what the page shows now, from the top. */
async function shots(page: Page, name: string): Promise<void> {
  const before = page.viewportSize()!;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, { path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(before);
}

/** The owner, signed in to the back-office at `width`. */
async function owner(browser: Browser, width: number): Promise<{ page: Page; problems: PageProblems }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems = watchProblems(page);
  await page.goto(shop.twin.adminUrl);
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return { page, problems };
}

/** The owner turns one automatic method on in "Definições" (the twin's keys are saved already). */
async function switchOn(page: Page, label: string, shot: string): Promise<void> {
  await page.goto(adminAt('/definicoes'));
  const group = page.locator('fieldset', { hasText: texts.settings.automatic });
  await group.getByLabel(label).check();
  await page.getByRole('button', { name: texts.settings.save }).click();
  await page.getByText('Definições guardadas.', { exact: false }).first().waitFor();
  expect(await group.getByLabel(label).isChecked()).toBe(true);
  await screenshot(group, { path: `${SHOTS}/${shot}.png` });
}

/** The piece's stock as the shop keeps it. */
const stockOf = async (id: string) => Number(((await getItem(shop.twin, 'products', { id })) as { stock: number }).stock);

/**
 * A phone customer: the piece into the cart from its page, the cart, the shipping step with `method`
 * picked (its hint says no proof is needed), on to the payment page. The reservation as the browser keeps it.
 */
async function reserveWith(
  page: Page,
  pieceId: string,
  email: string,
  method: 'mbway' | 'multibanco',
  shot: string,
): Promise<{ id: string; token: string; orderNumber: number; totalCents: number }> {
  await page.goto(`${shop.twin.url}/product/${pieceId}`);
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect.poll(() => page.locator('.cart-badge').textContent(), SOON).toBe('1');
  await page.getByRole('link', { name: /^Carrinho/ }).click();
  await page.getByRole('button', { name: 'Finalizar compra' }).click();
  await expect.poll(() => path(page), SOON).toBe('/shipping');
  const choice = page.locator('label.choice', { has: page.locator(`input[name="paymentMethod"][value="${method}"]`) });
  await expect.poll(() => choice.textContent(), SOON).toContain(providerPaymentTexts.choiceHint[method]);
  await fillShipping(page, email, { payment: method });
  await shots(page, `${shot}-shipping`);
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect.poll(() => path(page), SOON).toBe('/payment');
  return page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('checkout.reservation')!) as {
      response: { order: { id: string; accessToken: string; orderNumber: number; totalCents: number } };
    };
    const { id, accessToken, orderNumber, totalCents } = kept.response.order;
    return { id, token: accessToken, orderNumber, totalCents };
  });
}

/** The tester, in the twin's payments viewer: one button of the order's payment. */
async function inViewer(browser: Browser, orderId: string, button: string, shot: string): Promise<void> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(shop.twin.payments.url);
  const row = page.locator('tr', { hasText: orderId });
  await row.getByRole('button', { name: button }).waitFor();
  await screenshot(page, { path: `${SHOTS}/${shot}-viewer-1280.png`, fullPage: true });
  await row.getByRole('button', { name: button }).click();
  await page.waitForLoadState();
  await page.close();
}

/** The order as the shop keeps it. */
const storedOrder = async (id: string) => (await getItem(shop.twin, 'orders', { id })) as unknown as Order;

const customerSubjects = async (email: string, start: string) =>
  (await mailsTo(shop.twin, email)).map((mail) => mail.subject).filter((subject) => subject.startsWith(start));

describe('automatic payments, from the checkout to a paid order', { timeout: 180_000 }, () => {
  it('MB WAY: switched on by the owner; a phone customer reserves, leaves for the app (tab gone), approves; back, paid, once', async () => {
    const desk = await owner(shop.browser, DESKTOP.width);
    await switchOn(desk.page, texts.settings.automaticMbway, 'owner-mbway-on-1280');

    const piece = seedPieces.find((p) => p.id === 'brincos-estrela-cadente')!;
    const stockBefore = await stockOf(piece.id);
    const email = `mbway-walk-${Date.now()}@exemplo.pt`;
    const context = await shop.browser.newContext({ viewport: PHONE });
    let page = await context.newPage();
    page.setDefaultTimeout(30_000);
    let problems = watchProblems(page);
    const order = await reserveWith(page, piece.id, email, 'mbway', 'mbway');

    // The real consumer asked the provider: the page waits for the approval, asks for no proof, promises nothing.
    const status = page.getByTestId('provider-payment');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('pending');
    const waiting = (await page.locator('main').textContent())!;
    expect(waiting).toContain(providerPaymentTexts.mbwayTitle);
    expect(waiting).toContain(providerPaymentTexts.mbwayWaiting);
    expect(waiting.toLowerCase()).not.toContain('confirmado');
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirmar encomenda' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'mbway-payment-pending');
    expect(await stockOf(piece.id)).toBe(stockBefore - 1);
    expect(problems.errors).toEqual([]);
    expect(problems.csp).toEqual([]);

    // Off to the MB WAY app: the phone drops the shop's tab meanwhile.
    await page.close();
    await inViewer(shop.browser, order.id, 'Aprovar na app MB WAY', 'mbway');
    await expect.poll(async () => (await storedOrder(order.id)).status, SOON).toBe('Enviar');

    // Back in the browser: the shop remembers the reservation, reads it and says it is paid.
    page = await context.newPage();
    problems = watchProblems(page);
    await page.goto(`${shop.twin.url}/payment`);
    await expect.poll(() => path(page), SOON).toBe('/thank-you');
    await expect.poll(() => page.getByTestId('payment-confirmed').textContent(), SOON).toBe(providerPaymentTexts.thankYou('MB WAY'));
    expect(await page.locator('main').textContent()).not.toContain('comprovativo');
    await shots(page, 'mbway-thank-you');
    await page.goto(`${shop.twin.url}/`);
    await reservationBannerSettled(page);
    expect(await page.getByTestId('reservation-banner').count()).toBe(0);
    await page.goto(`${shop.twin.url}/encomenda/${order.id}#t=${order.token}`);
    await expect.poll(() => page.getByTestId('order-status').textContent(), SOON).toBe('Em preparação');
    // Its history: the reservation and the payment's move, each named; the provider's part (its request,
    // its id) is the owner's, not a blank row here.
    const rows = await page.locator('.order-timeline li').allTextContents();
    expect(rows).toEqual([expect.stringContaining(myOrderTexts.reserved), expect.stringContaining(customerStatusLabels.Enviar)]);
    expect(await page.locator('main').textContent()).not.toMatch(/pi_/);
    await shots(page, 'mbway-my-order');
    expect(problems.errors).toEqual([]);

    // One payment-confirmed mail, one for the owner; the piece's stock taken once.
    await expect
      .poll(() => customerSubjects(email, 'Pagamento confirmado'), SOON)
      .toEqual([`Pagamento confirmado: encomenda nº ${order.orderNumber}`]);
    await expect
      .poll(
        async () =>
          (await mailsTo(shop.twin, MAIL_FROM)).filter((mail) => mail.subject.startsWith(`Encomenda paga: nº ${order.orderNumber} `))
            .length,
        SOON,
      )
      .toBe(1);
    expect(await stockOf(piece.id)).toBe(stockBefore - 1);

    // The owner sees it paid by the provider: in "Enviar", with the payment's id, fee and net.
    await desk.page.goto(adminAt(`/ordersdetail/${order.id}`));
    const box = desk.page.getByTestId('payment-panel');
    await box.getByTestId('provider-status').waitFor();
    const paymentId = (await storedOrder(order.id)).providerPayment?.paymentId;
    expect(paymentId).toMatch(/^pi_/);
    expect(await box.textContent()).toContain(paymentId);
    // Its history names the provider's part (this page crashed on it before).
    const history = (await desk.page.locator('ul.adm-timeline').textContent())!;
    expect(history).toContain(paymentStartTexts.timeline.mbwayStarted(paymentId!));
    expect(history).toContain('Aguarda Pagamento → Enviar');
    await screenshot(desk.page, { path: `${SHOTS}/mbway-owner-order-1280.png`, fullPage: true });
    expect(desk.problems.errors).toEqual([]);
    await desk.page.close();
    await context.close();
  });

  it('Multibanco: switched on by the owner on a phone; the reference on the page and in the mail; paid at an ATM, shown', async () => {
    const phoneOwner = await owner(shop.browser, PHONE.width);
    await switchOn(phoneOwner.page, texts.settings.automaticMultibanco, 'owner-multibanco-on-390');
    await phoneOwner.page.close();

    const piece = seedPieces.find((p) => p.id === 'anel-entrelacado')!;
    const email = `multibanco-walk-${Date.now()}@exemplo.pt`;
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    const order = await reserveWith(page, piece.id, email, 'multibanco', 'multibanco');

    // The reference as the provider made it: entidade, referência (in threes), montante, valid until a date.
    const reference = page.getByTestId('multibanco-reference');
    await expect.poll(() => reference.isVisible(), SOON).toBe(true);
    const stored = (await storedOrder(order.id)).providerPayment!;
    const voucher = stored.multibanco!;
    expect(voucher.entity).toBe(TWIN_MULTIBANCO_ENTITY);
    expect(voucher.amountCents).toBe(order.totalCents);
    const shown = (await reference.textContent())!;
    expect(shown).toContain(voucher.entity);
    expect(shown).toContain(groupedReference(voucher.reference));
    expect(shown).toContain(`${(order.totalCents / 100).toFixed(2).replace('.', ',')} €`);
    expect(await reference.getByRole('button', { name: /Copiar/ }).count()).toBe(3);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'multibanco-payment');

    // The same reference in the reservation mail.
    await expect
      .poll(
        async () =>
          (await mailsTo(shop.twin, email)).some(
            (mail) =>
              (mail.body.text ?? '').includes(groupedReference(voucher.reference)) || (mail.body.text ?? '').includes(voucher.reference),
          ),
        SOON,
      )
      .toBe(true);

    // Paid at an ATM: the page, still open, moves on by itself.
    await inViewer(shop.browser, order.id, 'Pagar a referência', 'multibanco');
    await expect.poll(() => path(page), SOON).toBe('/thank-you');
    await expect.poll(() => page.getByTestId('payment-confirmed').textContent(), SOON).toBe(providerPaymentTexts.thankYou('Multibanco'));
    await shots(page, 'multibanco-thank-you');
    expect((await storedOrder(order.id)).status).toBe('Enviar');
    await expect.poll(() => customerSubjects(email, 'Pagamento confirmado'), SOON).toHaveLength(1);
    expect(problems.errors).toEqual([]);
    expect(problems.csp).toEqual([]);
    await context.close();
  });

  it('MB WAY declined in the app: the page says so and offers the manual methods and the proof until the deadline', async () => {
    const piece = seedPieces.find((p) => p.id === 'colar-coracao-eterno')!;
    const email = `mbway-declined-${Date.now()}@exemplo.pt`;
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    const order = await reserveWith(page, piece.id, email, 'mbway', 'declined');
    const status = page.getByTestId('provider-payment');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('pending');

    await inViewer(shop.browser, order.id, 'Recusar', 'declined');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('failed');
    const manual = page.getByTestId('manual-payment');
    await manual.waitFor();
    // MB WAY's manual numbers are not offered while the provider takes MB WAY: another method is.
    expect(await manual.getByRole('radio', { name: 'MB WAY' }).count()).toBe(0);
    expect(await page.locator('input[type="file"]').count()).toBe(1);
    expect((await storedOrder(order.id)).status).toBe('Aguarda Pagamento');
    expect(await customerSubjects(email, 'Pagamento confirmado')).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'declined-payment');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
