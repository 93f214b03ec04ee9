/**
 * Issue 47's walk in real headless Chromium (docs/invoices.md): the owner saves the InvoiceXpress account
 * and key in "Definições › Faturação" (checked with the twin's stand-in) and switches invoicing on; a
 * customer on a phone checks out with a NIF and a company name, pays by transfer and sends the proof; the
 * owner confirms it, and the order's panel shows the fatura-recibo's number and PDF link, as the
 * customer's order page does; "Devolver parte do pagamento" of 10,00 € shows its credit note on both. Screenshots at 390 and
 * 1280 px in `SHOTS_DIR` (default `/tmp/invoice-walk-shots`).
 */
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { invoiceTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { SETTING_LABELS } from '#shared/settings.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { DESKTOP, fillShipping, screenshot, type PageProblems, useShop, watchProblems } from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { width: 390, height: 844 } as const;
const SOON = { timeout: 60_000 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/invoice-walk-shots';
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

/** "Definições › Faturação": the account and key saved (checked with the provider), then the switch on. */
async function invoicingOn(page: Page): Promise<void> {
  await page.goto(adminAt('/definicoes'));
  const keys = page.locator('#invoicing-key');
  await keys.getByLabel(texts.invoicing.account).fill(shop.twin.invoicing.account);
  await keys.getByLabel(texts.invoicing.apiKey).fill('not-the-key-0123456789');
  await keys.getByRole('button', { name: texts.invoicing.saveKey }).click();
  await expect.poll(async () => (await keys.textContent()) ?? '', SOON).toMatch(/não aceitou/);
  await keys.getByLabel(texts.invoicing.apiKey).fill(shop.twin.invoicing.apiKey);
  await keys.getByRole('button', { name: texts.invoicing.saveKey }).click();
  await expect.poll(() => keys.textContent(), SOON).toContain(`termina em …${shop.twin.invoicing.apiKey.slice(-4)}`);
  await expect.poll(() => keys.getByLabel(texts.invoicing.apiKey).inputValue(), SOON).toBe('');
  const group = page.getByRole('group', { name: texts.invoicing.title, exact: true });
  await group.getByLabel(SETTING_LABELS['invoicing.enabled']).check();
  await shots(page, 'settings-invoicing');
  await screenshot(group, { path: `${SHOTS}/settings-invoicing-group.png` });
  await screenshot(keys, { path: `${SHOTS}/settings-invoicing-key.png` });
  await page.getByRole('button', { name: texts.settings.save }).click();
  await page.getByText('Definições guardadas.', { exact: false }).first().waitFor();
}

describe("a fatura from the owner's switch to the customer's page", { timeout: 420_000 }, () => {
  it('invoicing on, a NIF at checkout, the proof confirmed: the fatura-recibo on both pages; a refund: its credit note', async () => {
    const desk = await owner(shop.browser);
    await invoicingOn(desk.page);

    // The customer checks out on a phone with a NIF and a company name, pays by transfer and sends the proof.
    const piece = seedPieces.find((p) => p.id === 'brincos-estrela-cadente')!;
    const email = `invoice-walk-${randomUUID().slice(0, 6)}@exemplo.pt`;
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
    await fillShipping(page, email, { payment: 'transferencia' });
    const form = page.locator('form.checkout-form');
    await form.getByLabel('NIF (para fatura com contribuinte)').fill('123456788');
    await form.getByLabel('Nome da empresa (opcional)').fill('Joias & Filhos, Lda.');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(async () => (await form.textContent()) ?? '', SOON).toContain('Este NIF não é válido');
    await shots(page, 'checkout-nif-refused');
    await form.getByLabel('NIF (para fatura com contribuinte)').fill('501 964 843');
    await shots(page, 'checkout-nif');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page), SOON).toBe('/payment');
    const order = await page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem('checkout.reservation')!) as {
            response: { order: { id: string; orderNumber: number; totalCents: number } };
          }
        ).response.order,
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: 'comprovativo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
    });
    await page.locator('.proof-upload .notice--success').waitFor();
    await page.getByRole('button', { name: 'Confirmar encomenda' }).click();
    await expect.poll(() => path(page), SOON).toBe('/thank-you');

    // The owner: the NIF and the company on the order; confirms the transfer; the fatura-recibo in its panel.
    await desk.page.goto(adminAt(`/ordersdetail/${order.id}`));
    await desk.page.getByTestId('status-panel').waitFor();
    expect(await desk.page.locator('main').textContent()).toContain('501964843');
    expect(await desk.page.getByTestId('order-invoice').count()).toBe(0);
    await desk.page.getByTestId('status-panel').getByRole('button', { name: texts.order.stepConfirmPayment }).click();
    const panel = desk.page.getByTestId('order-invoice');
    await expect
      .poll(
        async () => {
          await desk.page.reload();
          await desk.page.getByTestId('status-panel').waitFor();
          return (await panel.count()) > 0 ? ((await panel.textContent()) ?? '') : '';
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toMatch(/Fatura-recibo FR A\/\d+/);
    const number = /FR A\/\d+/.exec((await panel.textContent())!)![0];
    const link = panel.getByRole('link', { name: invoiceTexts.download });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/documentos\/[0-9a-f]{46}$/);
    expect((await fetch(href!)).headers.get('content-type')).toBe('application/pdf');
    await shots(desk.page, 'owner-invoice');
    for (const viewport of [PHONE, DESKTOP]) {
      await desk.page.setViewportSize(viewport);
      await screenshot(panel, { path: `${SHOTS}/owner-invoice-panel-${viewport.width}.png` });
    }
    await desk.page.setViewportSize(DESKTOP);

    // The customer's order page: the fatura-recibo's number and its PDF.
    await page.getByTestId('follow-order').click();
    const invoice = page.getByTestId('invoice');
    await invoice.waitFor();
    expect(await invoice.textContent()).toContain(`${invoiceTexts.customer.issued(number)} ${invoiceTexts.download}`);
    expect(await invoice.getByRole('link').getAttribute('href')).toBe(href);
    await shots(page, 'customer-invoice');
    await screenshot(invoice, { path: `${SHOTS}/customer-invoice-line-390.png` });

    // "Devolver parte do pagamento": 10,00 € given back by transfer while the order goes on; its credit note on the owner's panel.
    const payment = desk.page.getByTestId('payment-panel');
    await payment.getByRole('button', { name: texts.order.partRefund }).click();
    const refundForm = payment.getByRole('form', { name: texts.order.partRefund });
    await refundForm.getByLabel(texts.order.manualRefundAmount).fill('10');
    await refundForm.getByLabel(texts.order.manualRefundMethod).selectOption('transferencia');
    for (const viewport of [PHONE, DESKTOP]) {
      await desk.page.setViewportSize(viewport);
      await screenshot(payment, { path: `${SHOTS}/owner-refund-part-form-${viewport.width}.png` });
    }
    await refundForm.getByRole('button', { name: texts.order.partRefundSend }).click();
    await payment.getByText(texts.order.partRefundRecorded(formatCents(1000), ledgerMethodLabel('transferencia'))).waitFor();
    expect(await payment.getByTestId('financial-status').getAttribute('data-financial-status')).toBe('partially_refunded');
    expect(await payment.getByTestId('refunds').textContent()).toContain(formatCents(1000));
    await expect
      .poll(
        async () => {
          await desk.page.reload();
          await desk.page.getByTestId('status-panel').waitFor();
          return (await panel.textContent()) ?? '';
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toMatch(new RegExp(`Nota de crédito NC A/\\d+: ${formatCents(1000)}`));
    await shots(desk.page, 'owner-credit-note');
    await screenshot(panel, { path: `${SHOTS}/owner-credit-note-panel-1280.png` });
    await page.reload();
    await invoice.waitFor();
    await shots(page, 'customer-after-refund');

    expect(problems.errors).toEqual([]);
    expect(desk.problems.errors).toEqual([]);
    await context.close();
    await desk.page.close();
  });
});
