/**
 * The storefront a Portuguese customer trusts, in real Chromium against a fresh twin: free
 * shipping from 30,00 € inclusive, totals that add up on every screen, the seller's identification and
 * the right of withdrawal (page and PDF), and each defect of the audit: the quantity field, a fake
 * image as proof, phone and postal code formats, MB WAY full, copy buttons, the cosmetic ones; axe on
 * the changed screens. With SHOTS_DIR set it also saves screenshots of them at 390 px and desktop.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '#infra/twin/seed/seller.ts';
import { monthKey } from '#shared/mb-way.ts';
import { catalogTexts, checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import { receiptPdf } from '../support/proof-files.ts';
import {
  DESKTOP,
  fillShipping,
  getItem,
  openPage,
  scanAll,
  screenshot,
  seriousViolations,
  setMbWayCounters,
  setPrice,
  useShop,
} from '../web/e2e-support.ts';

const shop = useShop();
const PHONE = { width: 390, height: 844 } as const;
const SHOTS_DIR = process.env.SHOTS_DIR;

const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
/** "42,34 €" → 4234 */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const totalOf = async (page: Page, scope: string, label: string) =>
  cents((await page.locator(`${scope} [data-total="${label}"]`).first().textContent()) ?? '');

/** A context whose browser holds this cart (what the product pages would have stored; the cart page then reads the current prices). */
async function contextWithCart(
  lines: { id: string; quantity: number }[],
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await shop.browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const cart = JSON.stringify(
    lines.map(({ id, quantity }) => ({ productId: id, quantity, name: id, priceCents: 100, discountPercent: 0, image: '' })),
  );
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('cart', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, cart);
  return context;
}

/**
 * The shipping step of a customer from Porto. Each walk is another customer with a phone of their own:
 * one phone may hold only 2 open orders (docs/design.md §27), and this file's walks share one twin.
 */
function shippingForm(
  page: Page,
  {
    email,
    phone = `9${randomInt(10_000_000, 100_000_000)}`,
    postalCode = '1100-048',
    payment = 'transferencia',
    shipping = 'ctt',
  }: { email: string; phone?: string; postalCode?: string; payment?: string; shipping?: string },
) {
  return fillShipping(page, email, {
    phone,
    postalCode,
    payment,
    shipping,
    firstName: 'Rita',
    lastName: 'Sousa',
    address: 'Rua de Santa Catarina 10',
    city: 'Porto',
  });
}

/**
 * The order lines of a summary add up: struck amounts (or the amount, when not discounted) to the subtotal, amounts to the goods' total.
 */
