/**
 * The owner's week without traps, in real Chromium against a fresh twin: the e-mails of an
 * order only where they are true (asked before a first send, refused by the server otherwise), one
 * tracking field, a reservation paid outside the site, the order staying open after each step, the
 * sizes count in the products list, the dashboard's open reservations, a stale product form that keeps
 * what the owner typed; and every back-office screen at 390 and 1 280 px: nothing wider than the
 * window, nothing sticking out of it or scrolling sideways, every target at least 24 × 24 px.
 *
 * `E2E_SCREENSHOTS=/some/dir` keeps a full-page screenshot of each screen at each width.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import { adminTexts, validationTexts } from '#shared/messages/index.ts';
import { DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { attachProof, DESKTOP, mailsTo, openPage, postJson, screenshot, useShop } from '../web/e2e-support.ts';
import { customerPhone } from '../web/e2e-walks.ts';

const shop = useShop();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 390, height: 844 } as const;
const t = texts.order;
const at = (path: string) => `${shop.twin.url}${DEFAULT_ADMIN_PREFIX}${path}`;

const post = <T>(path: string, body: unknown, headers?: Record<string, string>) => postJson<T>(shop.twin, path, body, headers);

type Placed = { id: string; orderNumber: number; accessToken: string };

/** An order placed as the shop's pages place it: a reservation of one 45 cm necklace, then (when paid) its proof. */
async function placeOrder(
  email: string,
  withProof: boolean,
  names = { firstName: 'Maria Francisca', lastName: 'Albuquerque-Vasconcelos' },
): Promise<Placed> {
  const shipping = {
    email,
    ...names,
    country: 'Portugal',
    address: 'Rua Nova, 3',
    city: 'Coimbra',
    postalCode: '3000-123',
    phone: customerPhone(),
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
  };
  const { order } = await post<{ order: Placed }>(
    '/api/orders',
    { items: [{ productId: 'fio-gota-de-orvalho', variantId: 'c45', quantity: 1 }], shipping },
    { 'idempotency-key': randomUUID() },
  );
  if (withProof) await attachProof(shop.twin, order);
  return order;
}

