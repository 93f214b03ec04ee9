/**
 * One action per real step: the owner confirms the payment with one button and marks the
 * order as shipped with its CTT code; the customer is mailed at each step and sees it all on "A minha
 * encomenda". In Chromium on the twin the shopping walks share (its own customers, one of the demo
 * pieces with stock to spare); the order is placed through the public API as the
 * shop's pages do (reservation, then the proof).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { DEFAULT_ADMIN_PREFIX, ORDER_TOKEN_HEADER, paths } from '#shared/paths.ts';
import { clientFetch } from '../support/clients.ts';
import { myOrderTexts, validationTexts } from '#shared/messages/index.ts';
import { attachProof, mailsTo, MOBILE, openPage, postJson, screenshot, useSharedShop } from '../web/e2e-support.ts';
import { customerPhone } from '../web/e2e-walks.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const shop = useSharedShop();

const post = <T>(path: string, body: unknown, headers?: Record<string, string>) => postJson<T>(shop.twin, path, body, headers);

type PlacedOrder = { id: string; orderNumber: number; accessToken: string };

/** An order placed through the public API as the shop's pages do: the reservation, then (when paid) its proof. */
async function placeOrder(
  customer: { email: string; firstName: string; lastName: string; city?: string },
  withProof: boolean,
): Promise<PlacedOrder> {
  const piece = seedPieces.find((p) => p.stock > 5)!;
  const shipping = {
    country: 'Portugal',
    address: 'Rua Nova, 3',
    city: 'Coimbra',
    postalCode: '3000-123',
    phone: customerPhone(),
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
    ...customer,
  };
  const { order } = await post<{ order: PlacedOrder }>(
    '/api/orders',
    { items: [{ productId: piece.id, quantity: 1 }], shipping },
    { 'idempotency-key': randomUUID() },
  );
  if (withProof) await attachProof(shop.twin, order);
  return order;
}

