/**
 * Issue 46's walk in real headless Chromium (docs/money.md): a phone customer's automatic MB WAY is
 * declined in the payments viewer; they pay by transfer and send the proof from the same page. Until
 * the owner confirms, the thank-you page, the order page, the mail, the owner's list, the order's
 * payment box and the orders CSV all say "Transferência", "a verificar", never "confirmado" nor "Total
 * pago". The owner confirms: all say paid by transfer. Screenshots at 390 and 1280 px in `SHOTS_DIR`
 * (default `/tmp/ledger-walk-shots`).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ledgerTexts, myOrderTexts } from '#shared/messages/index.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { DESKTOP, fillShipping, mailsTo, screenshot, type PageProblems, useShop, watchProblems } from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { width: 390, height: 844 } as const;
const SOON = { timeout: 30_000 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ledger-walk-shots';
mkdirSync(SHOTS, { recursive: true });
const TRANSFER = 'Transferência Bancária';

const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
const adminAt = (to: string) => `${shop.twin.adminUrl.replace(/\/login$/, '')}${to}`;
const mainText = async (page: Page) => (await page.locator('main').textContent()) ?? '';

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

/** The owner, signed in to the back-office. */
async function owner(browser: Browser): Promise<{ page: Page; problems: PageProblems }> {
  const page = await browser.newPage({ viewport: DESKTOP });
  const problems = watchProblems(page);
  await page.goto(shop.twin.adminUrl);
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return { page, problems };
}

/** The owner turns automatic MB WAY on in "Definições" (the twin's keys are saved already). */
async function automaticMbwayOn(page: Page): Promise<void> {
  await page.goto(adminAt('/definicoes'));
  const group = page.locator('fieldset', { hasText: texts.settings.automatic });
  await group.getByLabel(texts.settings.automaticMbway).check();
  await page.getByRole('button', { name: texts.settings.save }).click();
  await page.getByText('Definições guardadas.', { exact: false }).first().waitFor();
}

/** The tester, in the twin's payments viewer: one button of the order's payment. */
async function inViewer(browser: Browser, orderId: string, button: string): Promise<void> {
  const page = await browser.newPage({ viewport: DESKTOP });
  await page.goto(shop.twin.payments.url);
  const row = page.locator('tr', { hasText: orderId });
  await row.getByRole('button', { name: button }).click();
  await page.waitForLoadState();
  await page.close();
}

/** What the owner reads of the order: its list row's payment cell, and its payment box. */
async function ownerReads(
  page: Page,
  orderNumber: number,
  shot: string,
): Promise<{ row: string; box: string; method: string; status: string }> {
  await page.goto(adminAt(`/orders?q=${orderNumber}`));
  const row = page.locator('tbody tr', { hasText: String(orderNumber) });
  await row.waitFor();
  const cell = (await row.locator(`td[data-label="${texts.orders.payment}"]`).textContent()) ?? '';
  await shots(page, `${shot}-list`);
  await row.getByRole('link', { name: texts.orders.details }).click();
  const box = page.getByTestId('payment-panel');
  await box.waitFor();
  await shots(page, `${shot}-order`);
  return {
    row: cell,
    box: (await box.textContent()) ?? '',
    method: (await box.getByTestId('payment-method').textContent()) ?? '',
    status: (await box.getByTestId('financial-status').textContent()) ?? '',
  };
}

/** The orders CSV of today's orders in `status`, downloaded as the owner does; its name and the order's cells by column. */
async function csvRow(page: Page, status: string, orderNumber: number): Promise<{ filename: string; cells: Record<string, string> }> {
  await page.goto(adminAt('/orders'));
  await page.locator('summary', { hasText: texts.ordersExport.title }).click();
  await page.locator('select[name="exportStatus"]').selectOption(status);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.ordersExport.orders }).click(),
  ]);
  const rows = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => line.split(';'));
  const mine = rows.find((row) => row[0] === String(orderNumber))!;
  return { filename: download.suggestedFilename(), cells: Object.fromEntries(rows[0]!.map((name, index) => [name, mine[index] ?? ''])) };
}