/** The admin API as another back-office window calls it. */
async function adminCall<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const client = cognitoClient(shop.twin.endpoints.cognito);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: shop.twin.clientId,
        AuthParameters: { USERNAME: shop.twin.admin.email, PASSWORD: shop.twin.admin.password },
      }),
    );
    const response = await fetch(`${shop.twin.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${auth.AuthenticationResult!.AccessToken!}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  } finally {
    client.destroy();
  }
}

/** A back-office page at `viewport`, signed in as the local admin. */
async function ownerPage(viewport: { width: number; height: number } = DESKTOP) {
  const opened = await openPage(shop.browser, viewport);
  await opened.page.goto(at('/login'));
  await opened.page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await opened.page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await opened.page.getByRole('button', { name: 'Entrar' }).click();
  await opened.page.waitForURL(/\/dashboard$/);
  return opened;
}

/** How many fields of the page are labelled "Código de envio" (the page has one at most). */
const trackingFields = (page: Page) => page.getByLabel(t.trackingCode, { exact: true }).count();

describe('an order: e-mails only where true, one tracking field, and the order stays open', () => {
  it('a reservation paid outside the site: a note on how, the next step right there; each true e-mail asked before its send', async () => {
    const email = `fora.${randomUUID().slice(0, 8)}@exemplo.pt`;
    const order = await placeOrder(email, false);
    const { page, problems } = await ownerPage();
    await page.goto(at(`/ordersdetail/${order.id}`));
    const status = page.getByTestId('status-panel');
    const emails = page.getByTestId('emails-panel');

    // A reservation: no e-mail is true of it yet, so no e-mail button; no tracking field.
    await emails.getByText(t.noEmails).waitFor();
    expect(await emails.getByRole('button').count()).toBe(0);
    expect(await trackingFields(page)).toBe(0);

    // "Marcar como paga" asks how it was paid; without a word nothing is sent.
    const step = page.getByTestId('step-paid-outside');
    await step.getByRole('button', { name: t.stepConfirmPayment }).click();
    await step.getByRole('button', { name: t.paidOutsideConfirm }).click();
    await step.getByText(validationTexts.paymentNote.required).waitFor();
    await step.getByLabel(`${t.paidOutsideNote} *`).fill('MB WAY; comprovativo por e-mail');
    await step.getByRole('button', { name: t.paidOutsideConfirm }).click();

    // The order stays open, paid, with its next step ready and the one tracking field.
    await status.getByText(t.movedPaid).waitFor();
    expect(page.url()).toBe(at(`/ordersdetail/${order.id}`));
    expect(await status.locator('.adm-badge').textContent()).toBe('Enviar');
    await page.getByTestId('step-mark-shipped').waitFor();
    expect(await trackingFields(page)).toBe(1);
    await page
      .locator('.adm-timeline li', { hasText: 'Pagamento confirmado sem comprovativo no site: MB WAY; comprovativo por e-mail' })
      .waitFor();
    // The payment-confirmed e-mail went by itself: its button resends it; no shipped or review e-mail yet.
    await emails.getByRole('button', { name: t.emailActions['payment-confirmed'].again }).waitFor({ timeout: 20_000 });
    expect(await emails.getByRole('button', { name: /avaliação|código de envio/ }).count()).toBe(0);
    if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/week-paid-outside.png`, fullPage: true });

    // A mistyped CTT code is refused at its field, before anything is sent; a right one ships it.
    const ship = page.getByTestId('step-mark-shipped');
    await ship.getByLabel(t.trackingCode, { exact: true }).fill('RR123456789PT');
    await ship.getByRole('button', { name: t.markShipped }).click();
    await ship.getByText(validationTexts.trackingCode.s10).waitFor();
    expect(await status.locator('.adm-badge').textContent()).toBe('Enviar');
    await ship.getByLabel(t.trackingCode, { exact: true }).fill('rr 123 456 785 pt');
    await ship.getByRole('button', { name: t.markShipped }).click();
    await status.getByText(t.movedShipped).waitFor();
    expect(await status.locator('.adm-badge').textContent()).toBe('Enviado');
    expect(page.url()).toBe(at(`/ordersdetail/${order.id}`));

    // Shipped: the e-mail panel now holds the one tracking field, with the code as kept.
    expect(await trackingFields(page)).toBe(1);
    expect(await emails.getByLabel(t.trackingCode, { exact: true }).inputValue()).toBe('RR123456785PT');

    // Shipped, not yet delivered: no review request (the mail buttons come from the payment view, docs/money.md).
    expect(await emails.getByRole('button', { name: /avaliação/ }).count()).toBe(0);
    // Delivered (the owner marks it elsewhere): the panel, reloaded, offers the review request.
    expect((await adminCall('PATCH', `/api/admin/orders/${order.id}`, { status: 'Concluido' })).status).toBe(200);
    await page.reload();
    await status.locator('.adm-badge', { hasText: 'Concluído' }).waitFor();

    // A first review request asks first, in the panel; "Cancelar" sends nothing.
    const review = emails.getByRole('button', { name: t.emailActions['review-request'].first });
    await review.click();
    const confirm = emails.getByTestId('email-confirm');
    expect(await confirm.textContent()).toContain(email);
    await confirm.getByRole('button', { name: t.cancel }).click();
    expect(await confirm.count()).toBe(0);
    await review.click();
    await confirm.getByRole('button', { name: t.confirmEmailYes }).click();
    await emails.getByText(adminTexts.emailQueued).waitFor();
    await expect.poll(() => emails.locator('.adm-history li', { hasText: 'Pedido de avaliação' }).count(), { timeout: 20_000 }).toBe(1);
    await emails.getByRole('button', { name: t.emailActions['review-request'].again }).waitFor();

    // The customer got what each step said, the code in the shipped one (the reservation's own mail came
    // first, so the shipped one is waited for itself, not counted).
    await expect
      .poll(async () => (await mailsTo(shop.twin, email)).some((m) => m.body.text?.includes('RR123456785PT')), { timeout: 20_000 })
      .toBe(true);
    // The page reloads the order until each step's mail has its outcome; once all are in, it is still.
    for (const kind of ['Pagamento confirmado', 'Encomenda enviada']) {
      await expect.poll(() => emails.locator('.adm-history li', { hasText: kind }).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    }

    // Someone closes the order meanwhile: the shipped e-mail is no longer true; the server says so, in Portuguese.
    expect((await adminCall('PATCH', `/api/admin/orders/${order.id}`, { status: 'Encerrada', restock: false })).status).toBe(200);
    await emails.getByRole('button', { name: t.emailActions.shipped.again }).click();
    await emails.getByText(adminTexts.emailNotApplicable.shipped).waitFor();
    // …and the panel, reloaded, offers what is true now: the cancellation.
    await emails.getByRole('button', { name: t.emailActions['order-cancelled'].first }).waitFor();
    expect(await emails.getByRole('button', { name: /avaliação|código de envio/ }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('"Marcar como paga" on a proof keeps the order open with "Marcar como enviada" ready; the SKU is the packing slip\'s', async () => {
    const order = await placeOrder(`passo.${randomUUID().slice(0, 8)}@exemplo.pt`, true);
    const { page, problems } = await ownerPage();
    await page.goto(at(`/ordersdetail/${order.id}`));
    // Before payment is confirmed: no "payment confirmed" e-mail to send.
    const emails = page.getByTestId('emails-panel');
    await emails.getByRole('button', { name: t.emailActions['order-received'].again }).waitFor();
    expect(await emails.getByRole('button', { name: /pagamento confirmado|avaliação|código de envio/ }).count()).toBe(0);

    await page.getByTestId('step-confirm-payment').getByRole('button', { name: t.stepConfirmPayment }).click();
    await page.getByTestId('step-mark-shipped').waitFor();
    expect(page.url()).toBe(at(`/ordersdetail/${order.id}`));
    // The step took the focus (the button clicked is gone).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('step-mark-shipped');

    const sku = (await page.locator('#adm-items ~ .adm-table-wrap tbody td[data-label="SKU"]').textContent())?.trim();
    expect(sku).toBe('JI-COL-004-45');
    expect((await page.getByTestId('packing-slip').locator('tbody tr td').nth(1).textContent())?.trim()).toBe(sku);
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});

describe('products, dashboard and a stale form', () => {
  it('the products list says which size is out or low, and "Só esgotados" shows a piece with one size out', async () => {
    const { page, problems } = await ownerPage();
    await page.goto(at('/products'));
    const row = page.locator('tbody tr', { hasText: 'Fio Gota de Orvalho' });
    const sizes = row.getByTestId('size-stock');
    await sizes.waitFor();
    expect(await sizes.textContent()).toMatch(/^40 cm: 0 \(esgotado\) · 45 cm: \d+ · 50 cm: \d+$/);
    expect(await sizes.locator('.adm-size-out').textContent()).toBe('40 cm: 0 (esgotado)');
    // A controlled checkbox (the filter lives in the address): clicked, then read once the list followed.
    await page.getByLabel('Só esgotados').click();
    await expect.poll(() => page.getByLabel('Só esgotados').isChecked()).toBe(true);
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Fio Gota de Orvalho' }).count()).toBe(1);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('the dashboard counts the open reservations and the units they hold', async () => {
    await placeOrder(`reserva.${randomUUID().slice(0, 8)}@exemplo.pt`, false);
    const { body } = await adminCall<{ openReservations: { count: number; units: number } }>('GET', '/api/admin/dashboard');
    const { page, problems } = await ownerPage();
    const card = page.getByTestId('card-open-reservations');
    await card.waitFor();
    expect(body.openReservations.count).toBeGreaterThanOrEqual(1);
    expect(await card.locator('.adm-card-value').textContent()).toBe(String(body.openReservations.count));
    expect(await card.textContent()).toContain(texts.dashboard.unitsHeld(body.openReservations.units));
    await card.getByRole('link').click();
    await page.waitForURL(/estado=Aguarda/);
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('"Recarregar" on a stale product form keeps what the owner typed where nobody else changed it, and names the collisions', async () => {
    const piece = seedPieces.find((p) => p.id === 'anel-infinito')!;
    const { page, problems } = await ownerPage();
    await page.goto(at(`/products/edit/${piece.id}`));
    await page.getByLabel('Preço (€) *').fill('31,50');
    await page.getByLabel('Descrição', { exact: true }).fill('A minha descrição nova.');

    // Meanwhile another window renames the piece and changes its description.
    const { body } = await adminCall<{ product: any }>('GET', `/api/admin/products/${piece.id}`);
    const p = body.product;
    const update = {
      name: `${p.name} II`,
      code: p.code,
      sku: p.sku,
      description: 'A descrição da outra janela.',
      type: p.type,
      collection: p.collection,
      priceCents: p.priceCents,
      discountPercent: p.discountPercent,
      photos: p.photos.map((photo: { id: string; alt: string }) => ({ id: photo.id, alt: photo.alt })),
      status: p.status,
      version: p.version,
    };
    expect((await adminCall('PUT', `/api/admin/products/${piece.id}`, update)).status).toBe(200);

    await page.getByRole('button', { name: texts.productForm.save }).click();
    await page.getByRole('button', { name: texts.productForm.reload }).click();
    const notice = page.locator('.notice', { hasText: 'mantivemos o que escreveste' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(texts.productForm.mergeKept([texts.productForm.price]));
    expect(await notice.textContent()).toContain(
      texts.productForm.mergeCollisionTyped(texts.productForm.description, 'A minha descrição nova.'),
    );
    // Typed and not changed elsewhere: kept; changed elsewhere only: the new value; both: the saved one.
    expect(await page.getByLabel('Preço (€) *').inputValue()).toBe('31,50');
    expect(await page.getByLabel('Nome *').inputValue()).toBe(`${p.name} II`);
    expect(await page.getByLabel('Descrição', { exact: true }).inputValue()).toBe('A descrição da outra janela.');
    await page.getByRole('button', { name: texts.productForm.save }).click();
    await page.getByText(adminTexts.productSaved).waitFor();
    const saved = (await adminCall<{ product: { priceCents: number; name: string } }>('GET', `/api/admin/products/${piece.id}`)).body
      .product;
    expect([saved.priceCents, saved.name]).toEqual([3150, `${p.name} II`]);
    expect(problems.errors).toEqual([]);
    await page.close();
  });
});

/**
 * What is wrong with the page's layout now: the page wider than the window; an element of the main
 * content outside the window (what its ancestors hide by overflow is not counted: a visually hidden
 * table head, a cut e-mail); a box that scrolls sideways; an interactive target under 24 × 24 px
 * (a link within a sentence aside, as WCAG 2.5.8 allows).
 */
function layoutProblems(): string[] {
  const width = window.innerWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width)
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
  const main = document.querySelector('main')!;
  const describe = (el: Element) =>
    `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> ` +
    `«${(el.textContent ?? '').trim().slice(0, 40)}»`;
  /** The element's visible horizontal extent, or undefined when it is hidden or clipped away. */
  const visible = (el: Element): [number, number] | undefined => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return undefined;
    let [left, right] = [box.left, box.right];
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || (style.clip !== 'auto' && style.clip !== '') || style.clipPath !== 'none') return undefined;
      if (node !== el && (style.overflowX === 'hidden' || style.overflowX === 'clip')) {
        const clip = node.getBoundingClientRect();
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
    }
    return right - left > 0 ? [left, right] : undefined;
  };
  for (const el of main.querySelectorAll('*')) {
    const extent = visible(el);
    if (!extent) continue;
    if (extent[0] < -0.5 || extent[1] > width + 0.5)
      problems.push(`${describe(el)} sticks out: ${Math.round(extent[0])}–${Math.round(extent[1])} px`);
    const style = getComputedStyle(el);
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (scrolls && !/^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${describe(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
  }
  for (const el of main.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary')) {
    const box = el.getBoundingClientRect();
    if (!visible(el) || (box.width <= 2 && box.height <= 2)) continue;
    const inSentence =
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 1;
    if (!inSentence && (box.width < 23.5 || box.height < 23.5))
      problems.push(`${describe(el)} is a ${Math.round(box.width)} × ${Math.round(box.height)} px target`);
  }
  return problems;
}

describe('every back-office screen at 390 and 1 280 px', () => {
  const ids = {} as { reserved: Placed; shipped: Placed; contact: string };
  const longEmail = `maria.francisca.albuquerque.vasconcelos.${randomUUID().slice(0, 4)}@exemplo-muito-comprido.pt`;

  beforeAll(async () => {
    ids.reserved = await placeOrder(longEmail, false);
    ids.shipped = await placeOrder(`enviada.${randomUUID().slice(0, 6)}@exemplo.pt`, true);
    for (const status of ['Enviar', 'Enviado']) {
      const change = status === 'Enviado' ? { status, trackingCode: 'RR123456785PT', carrier: 'ctt' } : { status };
      expect((await adminCall('PATCH', `/api/admin/orders/${ids.shipped.id}`, change)).status).toBe(200);
    }
    await post('/api/contact-messages', {
      name: 'Maria Francisca Albuquerque-Vasconcelos',
      email: longEmail,
      phone: '913000111',
      subject: 'Um assunto bastante comprido sobre tamanhos de anéis e prazos de envio',
      message: 'Olá!\nQue tamanhos têm?',
      website: '',
    });
    await post('/api/stock-alerts', { email: longEmail, productId: 'fio-gota-de-orvalho', variantId: 'c40' });
    // A save of "Definições", so that its history has a card.
    const settings = (await adminCall<{ settings: Record<string, unknown>; version: number }>('GET', '/api/admin/settings')).body;
    expect(
      (
        await adminCall('PUT', '/api/admin/settings', {
          settings: { ...settings.settings, ownerEmail: longEmail },
          version: settings.version,
        })
      ).status,
    ).toBe(200);
    const { body } = await adminCall<{ messages: { id: string }[] }>('GET', '/api/admin/contact-messages');
    ids.contact = body.messages[0]!.id;
  });

  const screens = (): [string, string][] => [
    ['dashboard', '/dashboard'],
    ['orders', '/orders'],
    ['order-reserved', `/ordersdetail/${ids.reserved.id}`],
    ['order-shipped', `/ordersdetail/${ids.shipped.id}`],
    ['products', '/products'],
    ['product-new', '/products/new'],
    ['product-sizes', '/products/edit/fio-gota-de-orvalho'],
    ['contacts', '/admincontact'],
    ['contact', `/contactdetail/${ids.contact}`],
    ['esgotados', '/Esgotados'],
    ['collections', '/collections'],
    ['create-collection', '/create-collection'],
    ['settings', '/definicoes'],
    ['sales', '/vendas'],
    ['customer', `/clientes/${orderCustomerRef(ids.reserved.id)}`],
  ];

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px: no screen wider than the window, nothing sticks out or scrolls sideways, targets are 24 px+`, async () => {
      const { page, problems } = await ownerPage(viewport);
      const found: string[] = [];
      for (const [name, path] of screens()) {
        await page.goto(at(path));
        await page.locator('main h1').waitFor();
        // Loaded: no "A carregar..." left, and fonts and pictures settled.
        await expect.poll(() => page.locator('main [role="status"]', { hasText: 'A carregar' }).count(), { timeout: 15_000 }).toBe(0);
        await page.evaluate(() => document.fonts.ready);
        for (const problem of await page.evaluate(layoutProblems)) found.push(`${name}: ${problem}`);
        if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/admin-${name}-${viewport.width}.png`, fullPage: true });
      }
      expect(found).toEqual([]);
      expect(problems.errors).toEqual([]);
      await page.close();
    });
  }
});
