/**
 * "Anonimizar dados do cliente" (GDPR erasure) in real headless Chromium on the shared twin (its own customer): the
 * customer page's confirmation says what goes and what stays, asks for the customer's e-mail, shows the
 * refusal naming the order still open, then the result; the order keeps its accounting record and
 * says it was anonymised; the customer's link opens without personal data. Screenshots go to
 * `SHOTS_DIR` (default /tmp/gdpr-shots).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { orderCustomerRef } from '#shared/customer-ref.ts';
import { adminTexts, gdprTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { jsonCall } from '../support/clients.ts';
import { screenshot, useSharedShop } from '../web/e2e-support.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const shop = useSharedShop();
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/gdpr-shots';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const at = (path: string) => `${shop.twin.adminUrl.replace(/\/login$/, '')}${path}`;

const publicApi = <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> =>
  jsonCall<T>(shop.twin.url, method, path, body, headers);

async function adminApi(method: string, path: string, body?: unknown): Promise<number> {
  const client = cognitoClient(shop.twin.endpoints.cognito);
  const token = await client
    .send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: shop.twin.clientId,
        AuthParameters: { USERNAME: shop.twin.admin.email, PASSWORD: shop.twin.admin.password },
      }),
    )
    .finally(() => client.destroy());
  const response = await fetch(`${shop.twin.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token.AuthenticationResult!.AccessToken!}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.status;
}

const shipping = (email: string) => ({
  email,
  firstName: 'Beatriz',
  lastName: 'Esquecida',
  country: 'Portugal',
  address: 'Travessa do Esquecimento, 9',
  city: 'Viana do Castelo',
  postalCode: '4900-321',
  phone: '936 554 433',
  shippingMethod: 'ctt',
  paymentMethod: 'transferencia',
  acceptTerms: true,
});

/** An order placed with its proof, as the checkout does. */
async function paidOrder(email: string, productId: string): Promise<{ id: string; orderNumber: number; accessToken: string }> {
  const { upload } = await publicApi<{ upload: { url: string; fields: Record<string, string>; key: string } }>(
    'POST',
    '/api/uploads/proof',
    { contentType: 'image/png', size: PNG.length },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'comprovativo.png');
  expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const { order } = await publicApi<{ order: { id: string; orderNumber: number; accessToken: string } }>(
    'POST',
    '/api/orders',
    { items: [{ productId, quantity: 1 }], shipping: shipping(email), proofKey: upload.key },
    { 'idempotency-key': randomUUID() },
  );
  return order;
}

