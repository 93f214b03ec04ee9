/**
 * Cart and checkout in real Chromium against a fresh twin: cart, shipping (which reserves), payment
 * with the order number as reference and a proof upload, thank-you; the order, the stock and the
 * e-mail as the server stored them; refusals (out of stock, MB WAY full, an expired reservation) that
 * the customer can fix; retries that never make a second order.
 */
import { checkoutTexts } from '#shared/messages/index.ts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { monthKey } from '#shared/mb-way.ts';
import {
  expireReservation,
  fillShipping,
  getItem,
  MOBILE,
  openPage,
  mailsTo,
  scanAll,
  setMbWayCounters,
  setStock,
  useShop,
} from '../web/e2e-support.ts';

const shop = useShop();

const piece = (id: string) => seedPieces.find((p) => p.id === id)!;
/** A PNG by its first bytes, padded to `size` bytes (the server checks the content, not the name). */
const png = (size: number) => {
  const header = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
};
const badge = (page: Page) => page.locator('.cart-badge');
const path = (page: Page) => decodeURI(new URL(page.url()).pathname);
const total = (page: Page, label: string) => page.locator(`[data-total="${label}"]`).first().textContent();
const orderButton = (page: Page) => page.getByRole('button', { name: /Confirmar encomenda|A enviar|A registar/ });

function cartOf(lines: { id: string; quantity: number }[]): string {
  return JSON.stringify(
    lines.map(({ id, quantity }) => ({
      productId: id,
      quantity,
      name: piece(id).name,
      priceCents: piece(id).priceCents,
      discountPercent: piece(id).discountPercent,
      image: '',
    })),
  );
}

async function addFromProductPage(page: Page, id: string, quantity = 1): Promise<void> {
  await page.goto(`${shop.twin.url}/product/${id}`);
  const before = Number((await badge(page).count()) ? await badge(page).textContent() : 0);
  await page.getByRole('spinbutton', { name: 'Quantidade' }).fill(String(quantity));
  await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect.poll(() => badge(page).textContent()).toBe(String(before + quantity));
}

async function uploadProof(page: Page, name = 'comprovativo.png', bytes = png(2048)): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await expect
    .poll(() => page.locator('.proof-upload .notice--success').textContent(), { timeout: 15_000 })
    .toBe(`Comprovativo carregado — falta confirmar a encomenda (${name})`);
}

async function ordersOf(email: string) {
  return (await scanAll(shop.twin, 'orders')).filter((order) => order.email === email);
}