/** A page of the back-office, signed in as the local admin. */
async function ownerPage(viewport?: { width: number; height: number }) {
  const opened = await openPage(shop.browser, viewport);
  const { page } = opened;
  await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/login`);
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('heading', { name: /Bem-vindo|Resumo|Painel/ })
    .first()
    .waitFor();
  return opened;
}

describe('the owner works an order step by step', () => {
  it('"Marcar como paga", then "Marcar como enviada" with the CTT code: the customer mailed, sees it on "A minha encomenda"', async () => {
    const email = `passos.${randomUUID().slice(0, 8)}@exemplo.pt`;
    const order = await placeOrder({ email, firstName: 'Inês', lastName: 'Passos' }, true);
    const { page, problems } = await ownerPage();

    // Step 1: one button confirms the payment (Confirmar Pagamento → Enviar).
    await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/ordersdetail/${order.id}`);
    const confirm = page.getByTestId('step-confirm-payment');
    await confirm.waitFor();
    await screenshot(page, { path: '/tmp/shots-limits/step-confirm.png', fullPage: true });
    await confirm.getByRole('button', { name: 'Marcar como paga' }).click();

    // Step 2, on the same page (the order stays open): mark as shipped, with the CTT code (Enviar → Enviado).
    const ship = page.getByTestId('step-mark-shipped');
    await ship.waitFor();
    expect(await page.getByTestId('step-confirm-payment').count()).toBe(0);
    await ship.getByLabel('Código de envio').fill('RR123456785PT');
    await screenshot(page, { path: '/tmp/shots-limits/step-ship.png', fullPage: true });
    await ship.getByRole('button', { name: 'Marcar como enviada' }).click();
    await page.getByTestId('status-panel').getByText('Marcada como enviada').waitFor();
    expect(page.url()).toMatch(new RegExp(`/ordersdetail/${order.id}$`));
    expect(problems.errors).toEqual([]);

    // The customer was told at each step (through the outbox): the reservation, the proof, the payment,
    // and last the shipping with the tracking code (waited for itself: the earlier ones come first).
    await expect
      .poll(async () => (await mailsTo(shop.twin, email)).filter((m) => m.body.text?.includes('RR123456785PT')).length, { timeout: 20_000 })
      .toBe(1);
    const mails = await mailsTo(shop.twin, email);
    expect(mails, JSON.stringify(mails.map((m) => m.subject))).toHaveLength(4);
    const shipped = mails.find((m) => m.body.text?.includes('RR123456785PT'));

    // …and, from the link in the shipping e-mail, sees the order as it is now on "A minha encomenda".
    const mailedLink = /Acompanha a tua encomenda em: (\S+)/.exec(shipped!.body.text ?? '')?.[1];
    expect(mailedLink).toBe(`${shop.twin.url}${paths.myOrder(order.id, order.accessToken)}`);
    const customer = await openPage(shop.browser);
    await customer.page.goto(mailedLink!);
    await expect.poll(() => customer.page.locator('main').textContent(), { timeout: 10_000 }).toContain('A tua encomenda foi enviada.');
    expect(await customer.page.getByTestId('tracking').textContent()).toContain('Código de envio CTT: RR123456785PT.');
    expect(await customer.page.getByRole('link', { name: /Seguir o envio nos CTT/ }).getAttribute('href')).toContain(
      'ObjectCodeInput=RR123456785PT',
    );
    await screenshot(customer.page, { path: '/tmp/shots-limits/my-order-shipped.png', fullPage: true });
    await customer.page.close();
    await page.close();
  });

  it('on a phone (375 px): the owner finds the order in the list, marks it paid and shipped, never scrolling sideways', async () => {
    const email = `telemovel.${randomUUID().slice(0, 8)}@exemplo.pt`;
    const order = await placeOrder({ email, firstName: 'Paula', lastName: 'Telemóvel' }, true);
    const { page, problems } = await ownerPage(MOBILE);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/orders?q=${encodeURIComponent(email)}`);
    const card = page.locator('tbody tr', { hasText: String(order.orderNumber) });
    await card.waitFor();
    await noSidewaysScroll();
    // The status and "Detalhes" are in view on the card.
    expect(await card.getByText('Confirmar Pagamento').isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Detalhes' }).isVisible()).toBe(true);
    await screenshot(page, { path: '/tmp/shots-limits/phone-orders.png', fullPage: true });
    await card.getByRole('link', { name: 'Detalhes' }).click();
    await page.getByTestId('step-confirm-payment').waitFor();
    await noSidewaysScroll();
    await screenshot(page, { path: '/tmp/shots-limits/phone-order.png', fullPage: true });
    await page.getByRole('button', { name: 'Marcar como paga' }).click();
    // The order stays open with its next step ready.
    await page.getByTestId('step-mark-shipped').waitFor();
    await noSidewaysScroll();
    await page.getByTestId('step-mark-shipped').getByRole('button', { name: 'Marcar como enviada' }).click();
    await page.getByTestId('status-panel').getByText('Marcada como enviada').waitFor();
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('several at once: select the paid orders in the list, mark them all paid; a reservation selected with them left alone', async () => {
    const tag = randomUUID().slice(0, 6);
    const place = (letter: string, withProof: boolean) =>
      placeOrder({ email: `lote.${letter}.${tag}@exemplo.pt`, firstName: 'Lote', lastName: 'Teste' }, withProof);
    const paidA = await place('a', true);
    const paidB = await place('b', true);
    const reserved = await place('c', false);
    const { page, problems } = await ownerPage();
    await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/orders?q=lote`);
    for (const order of [paidA, paidB, reserved]) await page.getByLabel(`Selecionar a encomenda nº ${order.orderNumber}`).check();
    const bar = page.getByTestId('bulk-actions');
    expect(await bar.textContent()).toContain('3 selecionadas');
    await screenshot(page, { path: '/tmp/shots-limits/bulk.png', fullPage: true });
    // The slips of the three, to print together: one per page, shown as they will print.
    await bar.getByRole('link', { name: 'Imprimir folhas (3)' }).click();
    await page.getByRole('heading', { name: 'Imprimir 3 encomendas' }).waitFor();
    await expect.poll(() => page.getByTestId('packing-slip').count()).toBe(3);
    await page.emulateMedia({ media: 'print' });
    for (const order of [paidA, paidB, reserved])
      expect(
        await page
          .getByTestId('packing-slip')
          .filter({ hasText: `Encomenda nº ${order.orderNumber}` })
          .isVisible(),
      ).toBe(true);
    expect(await page.getByRole('navigation').isVisible()).toBe(false);
    await screenshot(page, { path: '/tmp/shots-limits/print-three.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.goBack();
    for (const order of [paidA, paidB, reserved]) await page.getByLabel(`Selecionar a encomenda nº ${order.orderNumber}`).check();
    await bar.getByRole('button', { name: 'Marcar como pagas (2)' }).click();
    await page.getByText(/Atualizadas: nº \d+, nº \d+\./).waitFor();
    const statusOf = async (id: string) => {
      const answer = await clientFetch(`${shop.twin.url}/api/orders/${id}`, {
        headers: { [ORDER_TOKEN_HEADER]: [paidA, paidB, reserved].find((o) => o.id === id)!.accessToken },
      });
      return ((await answer.json()) as { order: { status: string } }).order.status;
    };
    expect(await statusOf(paidA.id)).toBe('Enviar');
    expect(await statusOf(paidB.id)).toBe('Enviar');
    expect(await statusOf(reserved.id)).toBe('Aguarda Pagamento');
    // Each customer was told.
    await expect
      .poll(async () => (await mailsTo(shop.twin, `lote.a.${tag}@exemplo.pt`)).map((m) => m.subject).join(' | '), { timeout: 20_000 })
      .toContain('Pagamento confirmado');
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('a customer address that bounces: the owner sees it on the order page and is told to phone', async () => {
    const email = `bounce+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
    const order = await placeOrder({ email, firstName: 'Vera', lastName: 'Gomes' }, false);
    // Cancelling mails the customer; that mail bounces (the SES mailbox simulator, as in the cloud).
    const { page, problems } = await ownerPage();
    await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/ordersdetail/${order.id}`);
    await page.getByLabel('Estado', { exact: true }).selectOption('Encerrada');
    await page.getByRole('button', { name: 'Guardar Estado' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/orders$/);
    await expect
      .poll(
        async () => {
          await page.goto(`${shop.twin.url}${DEFAULT_ADMIN_PREFIX}/ordersdetail/${order.id}`);
          await page.getByRole('heading', { name: `Encomenda nº ${order.orderNumber}` }).waitFor();
          return page.getByTestId('mail-problem').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('mail-problem').textContent()).toContain(`Os e-mails para ${email} são devolvidos`);
    expect(await page.locator('main').textContent()).toContain('Devolvido (o endereço não recebe)');
    // Who closed it: the admin, named by e-mail on the timeline.
    expect(await page.locator('.adm-timeline li', { hasText: 'Aguarda Pagamento → Encerrada' }).textContent()).toContain(
      `por ${shop.twin.admin.email}`,
    );
    await screenshot(page, { path: '/tmp/shots-limits/order-mail-bounced.png', fullPage: true });
    expect(problems.errors).toEqual([]);
    await page.close();
  });

  it('without the e-mail at hand: the number and the e-mail on /encomenda mail the link, which opens the order (phone width)', async () => {
    const email = `sem.link.${randomUUID().slice(0, 8)}@exemplo.pt`;
    const order = await placeOrder({ email, firstName: 'Rui', lastName: 'Lopes' }, false);

    const { page, problems } = await openPage(shop.browser, MOBILE);
    await page.goto(`${shop.twin.url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'A minha encomenda' }).click();
    await page.getByRole('heading', { name: 'A minha encomenda' }).waitFor();
    // A number that is not one: said in place, nothing sent.
    await page.getByLabel('Número da encomenda').fill('12');
    await page.getByLabel('E-mail da encomenda').fill(email);
    await page.getByRole('button', { name: 'Enviar a ligação' }).click();
    await page.getByText(validationTexts.orderLookupNumber.invalid).waitFor();
    // As the customer copies it from the bank app: "nº 123 456", e-mail in capitals.
    const n = String(order.orderNumber);
    await page.getByLabel('Número da encomenda').fill(`nº ${n.slice(0, 3)} ${n.slice(3)}`);
    await page.getByLabel('E-mail da encomenda').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Enviar a ligação' }).click();
    await page.getByText(myOrderTexts.lookupSent).waitFor();
    await screenshot(page, { path: '/tmp/shots-limits/order-lookup-sent.png', fullPage: true });
    expect(problems.errors).toEqual([]);

    // The reservation's own mail came first; then the link asked for.
    const asked = `A ligação para a tua encomenda nº ${order.orderNumber}`;
    await expect.poll(async () => (await mailsTo(shop.twin, email)).filter((m) => m.subject === asked).length, { timeout: 20_000 }).toBe(1);
    const mail = (await mailsTo(shop.twin, email)).find((m) => m.subject === asked);
    const link = /Acompanha a tua encomenda em: (\S+)/.exec(mail!.body.text ?? '')?.[1];
    await page.goto(link!);
    await page.getByRole('heading', { name: `A minha encomenda nº ${order.orderNumber}` }).waitFor();
    // The customer's own word for the status, not the back-office's "Aguarda Pagamento".
    expect(await page.getByTestId('order-status').textContent()).toBe('À espera de pagamento');
    await screenshot(page, { path: '/tmp/shots-limits/order-from-lookup.png', fullPage: true });
    await page.close();
  });
});