describe('a declined MB WAY paid by transfer, everywhere the same', { timeout: 240_000 }, () => {
  it('says "Transferência" and "a verificar" until the owner confirms, never "confirmado" nor "Total pago"; then paid', async () => {
    const desk = await owner(shop.browser);
    await automaticMbwayOn(desk.page);

    // The customer reserves with automatic MB WAY on a phone; the request is declined.
    const piece = seedPieces.find((p) => p.id === 'brincos-estrela-cadente')!;
    const email = `ledger-walk-${Date.now()}@exemplo.pt`;
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    await page.goto(`${shop.twin.url}/product/${piece.id}`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect.poll(() => page.locator('.cart-badge').textContent(), SOON).toBe('1');
    await page.getByRole('link', { name: /^Carrinho/ }).click();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect.poll(() => path(page), SOON).toBe('/shipping');
    await fillShipping(page, email, { payment: 'mbway' });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page), SOON).toBe('/payment');
    const order = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('checkout.reservation')!) as { response: { order: { id: string; orderNumber: number } } }).response
          .order,
    );
    const status = page.getByTestId('provider-payment');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('pending');
    await inViewer(shop.browser, order.id, 'Recusar');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('failed');

    // Pays by transfer (chosen among the manual methods) and sends the proof.
    const manual = page.getByTestId('manual-payment');
    await manual.waitFor();
    const transfer = manual.getByRole('radio', { name: TRANSFER });
    if ((await transfer.count()) > 0) await transfer.check();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'comprovativo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    });
    await page.locator('.proof-upload .notice--success').waitFor();
    await shots(page, 'declined-then-transfer');
    await page.getByRole('button', { name: 'Confirmar encomenda' }).click();
    await expect.poll(() => path(page), SOON).toBe('/thank-you');

    // Thank-you: the transfer, being checked; nothing confirmed, no "Total pago".
    expect(await page.locator('#thank-you-payment').textContent()).toBe(`Pagamento por ${TRANSFER}`);
    const thanks = await mainText(page);
    expect(thanks).not.toMatch(/confirmad/i);
    expect(await page.locator('[data-total="Total pago"]').count()).toBe(0);
    await shots(page, 'thank-you');

    // The order page: the same.
    await page.getByTestId('follow-order').click();
    await page.getByTestId('order-payment-line').waitFor();
    expect(await page.getByTestId('order-payment-line').textContent()).toBe(ledgerTexts.customer.verifying(TRANSFER));
    expect(await mainText(page)).not.toMatch(/confirmad|MB WAY/i);
    expect(await page.locator('[data-total="Total pago"]').count()).toBe(0);
    await shots(page, 'order-page-verifying');

    // The mail: the proof received, for a transfer; nothing confirmed.
    await expect
      .poll(async () => (await mailsTo(shop.twin, email)).map((mail) => mail.subject).join(' | '), SOON)
      .toMatch(/Recebemos a tua encomenda/);
    const received = (await mailsTo(shop.twin, email)).find((mail) => /Recebemos a tua encomenda/.test(mail.subject))!;
    expect(received.body.text).toContain(`Pagamento: ${TRANSFER}.`);
    expect(received.body.text).not.toMatch(/confirmad|Total pago/i);

    // The owner: list row, payment box and CSV say the transfer, being checked.
    const before = await ownerReads(desk.page, order.orderNumber, 'owner-verifying');
    expect(before.row).toContain(TRANSFER);
    expect(before.row).toContain(ledgerTexts.owner.verifying);
    expect([before.method, before.status]).toEqual([TRANSFER, ledgerTexts.owner.verifying]);
    expect(before.box).not.toMatch(/Confirmado/);
    const csv = await csvRow(desk.page, 'Confirmar Pagamento', order.orderNumber);
    expect(csv.filename).toMatch(/^encomendas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}-confirmar-pagamento\.csv$/);
    expect([csv.cells.Pagamento, csv.cells['Estado do pagamento'], csv.cells.Recebido]).toEqual([
      TRANSFER,
      ledgerTexts.owner.verifying,
      '0,00',
    ]);

    // The owner confirms the transfer: paid by transfer, everywhere.
    await ownerReads(desk.page, order.orderNumber, 'owner-before-confirm');
    await desk.page.getByTestId('status-panel').getByRole('button', { name: texts.order.stepConfirmPayment }).click();
    await expect.poll(() => desk.page.getByTestId('financial-status').textContent(), SOON).toBe(ledgerTexts.owner.paid);
    const after = await ownerReads(desk.page, order.orderNumber, 'owner-paid');
    expect([after.method, after.status]).toEqual([TRANSFER, ledgerTexts.owner.paid]);
    expect(after.box).toContain(`Comprovativo verificado por ${shop.twin.admin.email}`);
    expect(after.row).toContain(ledgerTexts.owner.paid);
    const paidCsv = await csvRow(desk.page, 'Enviar', order.orderNumber);
    expect([paidCsv.cells.Pagamento, paidCsv.cells['Estado do pagamento']]).toEqual([TRANSFER, ledgerTexts.owner.paid]);

    await page.reload();
    await page.getByTestId('order-payment-line').waitFor();
    expect(await page.getByTestId('order-payment-line').textContent()).toBe(ledgerTexts.customer.paid(TRANSFER));
    expect(await page.getByTestId('order-status-text').textContent()).toBe(myOrderTexts.status.Enviar);
    expect(await page.locator('[data-total="Total pago"]').count()).toBe(1);
    expect(await mainText(page)).not.toContain('MB WAY');
    await shots(page, 'order-page-paid');
    await expect
      .poll(async () => (await mailsTo(shop.twin, email)).map((mail) => mail.subject).join(' | '), SOON)
      .toMatch(/Pagamento confirmado/);
    const confirmedMail = (await mailsTo(shop.twin, email)).find((mail) => /Pagamento confirmado/.test(mail.subject))!;
    expect(confirmedMail.body.text).toContain(`Confirmámos o pagamento por ${TRANSFER}`);
    expect(confirmedMail.body.text).not.toContain('MB WAY');

    expect(problems.errors).toEqual([]);
    expect(desk.problems.errors).toEqual([]);
    await context.close();
    await desk.page.close();
  });
});