describe('the customer journey', () => {
  it('cart → shipping → payment with MB WAY and a proof → thank-you; the server stores the order, takes the stock and mails', async () => {
    const discounted = piece('colar-coracao-eterno'); // 24,90 € − 15 %
    const plain = piece('brincos-estrela-cadente'); // 12,90 €
    const extra = piece('anel-entrelacado');
    const email = `ana-${Date.now()}@exemplo.pt`;
    const { page, problems } = await openPage(shop.browser);
    for (const id of [discounted.id, plain.id, extra.id]) await addFromProductPage(page, id);

    // Cart: + / − / remove, totals to the cent.
    await page.getByRole('link', { name: /^Carrinho/ }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('O teu carrinho');
    const line = (id: string) => page.locator(`.cart-line[data-product-id="${id}"]`);
    await expect.poll(() => page.locator('.cart-line').count()).toBe(3);
    await line(discounted.id)
      .getByRole('button', { name: /Aumentar/ })
      .click();
    expect(await line(discounted.id).locator('.cart-line__count').textContent()).toBe('2');
    expect(await line(discounted.id).locator('.cart-line__total').textContent()).toMatch(/42,32\s€/);
    await line(discounted.id)
      .getByRole('button', { name: /Diminuir/ })
      .click();
    expect(
      await line(discounted.id)
        .getByRole('button', { name: /Diminuir/ })
        .isDisabled(),
    ).toBe(true);
    await line(plain.id)
      .getByRole('button', { name: /Aumentar/ })
      .click();
    await line(extra.id)
      .getByRole('button', { name: /Remover/ })
      .click();
    await expect.poll(() => page.locator('.cart-line').count()).toBe(2);
    expect(await badge(page).textContent()).toBe('3');
    expect(await total(page, 'Subtotal (sem descontos)')).toBe('50,70 €');
    expect(await total(page, 'Desconto')).toBe('−3,74 €');
    expect(await total(page, 'Total')).toBe('46,96 €');

    // Shipping: the two messages, then on.
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect.poll(() => path(page)).toBe('/shipping');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toBe(checkoutTexts.missingFields);
    expect(await page.locator('.field-error').count()).toBeGreaterThanOrEqual(9);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await page.locator('select[name="country"] option').allTextContents()).toEqual(['Portugal']);
    expect(await page.locator('label.choice', { hasText: 'CTT Expresso' }).textContent()).toContain('Grátis'); // subtotal above 30 €
    await fillShipping(page, email, { terms: false });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toBe('Por favor, aceita os termos e condições.');
    expect(
      await page
        .locator('form.checkout-form')
        .getByRole('link', { name: /Termos e Condições/ })
        .getAttribute('href'),
    ).toBe('/Termos-e-Condições');
    await page.getByRole('checkbox', { name: /Termos e Condições/ }).check();

    // Leaving the shipping step reserves. The first answer is lost on the way back: the shop asks
    // again by itself with the same Idempotency-Key, saying "A confirmar…" (not an error), and gets
    // the same reservation.
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orders') && request.method() === 'POST') keys.push(request.headers()['idempotency-key']!);
    });
    let answers = 0;
    await page.route('**/api/orders', async (route) => {
      if (answers++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await page.getByRole('button', { name: 'A confirmar…' }).waitFor();
    expect(await page.locator('[role="alert"] .notice--error').count()).toBe(0);
    // It asks again 1 s later (then 2, 4, 8 s), and the repeat is answered with the same reservation.
    await expect.poll(() => path(page), { timeout: 20_000 }).toBe('/payment');
    await page.unroute('**/api/orders');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Payment: the fixed amount, the order number as the payment reference, until when it is held.
    const reference = (await page.getByTestId('payment-reference').textContent())!;
    expect(reference).toMatch(/^Referência do pagamento: \d{6}$/);
    const number = reference.slice(-6);
    expect(await page.getByTestId('pay-until').textContent()).toMatch(/^até às \d{2}:\d{2}$/);
    expect(await ordersOf(email)).toEqual([
      expect.objectContaining({ orderNumber: Number(number), status: 'Aguarda Pagamento', totalCents: 4696 }),
    ]);
    expect((await getItem(shop.twin, 'products', { id: plain.id }))?.stock).toBe(plain.stock - 2); // taken at the reservation

    // Going back keeps what was typed; continuing again keeps the same reservation.
    await page.getByRole('link', { name: 'Voltar', exact: true }).click();
    await expect.poll(() => page.locator('form.checkout-form').getByLabel('Código postal').inputValue()).toBe('1100-048');
    expect(await page.locator('input[name="paymentMethod"][value="mbway"]').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page)).toBe('/payment');
    expect(await page.getByTestId('payment-reference').textContent()).toBe(reference);
    expect(keys).toHaveLength(2);

    // This month's MB WAY number, the amount, the proof.
    await expect.poll(() => page.locator('[data-instruction="phone"]').textContent()).toBe('912 345 678');
    expect(await page.getByTestId('amount-due').textContent()).toBe('46,96 €');
    expect(await orderButton(page).isDisabled()).toBe(true);
    expect(await page.locator('.checkout-actions__hint').textContent()).toBe(checkoutTexts.proofMissing);

    await page.locator('input[type="file"]').setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('olá') });
    await expect
      .poll(() => page.locator('.proof-upload [role="alert"]').textContent())
      .toBe('O comprovativo tem de ser uma imagem (JPEG, PNG, WebP ou HEIC) ou um PDF.');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect
      .poll(() => page.locator('.proof-upload [role="alert"]').textContent())
      .toBe('O comprovativo tem de ter entre 1 byte e 10 MB.');

    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('.proof-upload progress');
        if (bar) seen.push(`progress:${(bar as HTMLProgressElement).value}`);
        const button = [...document.querySelectorAll('.checkout-actions button')].pop();
        if (button?.textContent === 'A enviar...' && (button as HTMLButtonElement).disabled) seen.push('button:A enviar...');
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await uploadProof(page, 'comprovativo.png', png(3 * 1024 * 1024));
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((s) => s.startsWith('progress:'))).toBe(true);
    expect(seen).toContain('button:A enviar...');
    expect(await orderButton(page).isDisabled()).toBe(false);
    expect(await badge(page).textContent()).toBe('3'); // the cart is kept until the proof is in
    await orderButton(page).click();
    await expect.poll(() => path(page)).toBe('/thank-you');

    // Thank-you: the number, what comes next; the cart is empty.
    expect(await page.getByTestId('order-number').textContent()).toBe(number);
    expect(await page.locator('main').textContent()).toContain('O envio é feito depois de confirmarmos o teu pagamento');
    expect(await page.locator('main').textContent()).toContain(email);
    expect(await badge(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
    await page.reload();
    await expect.poll(() => page.getByTestId('order-number').textContent()).toBe(number);

    // What the server stored: one order, its totals, the stock taken, the e-mail sent.
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderNumber: Number(number),
      status: 'Confirmar Pagamento',
      paymentMethod: 'mbway',
      shippingMethod: 'ctt',
      mbwayNumber: 1,
      subtotalCents: 5070,
      discountCents: 374,
      shippingCents: 0,
      totalCents: 4696,
      firstName: 'Ana',
      postalCode: '1100-048',
    });
    expect((await getItem(shop.twin, 'products', { id: discounted.id }))?.stock).toBe(discounted.stock - 1);
    expect((await getItem(shop.twin, 'products', { id: plain.id }))?.stock).toBe(plain.stock - 2);
    expect((await getItem(shop.twin, 'products', { id: extra.id }))?.stock).toBe(extra.stock);
    // The reservation's mail (how to pay), then the order received (past tense, no payment asked).
    await expect.poll(async () => (await mailsTo(shop.twin, email)).length).toBe(2);
    const [reserved, received] = await mailsTo(shop.twin, email);
    expect(reserved!.subject).toContain(number);
    expect(received!.subject).toBe(`Recebemos a tua encomenda nº ${number}`);
    expect(received!.body.text).toContain('Ana');
    expect(received!.body.text).not.toMatch(/Paga por|Faz uma transferência/);
    expect(problems).toEqual({ errors: [], csp: [] });
    await page.close();
  });
});

