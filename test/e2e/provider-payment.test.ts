/**
 * Issue 38, the customer's side: a payment the provider takes, on the payment page and "A minha
 * encomenda", at 390 and 1280 px in Chromium. The reservation is made through the shop as a customer
 * makes it; the provider's part of the order (`providerPayment`, and the move to `Enviar` a confirmed
 * payment makes) is written into the twin's orders table by the test, standing in for the payments
 * consumer and the webhook, which are built beside this (pay-start, pay-webhook); the placement's
 * answer the browser keeps is given the `providerPayment: starting` the checkout stores with an
 * automatic method. What is checked is what the pages make of it: the live status read from
 * `GET /api/orders/{id}`, the move on once paid, the reference with "Copiar", a failure with the manual
 * methods and the proof. Screenshots go to `SHOTS_DIR` (default `/tmp/pay-customer-shots`).
 */
import { mkdirSync } from 'node:fs';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { formatTime } from '#shared/dates.ts';
import { providerPaymentTexts } from '#shared/messages/index.ts';
import { createProduct } from '../support/factories.ts';
import {
  DESKTOP,
  documentClient,
  fillShipping,
  reservationBannerSettled,
  screenshot,
  seriousViolations,
  tableName,
  useSharedShop,
  watchProblems,
} from '../web/e2e-support.ts';

const shop = useSharedShop();
const PHONE = { width: 390, height: 844 } as const;
const SOON = { timeout: 30_000 } as const;
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pay-customer-shots';
mkdirSync(SHOTS, { recursive: true });

/** This file's own piece, on the twin the shopping walks share. */
let piece: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  piece = await createProduct({ name: 'Brincos do pagamento automático', type: 'brinco', priceCents: 1290 });
});
const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function shots(page: Page, name: string): Promise<void> {
  // From the top: a page scrolled by a click would show its sticky header mid-page in a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await screenshot(page, { path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** The reservation made through the shop; its id and token as the browser keeps them. */
async function reserve(page: Page, email: string): Promise<{ id: string; token: string; totalCents: number }> {
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
  await fillShipping(page, email);
  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect.poll(() => path(page), SOON).toBe('/payment');
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('checkout.reservation')!) as {
      response: { order: { id: string; accessToken: string; totalCents: number } };
    };
    return { id: stored.response.order.id, token: stored.response.order.accessToken, totalCents: stored.response.order.totalCents };
  });
}