/**
 * Opens an admin path inside the running app (as its links do). The customer page's address ends in
 * the e-mail's domain (`.pt`), which the front door, like the CloudFront function, takes for a file:
 * loaded directly it is a 404 page.
 */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, { path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

describe('back-office: anonymising a customer on their request', () => {
  const email = `beatriz.${randomUUID().slice(0, 6)}@exemplo.pt`;
  let order: { id: string; orderNumber: number; accessToken: string };
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS_DIR, { recursive: true });
    const onSale = seedPieces.find((piece) => piece.stock > 2)!;
    const soldOut = seedPieces.find((piece) => piece.stock === 0)!;
    order = await paidOrder(email, onSale.id);
    await publicApi('POST', '/api/contact-messages', {
      name: 'Beatriz Esquecida',
      email,
      phone: '936 554 433',
      subject: 'Os meus dados',
      message: 'Peço que apaguem os meus dados pessoais.',
      website: '',
    });
    await publicApi('POST', '/api/stock-alerts', { email, productId: soldOut.id });
    // Paid and shipped, not yet delivered: still open.
    for (const status of ['Enviar', 'Enviado']) expect(await adminApi('PATCH', `/api/admin/orders/${order.id}`, { status })).toBe(200);
    page = await shop.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(shop.twin.adminUrl);
    await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
    await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/\/dashboard$/);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await page?.close();
  });

  it('explains what goes and what stays, asks for the e-mail, and refuses while an order is open', async () => {
    // As the owner gets there: "Ver cliente" on the order.
    await page.goto(at(`/ordersdetail/${order.id}`));
    await page.getByRole('link', { name: 'Ver cliente' }).click();
    await page.getByRole('heading', { name: 'Cliente: Beatriz Esquecida' }).waitFor();
    const panel = page.getByTestId('customer-gdpr');
    await panel.getByRole('button', { name: 'Anonimizar dados do cliente' }).click();
    await panel.getByRole('heading', { name: `Anonimizar os dados pessoais de ${email}?` }).waitFor();
    const text = (await panel.textContent())!;
    for (const part of [
      'O que é apagado',
      'nome, apelido, e-mail, telefone, morada',
      'comprovativo de pagamento',
      'mensagens de contacto',
      'pedidos de aviso de reposição',
      'O que fica, e porquê',
      'durante 10 anos',
      '14 dias',
      'Não se pode desfazer',
    ]) {
      expect(text, part).toContain(part);
    }
    await shot(page, '1-confirmation');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, '1b-confirmation-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // A wrong e-mail is not a confirmation.
    const typed = panel.getByLabel('Para confirmar, escreve o e-mail do cliente');
    await typed.fill('outra@exemplo.pt');
    await panel.getByRole('button', { name: 'Anonimizar de vez' }).click();
    await panel.getByText('O e-mail escrito não é o deste cliente').waitFor();
    await shot(page, '2-wrong-email');

    // The right one: the server refuses, naming the order still to deliver.
    await typed.fill(email.toUpperCase());
    await panel.getByRole('button', { name: 'Anonimizar de vez' }).click();
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(gdprTexts.openOrders([order.orderNumber]));
    await shot(page, '3-refused-open-order');
    // Nothing changed: loaded again, the order, the message and the name are all still there.
    await page.goto(at(`/ordersdetail/${order.id}`));
    await page.getByRole('link', { name: 'Ver cliente' }).click();
    await page.getByRole('heading', { name: 'Cliente: Beatriz Esquecida' }).waitFor();
    expect(await page.getByTestId('customer-orders').textContent()).toContain(String(order.orderNumber));
    expect(await page.getByTestId('customer-messages').textContent()).toContain('Os meus dados');
  });

  it('once the order is delivered, anonymises and says what was done; the order keeps its accounting record', async () => {
    expect(await adminApi('PATCH', `/api/admin/orders/${order.id}`, { status: 'Concluido' })).toBe(200);
    const panel = page.getByTestId('customer-gdpr');
    await panel.getByRole('button', { name: 'Anonimizar dados do cliente' }).click();
    await panel.getByLabel('Para confirmar, escreve o e-mail do cliente').fill(email);
    await panel.getByRole('button', { name: 'Anonimizar de vez' }).click();
    const result = page.getByTestId('anonymise-result');
    await result.waitFor();
    expect(await result.textContent()).toBe(gdprTexts.done({ orders: 1, proofs: 1, contactMessages: 1, stockAlerts: 1 }));
    // Loaded again, the order no longer names the customer: the page says nothing of them is left.
    await page.getByText(adminTexts.customerGone).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Beatriz');
    await shot(page, '4-result');

    // The order page: the accounting record, and a notice instead of the customer's data.
    await page.goto(at(`/ordersdetail/${order.id}`));
    await page.getByRole('heading', { name: `Encomenda nº ${order.orderNumber}` }).waitFor();
    await page.getByTestId('order-anonymised').waitFor();
    const main = (await page.locator('main').textContent())!;
    for (const gone of ['Beatriz', 'Esquecida', email, 'Esquecimento', '4900-321', 'Viana do Castelo', '936'])
      expect(main, gone).not.toContain(gone);
    for (const kept of [
      'Anonimizado',
      'Concluído',
      'Transferência Bancária',
      gdprTexts.orderEntry,
      'com os dados pessoais do cliente (RGPD)',
    ])
      expect(main, kept).toContain(kept);
    expect(await page.getByRole('link', { name: 'Ver cliente' }).count()).toBe(0);
    await shot(page, '5-order-anonymised');

    // Opening the customer's address directly again: nothing left, and it says so; an e-mail is no customer address.
    await page.goto(at(`/clientes/${orderCustomerRef(order.id)}`));
    await page.getByText(adminTexts.customerGone).waitFor();
    await page.goto(at(`/clientes/${encodeURIComponent(email)}`));
    await page.getByText(adminTexts.customerRefInvalid).waitFor();
  });

  it("the customer's link still opens the order, with no personal data", async () => {
    const customer = await shop.browser.newPage({ viewport: { width: 390, height: 844 } });
    await customer.goto(`${shop.twin.url}${paths.myOrder(order.id, order.accessToken)}`);
    await customer.getByText(String(order.orderNumber)).first().waitFor();
    const text = (await customer.locator('main').textContent())!;
    for (const gone of ['Beatriz', 'Esquecida', email, 'Esquecimento']) expect(text, gone).not.toContain(gone);
    await screenshot(customer, { path: `${SHOTS_DIR}/6-customer-link.png`, fullPage: true });
    await customer.close();
  });
});