async function linesAddUp(page: Page, scope: string) {
  const lines = page.locator(`${scope} .line-amount`);
  await expect.poll(() => lines.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  const before = await lines.evaluateAll((els) =>
    els.map((el) =>
      (el.querySelector('.line-amount__was') ?? el.querySelector('.line-amount__now'))!.textContent!.replace('Sem desconto: ', ''),
    ),
  );
  const after = await lines.evaluateAll((els) => els.map((el) => el.querySelector('.line-amount__now')!.textContent!));
  const subtotal = await totalOf(page, scope, 'Subtotal (sem descontos)');
  const discount = await totalOf(page, scope, 'Desconto');
  expect(sum(before.map(cents))).toBe(subtotal);
  expect(sum(after.map(cents))).toBe(subtotal - discount);
  expect(await page.locator(`${scope} [data-total="Desconto"]`).first().textContent()).toMatch(/^−/);
  return { subtotal, discount };
}

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await screenshot(page, { path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
}

async function noSeriousViolations(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

describe('free shipping and totals', () => {
  it('ships a 30,00 € cart free (rule 26) and says so with the same threshold everywhere', async () => {
    await setPrice(shop.twin, 'anel-entrelacado', 1500);
    const context = await contextWithCart([{ id: 'anel-entrelacado', quantity: 2 }]);
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => page.locator('[data-total="Total"]').textContent(), { timeout: 10_000 }).toBe('30,00 €');
    expect(await page.locator('.cart-summary').textContent()).toContain(checkoutTexts.freeShippingReached);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    for (const method of ['CTT', 'CTT Expresso'])
      expect(
        await page
          .locator('label.choice', { hasText: new RegExp(`^${method}`) })
          .first()
          .textContent(),
      ).toContain('Grátis');
    await shippingForm(page, { email: `rita-${Date.now()}@exemplo.pt`, shipping: 'ctt-expresso' });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.getByTestId('amount-due').textContent(), { timeout: 10_000 }).toBe('30,00 €');
    expect(await page.locator('.order-summary').textContent()).toContain('Grátis');
    await context.close();

    const { page: home } = await openPage(shop.browser);
    await home.goto(`${shop.twin.url}/`);
    await expect.poll(() => home.locator('.shipping-banner').textContent()).toBe('Portes grátis a partir de 30€');
    await home.goto(`${shop.twin.url}/Detalhes-Envios`);
    await expect.poll(() => home.locator('main').textContent()).toContain('igual ou superior a 30,00 €');
    expect(await home.locator('main').textContent()).not.toMatch(/(?<!igual ou )superior a 30,00 €|acima de/);
    await home.close();
  });

  it('lines show unit price and line total, the price before discount struck, adding up from cart to "A minha encomenda"', async () => {
    const email = `marta-${Date.now()}@exemplo.pt`;
    const context = await contextWithCart([
      { id: 'colar-coracao-eterno', quantity: 2 }, // 24,90 € − 15 %
      { id: 'fio-estrela-do-norte', quantity: 1 }, // 19,90 €
    ]);
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => page.locator('.cart-line').count()).toBe(2);
    const discounted = page.locator('.cart-line[data-product-id="colar-coracao-eterno"] .cart-line__total');
    await expect.poll(() => discounted.locator('.line-amount__was').textContent(), { timeout: 10_000 }).toBe('Sem desconto: 49,80 €');
    expect(await discounted.locator('.line-amount__now').textContent()).toBe('42,32 €');
    expect(await linesAddUp(page, '.cart-layout')).toEqual({ subtotal: 6970, discount: 748 });
    expect(await totalOf(page, '.cart-layout', 'Total')).toBe(6222);
    await shot(page, 'cart');
    await noSeriousViolations(page, 'cart');

    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await shippingForm(page, { email });
    const unit = page.locator('.order-summary .order-line', { hasText: 'Colar Coração Eterno' }).locator('.order-line__unit');
    expect(await unit.textContent()).toContain('2 × ');
    expect(await unit.locator('.price-tag__was').textContent()).toContain('24,90 €');
    expect(await unit.locator('.price-tag__now').textContent()).toContain('21,16 €');
    await linesAddUp(page, '.order-summary');
    await shot(page, 'shipping');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/payment');
    await linesAddUp(page, '.order-summary');
    expect(await totalOf(page, '.order-summary', 'Total a pagar')).toBe(6222);
    await shot(page, 'payment');
    await noSeriousViolations(page, 'payment');

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'talao.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await receiptPdf()) });
    await expect
      .poll(() => page.locator('.proof-upload .notice--success').textContent(), { timeout: 15_000 })
      .toBe('Comprovativo carregado — falta confirmar a encomenda (talao.pdf)');
    await page.getByRole('button', { name: 'Confirmar encomenda' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/thank-you');
    await linesAddUp(page, '.thank-you');
    await shot(page, 'thank-you');
    await noSeriousViolations(page, 'thank-you');

    await page.getByTestId('follow-order').click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toMatch(/^\/encomenda\//);
    await linesAddUp(page, '.order-summary');
    await shot(page, 'my-order');
    await context.close();
  });
});

describe('the seller and the right of withdrawal', () => {
  it('identifies the seller from one source in the footer and on "Informação legal"; the withdrawal form as a page and a PDF', async () => {
    const { page, problems } = await openPage(shop.browser);
    await page.goto(`${shop.twin.url}/`);
    const seller = page.getByTestId('footer-seller');
    // The twin starts with its fictitious demo seller (docs/design.md §33): the settings are the one source.
    await expect.poll(() => seller.textContent()).toContain(`NIF ${DEMO_SELLER.nif}`);
    expect(await seller.textContent()).toBe(
      `${DEMO_SELLER.legalName} · NIF ${DEMO_SELLER.nif} · Sede: ${DEMO_SELLER.address} ` +
        `· ${DEMO_SELLER.email} · Tel. ${DEMO_SELLER.phone} · Informação legal`,
    );
    await seller.getByRole('link', { name: 'Informação legal' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/Informação-Legal');
    // The page's chunk may still be loading after the address changed.
    const details = page.getByTestId('seller-details');
    await expect
      .poll(() => details.locator('dt').allTextContents(), { timeout: 10_000 })
      // A company: its share capital too (a sole trader leaves it empty and the row out).
      .toEqual(['Denominação social', 'NIF', 'Sede', 'E-mail', 'Telefone', 'Registo comercial', 'Capital social']);
    expect(await details.locator('dd').allTextContents()).toEqual([
      DEMO_SELLER.legalName,
      DEMO_SELLER.nif,
      DEMO_SELLER.address,
      DEMO_SELLER.email,
      DEMO_SELLER.phone,
      DEMO_SELLER.registration,
      DEMO_SELLER.shareCapital,
    ]);
    expect(await page.locator('main').textContent()).toContain('incluem o IVA');
    await shot(page, 'legal');
    await noSeriousViolations(page, 'legal');

    await page.getByRole('link', { name: 'como exercer o direito de livre resolução' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Direito de livre resolução');
    expect(await page.getByTestId('withdrawal-form').textContent()).toContain(
      'Pela presente comunico/comunicamos (*) que resolvo/resolvemos (*)',
    );
    const href = (await page.getByTestId('withdrawal-pdf').getAttribute('href'))!;
    const pdf = await fetch(`${shop.twin.url}${href}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await shot(page, 'withdrawal');
    await noSeriousViolations(page, 'withdrawal');

    await page.goto(`${shop.twin.url}/Politica-Devoluções`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Política de Devoluções e Reembolsos');
    const returns = (await page.locator('main').textContent())!;
    expect(returns).toContain('Direito de livre resolução (14 dias)');
    expect(returns).not.toContain('Peças promocionais e peças personalizadas não podem ser devolvidas');
    await page.goto(`${shop.twin.url}/faq`);
    await page.getByRole('button', { name: 'Posso devolver ou trocar uma peça?' }).click();
    const answer = (await page.locator('.faq__answer:visible').textContent())!;
    expect(answer).toContain('14 dias após a receção para desistir da compra');
    expect(answer).not.toContain('Peças promocionais e personalizadas não podem ser devolvidas');
    expect(problems).toEqual({ errors: [], csp: [] });
    await page.close();
  });
});

describe('the defects of the audit', () => {
  it('the quantity field can be cleared and retyped: Backspace then 3 gives 3, not 13', async () => {
    const { page } = await openPage(shop.browser);
    await page.goto(`${shop.twin.url}/product/anel-infinito`);
    expect(await page.locator('.product-detail__vat').textContent()).toBe(catalogTexts.vatIncluded);
    const field = page.getByRole('spinbutton', { name: 'Quantidade' });
    await field.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    expect(await field.inputValue()).toBe('');
    await page.keyboard.type('3');
    expect(await field.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect.poll(() => page.locator('.cart-badge').textContent()).toBe('3');
    await field.fill('');
    await field.blur();
    expect(await field.inputValue()).toBe('3'); // left empty: back to the quantity in force
    await page.close();
  });

  it('refuses a fake image (HTML renamed .png) at once, never "Comprovativo enviado"; written phones, postcodes normalised', async () => {
    const email = `ines-${Date.now()}@exemplo.pt`;
    const context = await contextWithCart([{ id: 'brincos-argola-classica', quantity: 1 }]);
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/shipping`);
    await shippingForm(page, { email, phone: '(+351) 912-345-678', postalCode: '1100048' });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/payment');
    const [order] = (await scanAll(shop.twin, 'orders')).filter((o) => o.email === email);
    expect(order).toMatchObject({ phone: '+351912345678', postalCode: '1100-048' });

    await page.locator('input[type="file"]').setInputFiles({
      name: 'comprovativo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><html><body>pagar</body></html>'),
    });
    await expect.poll(() => page.locator('.proof-upload [role="alert"]').textContent()).toBe(validationTexts.proofContentType.invalid);
    expect(await page.locator('.proof-upload .notice--success').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Confirmar encomenda' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('MB WAY full: the refusal is said once and MB WAY cannot stay chosen; a reservation whose time is over cannot be paid', async () => {
    const month = monthKey();
    const before = (await getItem(shop.twin, 'mbwayCounters', { month })) as { count1?: number; count2?: number } | undefined;
    const email = `sara-${Date.now()}@exemplo.pt`;
    const context = await contextWithCart([{ id: 'anel-infinito', quantity: 1 }]);
    await context.clock.install(); // time runs as usual until the walk moves it on
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/shipping`);
    await shippingForm(page, { email, payment: 'mbway' });
    try {
      await setMbWayCounters(shop.twin, month, 35, 40);
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toBe(checkoutTexts.mbwayUnavailable);
      const mbway = page.locator('input[name="paymentMethod"][value="mbway"]');
      await expect.poll(() => mbway.isDisabled()).toBe(true);
      expect(await mbway.isChecked()).toBe(false);
      expect(await page.locator('label.choice', { hasText: 'MB WAY' }).textContent()).toContain(checkoutTexts.methodUnavailable);
      const said = await page
        .locator('main')
        .evaluate((main, text) => main.textContent!.split(text).length - 1, 'MB WAY não está disponível');
      expect(said).toBe(1);
      expect(await scanAll(shop.twin, 'orders').then((all) => all.filter((o) => o.email === email))).toEqual([]);
      await shot(page, 'mbway-full');

      // Another method reserves; then its time runs out with the payment page left open.
      await page.locator('input[name="paymentMethod"][value="revolut"]').check();
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/payment');
      const file = page.locator('input[type="file"]');
      expect(await file.isDisabled()).toBe(false);
      // "A minha encomenda" of the same reservation, open in another tab, offers to pay it until its time.
      const { id, accessToken } = await page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('checkout.reservation')!) as { response: { order: { id: string; accessToken: string } } })
            .response.order,
      );
      const mine = await context.newPage();
      await mine.goto(`${shop.twin.url}/encomenda/${id}#t=${accessToken}`);
      await expect.poll(() => mine.locator('#my-order-pay').count()).toBe(1);
      await context.clock.fastForward('03:00:00'); // past Revolut's 120 minutes
      await expect.poll(() => mine.locator('#my-order-pay').count()).toBe(0);
      expect(await mine.locator('[role="alert"] .notice--error p').allTextContents()).toEqual([checkoutTexts.reservationOver]);
      await expect.poll(() => page.locator('[role="alert"] .notice--error p').allTextContents()).toEqual([checkoutTexts.reservationOver]);
      expect(await file.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Confirmar encomenda' }).isDisabled()).toBe(true);
      // Nothing on the page still offers it as a reservation to continue.
      expect(await page.getByTestId('pending-reservation').count()).toBe(0);
      await shot(page, 'reservation-over');

      // Opened again after its time, the browser no longer offers it: the shipping step, to reserve anew.
      await page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('checkout.reservation')!);
        stored.response.order.expiresAt = new Date(Date.now() - 60_000).toISOString();
        localStorage.setItem('checkout.reservation', JSON.stringify(stored));
      });
      await page.reload();
      await expect.poll(() => path(page)).toBe('/shipping');
      expect(await page.getByTestId('pending-reservation').count()).toBe(0);
    } finally {
      await setMbWayCounters(shop.twin, month, before?.count1 ?? 0, before?.count2 ?? 0);
    }
    await context.close();
  });

  it('every payment detail has a copy button that says "Copiado" and copies what a payment app wants', async () => {
    const context = await contextWithCart([{ id: 'brincos-estrela-cadente', quantity: 1 }], PHONE);
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/shipping`);
    await shippingForm(page, { email: `lara-${Date.now()}@exemplo.pt`, payment: 'transferencia' });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.locator('[data-instruction="iban"]').textContent()).toBe('PT50 0002 0123 1234 5678 9015 4');
    const copies = page.locator('.instructions').getByRole('button', { name: /^Copiar / });
    expect(await copies.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual([
      'Copiar IBAN',
      'Copiar Titular',
      'Copiar Valor',
      'Copiar Descrição do pagamento',
    ]);
    await page.getByRole('button', { name: 'Copiar IBAN' }).click();
    await expect.poll(() => page.locator('.instructions .copy__status').first().textContent()).toBe('Copiado');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PT50000201231234567890154');
    await page.getByRole('button', { name: 'Copiar Valor' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('15,90'); // 12,90 € + CTT 3,00 €
    await shot(page, 'payment-copy');
    await noSeriousViolations(page, 'payment with copy buttons');
    await context.close();
  });

  it('cosmetics: thank-you title, "até 29,90€", unknown collection, the type filter removed alone, a 2nd tab keeps the form', async () => {
    const { page } = await openPage(shop.browser);
    await page.goto(`${shop.twin.url}/thank-you`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Obrigado pela visita!');
    expect(await page.title()).toMatch(/^Obrigado pela visita!/);

    await page.goto(`${shop.twin.url}/shop?tipo=anel&max=29.9`);
    await expect.poll(() => page.getByTestId('active-filters').textContent()).toBe('Anéis, até 29,90€');
    await page.getByRole('radio', { name: 'Todos' }).check();
    await page.getByRole('button', { name: 'Aplicar Filtro' }).click();
    await expect.poll(() => page.getByTestId('active-filters').textContent()).toBe('até 29,90€');

    await page.goto(`${shop.twin.url}/shop?colecao=anything`);
    await expect.poll(() => page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.locator('h1').textContent()).toBe('Os nossos produtos');
    expect(await page.getByTestId('active-filters').textContent()).toBe('nenhum');
    await page.close();

    const context = await contextWithCart([{ id: 'anel-infinito', quantity: 1 }]);
    const first = await context.newPage();
    await first.goto(`${shop.twin.url}/shipping`);
    await shippingForm(first, { email: 'duas-abas@exemplo.pt' });
    const second = await context.newPage();
    await second.goto(`${shop.twin.url}/shipping`);
    const form = second.locator('form.checkout-form');
    await expect.poll(() => form.getByLabel('E-mail', { exact: true }).inputValue()).toBe('duas-abas@exemplo.pt');
    expect(await form.getByLabel('Código postal', { exact: true }).inputValue()).toBe('1100-048');
    expect(await form.getByRole('checkbox', { name: /Termos e Condições/ }).isChecked()).toBe(false); // terms are accepted per order
    await context.close();
  });

  it.runIf(SHOTS_DIR)('screenshots of the changed screens at 390 px', async () => {
    for (const [route, name] of [
      ['/Livre-Resolução', 'withdrawal'],
      ['/Informação-Legal', 'legal'],
      ['/', 'home'],
    ] as const) {
      const { page } = await openPage(shop.browser, PHONE);
      await page.goto(`${shop.twin.url}${encodeURI(route)}`);
      await expect.poll(() => page.locator('main h1').count()).toBe(1);
      await shot(page, name);
      await page.close();
    }
    const context = await contextWithCart(
      [
        { id: 'colar-coracao-eterno', quantity: 2 },
        { id: 'fio-estrela-do-norte', quantity: 1 },
      ],
      PHONE,
    );
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => page.locator('.cart-line .line-amount__was').count()).toBe(1);
    await shot(page, 'cart');
    await context.close();
  });
});
