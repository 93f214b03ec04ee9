/**
 * Issue 34: the reservation is the customer's, not the tab's. At 390 px: reserve, close the tab, open
 * the shop again (a new tab, then the browser restarted) → the same reservation is offered and paid
 * with a proof; no second reservation is made and the stock is held once; the e-mailed link opens the
 * order by its fragment (`#t=`), and an old `?token=` link still opens it, its address cleaned.
 * Screenshots at 390 and 1280 px go to `SHOTS_DIR` (default `/tmp/reserve-shots`).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../support/factories.ts';
import {
  DESKTOP,
  fillShipping,
  getItem,
  mailsTo,
  reservationBannerSettled,
  scanAll,
  screenshot,
  useSharedShop,
  watchProblems,
} from '../web/e2e-support.ts';

const shop = useSharedShop();
const PHONE = { width: 390, height: 844 } as const;
/** A busy machine may take seconds for a page or an API answer. */
const SOON = { timeout: 30_000 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/reserve-shots';
mkdirSync(SHOTS, { recursive: true });

/** This file's own piece, on the twin the shopping walks share. */
let piece: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  piece = await createProduct({ name: 'Brincos da reserva', type: 'brinco', priceCents: 1290 });
});
const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function newTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return page;
}

/** Both widths of the page as it is now. */
async function shots(page: Page, name: string): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, { path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

describe('a reservation the phone customer cannot lose', () => {
  it('reserve, close the tab, come back: the same reservation, paid with a proof; one order, the stock held once', async () => {
    const email = `telemovel-${Date.now()}@exemplo.pt`;
    // The same customer both times: the same details (a new phone would be other details, another order).
    const phone = `9${randomInt(10_000_000, 100_000_000)}`;
    const stockBefore = Number((await getItem(shop.twin, 'products', { id: piece.id }))?.stock);
    let context = await shop.browser.newContext({ viewport: PHONE });
    let reservations = 0;
    const countReservations = (page: Page) =>
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') reservations++;
      });

    // Reserve (MB WAY), as on a phone.
    const first = await newTab(context);
    countReservations(first);
    await first.goto(`${shop.twin.url}/cart`);
    const line = {
      productId: piece.id,
      quantity: 1,
      name: piece.name,
      priceCents: piece.priceCents,
      discountPercent: piece.discountPercent,
      image: '',
    };
    await first.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([line]));
    await first.goto(`${shop.twin.url}/shipping`);
    await fillShipping(first, email, { phone });
    await first.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(first), SOON).toBe('/payment');
    const number = (await first.getByTestId('payment-reference').textContent())!.slice(-6);
    const until = (await first.getByTestId('pay-until').textContent())!;
    expect(until).toMatch(/^até às \d{2}:\d{2}$/);
    await shots(first, 'payment-page');
    expect(reservations).toBe(1);

    // The customer switches to the bank app: the tab is gone.
    await first.close();

    // Back in the shop, in a new tab: every page offers the reservation.
    const second = await newTab(context);
    countReservations(second);
    const problems = watchProblems(second);
    await second.goto(`${shop.twin.url}/`);
    const banner = second.getByTestId('reservation-banner');
    await expect.poll(() => banner.textContent(), SOON).toBe(`Tens uma reserva por pagar (nº ${number}, ${until}) — continuar`);
    await shots(second, 'banner-home');
    await second.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => banner.isVisible(), SOON).toBe(true);
    await shots(second, 'banner-cart');

    // The browser restarts (its storage kept): still offered.
    const state = await context.storageState();
    await context.close();
    context = await shop.browser.newContext({ viewport: PHONE, storageState: state });
    const third = await newTab(context);
    countReservations(third);
    await third.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => third.getByTestId('reservation-banner').textContent(), SOON).toContain(`nº ${number}`);

    // The checkout with the same cart and details reuses it: no second reservation.
    await third.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect.poll(() => path(third), SOON).toBe('/shipping');
    await expect.poll(() => third.getByTestId('pending-reservation').textContent(), SOON).toContain(`nº ${number}`);
    await fillShipping(third, email, { phone });
    await third.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(third), SOON).toBe('/payment');
    expect((await third.getByTestId('payment-reference').textContent())!.slice(-6)).toBe(number);
    expect(reservations).toBe(1);

    // Pay it with a proof: chosen is "carregado", not "enviado", until confirmed.
    await third.locator('input[type="file"]').setInputFiles({ name: 'comprovativo.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => third.locator('.proof-upload .notice--success').textContent(), SOON)
      .toBe('Comprovativo carregado — falta confirmar a encomenda (comprovativo.png)');
    await third.getByRole('button', { name: 'Confirmar encomenda' }).click();
    await expect.poll(() => path(third), SOON).toBe('/thank-you');
    await expect
      .poll(() => third.locator('main').textContent(), SOON)
      .toContain('Recebemos o teu comprovativo; vamos confirmar o pagamento.');
    const thanks = (await third.locator('main').textContent())!;
    expect(thanks).not.toMatch(/Paga por|Faz uma transferência|Valor a pagar|Total a pagar/);
    await reservationBannerSettled(third);
    expect(await third.getByTestId('reservation-banner').count()).toBe(0);

    // One order, paid; the stock held once.
    const orders = (await scanAll(shop.twin, 'orders')).filter((order) => order.email === email);
    expect(orders).toEqual([expect.objectContaining({ orderNumber: Number(number), status: 'Confirmar Pagamento' })]);
    expect((await getItem(shop.twin, 'products', { id: piece.id }))?.stock).toBe(stockBefore - 1);

    // The reservation's mail has the order link with #t=; it opens the order on any device.
    await expect.poll(async () => (await mailsTo(shop.twin, email)).length, { timeout: 30_000 }).toBe(2);
    const [reserved] = await mailsTo(shop.twin, email);
    const link = /Envia o comprovativo em: (\S+)/.exec(reserved!.body.text ?? '')?.[1];
    expect(link).toMatch(new RegExp(`/encomenda/${number}#t=[A-Za-z0-9_-]{43}$`));
    const other = await shop.browser.newContext({ viewport: PHONE });
    const device = await newTab(other);
    const sent: string[] = [];
    device.on('request', (request) => sent.push(request.url()));
    await device.goto(link!);
    await expect.poll(() => device.getByTestId('order-status').textContent(), SOON).toBe('Pagamento em verificação');
    // The proof is a claim until the owner confirms it: no "Total pago" yet, nor "a pagar" (docs/design.md §35).
    expect(await device.locator('[data-total="Total"]').count()).toBe(1);
    expect(await device.locator('[data-total="Total a pagar"]').count()).toBe(0);
    expect(await device.locator('[data-total="Total pago"]').count()).toBe(0);
    expect(sent.filter((url) => url.includes('#t=') || url.includes('token='))).toEqual([]);
    await shots(device, 'order-page-paid');

    // An old ?token= link still opens; the address bar is cleaned of it.
    const token = new URL(link!).hash.slice('#t='.length);
    await device.goto(`${shop.twin.url}/encomenda/${number}?token=${token}`);
    await expect.poll(() => device.getByTestId('order-status').textContent(), SOON).toBe('Pagamento em verificação');
    expect(new URL(device.url()).search).toBe('');
    await other.close();

    expect(problems.errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('a reservation the customer no longer wants', () => {
  it('a changed cart offers to cancel it: one click, one request, and its pieces are back at once', async () => {
    const email = `muda-${Date.now()}@exemplo.pt`;
    const phone = `9${randomInt(10_000_000, 100_000_000)}`;
    const stockBefore = Number((await getItem(shop.twin, 'products', { id: piece.id }))?.stock);
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await newTab(context);
    const problems = watchProblems(page);
    await page.goto(`${shop.twin.url}/cart`);
    const line = {
      productId: piece.id,
      quantity: 1,
      name: piece.name,
      priceCents: piece.priceCents,
      discountPercent: piece.discountPercent,
      image: '',
    };
    await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([line]));
    await page.goto(`${shop.twin.url}/shipping`);
    await fillShipping(page, email, { phone });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page), SOON).toBe('/payment');
    await expect.poll(async () => Number((await getItem(shop.twin, 'products', { id: piece.id }))?.stock), SOON).toBe(stockBefore - 1);

    // Two of the piece now: the reservation is for one, so the shipping step offers to cancel it.
    await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify([{ ...line, quantity: 2 }]));
    await page.goto(`${shop.twin.url}/shipping`);
    const pending = page.getByTestId('pending-reservation');
    const cancel = pending.getByRole('button', { name: 'Cancelar a reserva' });
    await cancel.waitFor(SOON);
    let cancels = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/cancel')) cancels++;
    });
    await cancel.click();
    await expect.poll(() => pending.count(), SOON).toBe(0);
    expect(cancels).toBe(1);
    expect(Number((await getItem(shop.twin, 'products', { id: piece.id }))?.stock)).toBe(stockBefore);
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