describe('guards, shipping costs and the cart against the stock', () => {
  it('keeps an empty cart out of the checkout and explains /thank-you without an order', async () => {
    const { page } = await openPage(shop.browser, MOBILE);
    await page.goto(`${shop.twin.url}/shipping`);
    await expect.poll(() => path(page)).toBe('/cart');
    await expect.poll(() => page.locator('main').textContent()).toContain('O teu carrinho está vazio.');
    await page.goto(`${shop.twin.url}/payment`);
    await expect.poll(() => path(page)).toBe('/cart');
    await page.goto(`${shop.twin.url}/thank-you`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Obrigado pela visita!');
    expect(await page.getByRole('link', { name: 'Ver produtos' }).getAttribute('href')).toBe('/shop');
    await page.close();
  });

  it('charges CTT 3,00 € or CTT Expresso 5,00 € up to 30 €, and sends /payment back to /shipping until the form is complete', async () => {
    const context = await shop.browser.newContext({ viewport: MOBILE });
    await context.addInitScript((cart) => localStorage.setItem('cart', cart), cartOf([{ id: 'colar-coracao-eterno', quantity: 1 }]));
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/payment`);
    await expect.poll(() => path(page)).toBe('/shipping');
    expect(await page.locator('label.choice', { hasText: 'Correio normal' }).textContent()).toContain('3,00 €');
    expect(await page.locator('label.choice', { hasText: 'CTT Expresso' }).textContent()).toContain('5,00 €');
    await page.locator('input[name="shippingMethod"][value="ctt-expresso"]').check();
    expect(await total(page, 'Portes')).toBe('5,00 €');
    expect(await total(page, 'Total a pagar')).toBe('26,16 €'); // 21,16 € + 5,00 €
    await context.close();
  });

  it('never lets + go above the stock, flags lines above the stock and blocks Finalizar compra until fixed', async () => {
    const riviera = piece('pulseira-riviera'); // stock 4
    const context = await shop.browser.newContext();
    await context.addInitScript(
      (cart) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('cart', cart);
          sessionStorage.setItem('seeded', '1');
        }
      },
      cartOf([{ id: riviera.id, quantity: riviera.stock + 2 }]),
    );
    const page = await context.newPage();
    await page.goto(`${shop.twin.url}/cart`);
    const line = page.locator('.cart-line');
    await expect
      .poll(() => line.locator('.field-error').textContent())
      .toBe(`Só restam ${riviera.stock} unidades do produto «${riviera.name}». Reduz a quantidade para continuar.`);
    expect(await page.getByRole('button', { name: 'Finalizar compra' }).isDisabled()).toBe(true);
    expect(await line.getByRole('button', { name: /Aumentar/ }).isDisabled()).toBe(true);
    await line.getByRole('button', { name: /Diminuir/ }).click();
    await line.getByRole('button', { name: /Diminuir/ }).click();
    expect(await line.locator('.field-error').count()).toBe(0);
    expect(await line.getByRole('button', { name: /Aumentar/ }).isDisabled()).toBe(true); // at the stock
    expect(await page.getByRole('button', { name: 'Finalizar compra' }).isDisabled()).toBe(false);
    await context.close();
  });
});

describe('refusals the customer can fix', () => {
  it('out of stock at reservation time: shows how many are left, the customer reduces the quantity and orders', async () => {
    const chain = piece('pulseira-elos-fortes');
    const email = `rita-${Date.now()}@exemplo.pt`;
    const { page, problems } = await openPage(shop.browser);
    await addFromProductPage(page, chain.id, 2);
    await page.goto(`${shop.twin.url}/cart`);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await fillShipping(page, email, { payment: 'transferencia' });

    await setStock(shop.twin, chain.id, 1); // someone else bought meanwhile
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    const refusal = page.locator('[role="alert"] .notice--error');
    await expect
      .poll(() => refusal.locator('p').textContent())
      .toBe(`Só resta 1 unidade do produto «${chain.name}». Reduz a quantidade para continuar.`);
    expect(await ordersOf(email)).toEqual([]);
    await refusal.getByRole('link', { name: 'Rever o carrinho' }).click();
    const line = page.locator('.cart-line');
    await expect.poll(() => line.locator('.field-error').count()).toBe(1);
    await line.getByRole('button', { name: /Diminuir/ }).click();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await expect.poll(() => page.locator('form.checkout-form').getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => page.locator('[data-instruction="iban"]').textContent()).toBe('PT50 0002 0123 1234 5678 9015 4');
    await uploadProof(page);
    await orderButton(page).click();
    await expect.poll(() => path(page)).toBe('/thank-you');
    const orders = await ordersOf(email);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 'Confirmar Pagamento',
      paymentMethod: 'transferencia',
      lines: [expect.objectContaining({ productId: chain.id, quantity: 1 })],
    });
    expect((await getItem(shop.twin, 'products', { id: chain.id }))?.stock).toBe(0);
    expect(problems).toEqual({ errors: [], csp: [] });
    await page.close();
  });

  it('an expired reservation: the customer is told, and continuing from the shipping step reserves again', async () => {
    const email = `ines-${Date.now()}@exemplo.pt`;
    const { page } = await openPage(shop.browser);
    await addFromProductPage(page, 'brincos-estrela-cadente');
    await page.goto(`${shop.twin.url}/cart`);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await fillShipping(page, email, { payment: 'paypal' });
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page)).toBe('/payment');
    const [first] = await ordersOf(email);
    await expireReservation(shop.twin, String(first!.id));
    await uploadProof(page);
    await orderButton(page).click();
    const refusal = page.locator('[role="alert"] .notice--error');
    await expect
      .poll(() => refusal.locator('p').textContent())
      .toBe('A reserva desta encomenda expirou e as peças voltaram à loja. Volta ao carrinho para fazer uma nova encomenda.');
    expect(await page.getByTestId('pending-reservation').count()).toBe(0); // over: nothing to continue or cancel
    await refusal.getByRole('link', { name: 'Rever o carrinho' }).click();
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect.poll(() => path(page)).toBe('/payment');
    await uploadProof(page);
    await orderButton(page).click();
    await expect.poll(() => path(page)).toBe('/thank-you');
    const statuses = (await ordersOf(email)).map((order) => order.status).sort();
    expect(statuses).toEqual(['Aguarda Pagamento', 'Confirmar Pagamento']); // the expired one closes at the next expiry run
    await page.close();
  });

  it('MB WAY full: refused at order time with nothing saved, then shown unavailable; another method works', async () => {
    const month = monthKey();
    const before = (await getItem(shop.twin, 'mbwayCounters', { month })) as { count1?: number; count2?: number } | undefined;
    const email = `joana-${Date.now()}@exemplo.pt`;
    const { page } = await openPage(shop.browser, MOBILE);
    await addFromProductPage(page, 'anel-infinito');
    await page.goto(`${shop.twin.url}/cart`);
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await fillShipping(page, email, { payment: 'mbway' });
    try {
      await setMbWayCounters(shop.twin, month, 35, 40);
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toBe(checkoutTexts.mbwayUnavailable);
      expect(await ordersOf(email)).toEqual([]);
      const mbway = page.locator('input[name="paymentMethod"][value="mbway"]');
      await expect.poll(() => mbway.isDisabled()).toBe(true);
      expect(await page.locator('label.choice', { hasText: 'MB WAY' }).textContent()).toContain('Indisponível este mês');
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      // MB WAY is no longer chosen: the form asks for a method.
      await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toBe(checkoutTexts.missingFields);
      await page.locator('input[name="paymentMethod"][value="revolut"]').check();
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await expect.poll(() => page.locator('[data-instruction="handle"]').textContent()).toBe('@joiasinox');
      await uploadProof(page);
      await orderButton(page).click();
      await expect.poll(() => path(page)).toBe('/thank-you');
      expect(await ordersOf(email)).toEqual([expect.objectContaining({ paymentMethod: 'revolut' })]);
    } finally {
      await setMbWayCounters(shop.twin, month, before?.count1 ?? 0, before?.count2 ?? 0);
    }
    await page.close();
  });
});