/** What the payments consumer and the webhook write on the order (they are not part of this branch). */
async function writeProvider(orderId: string, payment: ProviderPaymentRecord, paid = false, expiresAt?: string): Promise<void> {
  const client = documentClient(shop.twin);
  const at = new Date().toISOString();
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(shop.twin, 'orders'),
        Key: { id: orderId },
        UpdateExpression: paid
          ? 'SET providerPayment = :p, paymentMethod = :m, #s = :paid, timeline = list_append(timeline, :move) REMOVE expiresAt'
          : `SET providerPayment = :p, paymentMethod = :m${expiresAt ? ', expiresAt = :e' : ''}`,
        ...(paid ? { ExpressionAttributeNames: { '#s': 'status' } } : {}),
        ExpressionAttributeValues: {
          ':p': payment,
          ':m': payment.method,
          ...(expiresAt ? { ':e': expiresAt } : {}),
          ...(paid ? { ':paid': 'Enviar', ':move': [{ at, kind: 'status', from: 'Aguarda Pagamento', to: 'Enviar', by: 'shop' }] } : {}),
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** The placement's answer with an automatic method, as the browser keeps it: the payment is `starting`. */
async function keptAsAutomatic(page: Page, method: 'mbway' | 'multibanco'): Promise<void> {
  await page.evaluate((m) => {
    const stored = JSON.parse(localStorage.getItem('checkout.reservation')!) as { response: { order: Record<string, unknown> } };
    stored.response.order.paymentMethod = m;
    stored.response.order.instructions = { method: m, automatic: true };
    stored.response.order.providerPayment = { method: m, status: 'starting' };
    localStorage.setItem('checkout.reservation', JSON.stringify(stored));
  }, method);
}

describe('a payment the provider takes, on the customer’s pages', () => {
  it('MB WAY: "Aprova o pagamento na app MB WAY", waiting while pending, then confirmed once the order is paid', async () => {
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    const email = `mbway-auto-${Date.now()}@exemplo.pt`;
    const order = await reserve(page, email);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/orders/${order.id}`)
        reads.push(request.headers()['x-order-token'] ?? '');
    });

    // The request is being made: said so, nothing to approve yet, no proof asked for.
    await keptAsAutomatic(page, 'mbway');
    await writeProvider(order.id, { provider: 'stripe', method: 'mbway', status: 'starting' });
    await page.reload();
    const status = page.getByTestId('provider-payment');
    // The twin's real payments consumer may already have made the request (the page then says pending):
    // the words of each state are the unit tests' (test/web/provider-payment.test.ts).
    await expect.poll(() => status.getAttribute('data-state'), SOON).toMatch(/^(starting|pending)$/);
    const said = (await page.locator('main').textContent())!;
    expect(
      [providerPaymentTexts.mbwayStarting, providerPaymentTexts.mbwayTitle].some((words) => said.includes(words)),
      said,
    ).toBe(true);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirmar encomenda' }).count()).toBe(0);

    // The consumer made the request: the page learns it by itself.
    await writeProvider(order.id, { provider: 'stripe', method: 'mbway', status: 'pending', paymentId: 'pi_e2e_mbway' });
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('pending');
    const pending = (await page.locator('main').textContent())!;
    expect(pending).toContain(providerPaymentTexts.mbwayTitle);
    expect(pending).toContain(providerPaymentTexts.mbwayWaiting);
    expect(pending.toLowerCase()).not.toContain('confirmado');
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'mbway-pending');
    // Read with the token in its header, never in the address. One read may be all it took: the page knew
    // `starting` from the placement's answer, and the first read can already see `pending` (in this twin the
    // real payments consumer may make the request before the test writes it).
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(new Set(reads)).toEqual(new Set([order.token]));

    // Approved: the order is paid (Enviar) → on to the thank-you page, the payment confirmed.
    await writeProvider(
      order.id,
      { provider: 'stripe', method: 'mbway', status: 'succeeded', paymentId: 'pi_e2e_mbway', paidAt: new Date().toISOString() },
      true,
    );
    await expect.poll(() => path(page), SOON).toBe('/thank-you');
    await expect.poll(() => page.getByTestId('payment-confirmed').textContent(), SOON).toBe(providerPaymentTexts.thankYou('MB WAY'));
    expect(await page.locator('main').textContent()).not.toContain('comprovativo');
    await reservationBannerSettled(page);
    expect(await page.getByTestId('reservation-banner').count()).toBe(0);
    await shots(page, 'mbway-thank-you');

    // Paid, nothing is read any more.
    const readsWhenPaid = reads.length;
    await page.waitForTimeout(7_000);
    expect(reads.length).toBe(readsWhenPaid);

    // "A minha encomenda": in preparation, paid.
    await page.goto(`${shop.twin.url}/encomenda/${order.id}#t=${order.token}`);
    await expect.poll(() => page.getByTestId('order-status').textContent(), SOON).toBe('Em preparação');
    await shots(page, 'mbway-my-order-paid');
    expect(problems.errors).toEqual([]);
    expect(problems.csp).toEqual([]);
    await context.close();
  });

  it('Multibanco on "A minha encomenda": entidade, referência, montante and validity, each with "Copiar"', async () => {
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    const order = await reserve(page, `multibanco-${Date.now()}@exemplo.pt`);
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    await writeProvider(
      order.id,
      {
        provider: 'stripe',
        method: 'multibanco',
        status: 'pending',
        paymentId: 'pi_e2e_mb',
        multibanco: { entity: '11249', reference: '123456789', amountCents: order.totalCents, expiresAt },
      },
      false,
      expiresAt,
    );
    await page.goto(`${shop.twin.url}/encomenda/${order.id}#t=${order.token}`);
    const reference = page.getByTestId('multibanco-reference');
    await expect.poll(() => reference.isVisible(), SOON).toBe(true);
    const text = (await reference.textContent())!;
    expect(text).toContain('11249');
    expect(text).toContain('123 456 789');
    expect(text).toContain(`${(order.totalCents / 100).toFixed(2).replace('.', ',')} €`);
    expect(await reference.getByRole('button', { name: /Copiar/ }).count()).toBe(3);
    expect(await page.getByTestId('order-status-text').textContent()).toBe(providerPaymentTexts.statusPending.multibanco);
    // A reference lasts days: its deadline is said with its date.
    expect(await page.locator('.amount-due').textContent()).toMatch(/até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'multibanco-my-order');

    // The same reference on the payment page.
    await keptAsAutomatic(page, 'multibanco');
    await page.goto(`${shop.twin.url}/payment`);
    await expect.poll(() => page.getByTestId('multibanco-reference').isVisible(), SOON).toBe(true);
    await shots(page, 'multibanco-payment');
    // Elsewhere in the shop, the header's reminder gives the date too.
    await page.goto(`${shop.twin.url}/`);
    await expect
      .poll(() => page.getByTestId('reservation-banner').textContent(), SOON)
      .toMatch(/^Tens uma reserva por pagar \(nº \d{6}, até \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\)/);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('a declined MB WAY request: said, with the manual methods and the proof until the deadline', async () => {
    const context = await shop.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const problems = watchProblems(page);
    const order = await reserve(page, `recusado-${Date.now()}@exemplo.pt`);
    await writeProvider(order.id, { provider: 'stripe', method: 'mbway', status: 'pending', paymentId: 'pi_e2e_declined' });
    await page.goto(`${shop.twin.url}/encomenda/${order.id}#t=${order.token}`);
    const status = page.getByTestId('provider-payment');
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('pending');

    // Declined in the app, seen by the open page.
    await writeProvider(order.id, {
      provider: 'stripe',
      method: 'mbway',
      status: 'failed',
      paymentId: 'pi_e2e_declined',
      failure: 'O pedido MB WAY foi recusado.',
    });
    await expect.poll(() => status.getAttribute('data-state'), SOON).toBe('failed');
    const failed = (await page.locator('main').textContent())!;
    expect(failed).toContain('O pedido MB WAY foi recusado.');
    expect(failed).not.toContain(providerPaymentTexts.mbwayWaiting);
    const manual = page.getByTestId('manual-payment');
    await expect.poll(() => manual.isVisible(), SOON).toBe(true);
    // With the provider taking MB WAY, the manual MB WAY numbers are not offered: the first other method is.
    expect(await manual.locator('[data-instruction="iban"]').count()).toBe(1);
    expect(await manual.locator('[data-instruction="phone"]').count()).toBe(0);
    // The heading follows the method now paid with, not the declined MB WAY.
    await expect.poll(() => page.locator('#my-order-pay').textContent(), SOON).toBe('Pagamento (Transferência Bancária)');
    // The page recorded the method shown (docs/payment-switch.md): the reservation holds for the transfer's time.
    const chosen = async () =>
      (
        await documentClient(shop.twin).send(
          new GetCommand({ TableName: tableName(shop.twin, 'orders'), Key: { id: order.id }, ConsistentRead: true }),
        )
      ).Item;
    await expect.poll(async () => (await chosen())?.proofMethod, SOON).toBe('transferencia');
    // The page shows the new deadline once the server's answer is back (the record above can land first).
    const newDeadline = formatTime((await chosen())!.expiresAt as string);
    await expect.poll(() => page.getByTestId('provider-payment').textContent(), SOON).toContain(newDeadline);
    expect(await seriousViolations(page)).toEqual([]);
    await shots(page, 'mbway-failed-my-order');

    // Paid by transfer, with the proof: the order awaits the shop's check.
    await page.locator('input[type="file"]').setInputFiles({ name: 'comprovativo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('.proof-upload .notice--success').isVisible(), SOON).toBe(true);
    await page.getByRole('button', { name: 'Enviar comprovativo' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent(), SOON).toBe('Pagamento em verificação');
    await shots(page, 'mbway-failed-proof-sent');

    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
