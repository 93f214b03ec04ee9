/**
 * The owner's side of automatic payments (docs/design.md §34) in real headless Chromium, on a phone
 * (390 px) and a desk (1280 px): "Definições" refuses a switch before the keys, refuses a key Stripe
 * (here the twin's provider) does not accept, saves the right ones without ever showing them again,
 * then takes the switches; an order paid through the provider shows its payment (id, fee, net) and is
 * closed with a partial refund. Screenshots in /tmp/shots-pay-owner/.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import { startPaymentsLocal, type PaymentsLocal } from '#infra/twin/payments-local.ts';
import { PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import type { Order } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { paymentKeysTexts, refundTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { jsonCall } from '../support/clients.ts';
import { documentClient, getItem, screenshot, tableName, useShop, watchProblems } from '../web/e2e-support.ts';

const shop = useShop();
const SHOTS = '/tmp/shots-pay-owner';
const SECRET_KEY = 'sk_test_walk_0123456789wxyz';
const WEBHOOK_SECRET = 'whsec_walk_0123456789';
const t = texts.settings;
let provider: PaymentsLocal;

beforeAll(async () => {
  provider = await startPaymentsLocal({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  // What the twin's start gives the functions with the `paymentKeys` grant, set here so the walk does not depend on it.
  process.env[PAYMENT_KEYS_ENV.secretArn] = await shop.twin.secrets.ensure('joias-payment-keys-walk', () => '{}');
  process.env[PAYMENT_KEYS_ENV.endpoint] = provider.url;
  // A shop whose owner never saved keys (a twin may start with its own saved).
  const client = documentClient(shop.twin);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(shop.twin, 'settings'),
        Key: { pk: 'settings', sk: 'current' },
        UpdateExpression: 'REMOVE paymentKeys, settings.automaticPayments.#keys',
        ExpressionAttributeNames: { '#keys': 'keys' },
      }),
    );
  } finally {
    client.destroy();
  }
});
afterAll(() => provider?.stop());

const at = (path: string) => `${shop.twin.adminUrl.replace(/\/login$/, '')}${path}`;

async function signedIn(width: number, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await shop.browser.newPage({ viewport: { width, height: 900 } });
  const { errors } = watchProblems(page);
  await page.goto(shop.twin.adminUrl);
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(at(path));
  return { page, errors };
}

async function adminCall(method: string, path: string, body: unknown): Promise<number> {
  const client = cognitoClient(shop.twin.endpoints.cognito);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: shop.twin.clientId,
        AuthParameters: { USERNAME: shop.twin.admin.email, PASSWORD: shop.twin.admin.password },
      }),
    );
    const answer = await fetch(`${shop.twin.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth.AuthenticationResult!.AccessToken!}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return answer.status;
  } finally {
    client.destroy();
  }
}

/** A paid order (`Enviar`) whose payment the provider confirmed and settled, as the webhook leaves it. */
async function providerPaidOrder(): Promise<Order> {
  const { products } = await jsonCall<{ products: { id: string }[] }>(shop.twin.url, 'GET', '/api/products');
  const shipping = {
    email: `walk-${randomUUID().slice(0, 6)}@example.com`,
    firstName: 'Rita',
    lastName: 'Stripe',
    country: 'Portugal',
    address: 'Rua do Teste, 1',
    city: 'Braga',
    postalCode: '4700-001',
    phone: '912345678',
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
  };
  const { order } = await jsonCall<{ order: Order }>(
    shop.twin.url,
    'POST',
    '/api/orders',
    { items: [{ productId: products[0]!.id, quantity: 1 }], shipping },
    { 'idempotency-key': randomUUID() },
  );
  expect(await adminCall('PATCH', `/api/admin/orders/${order.id}`, { status: 'Enviar', note: 'pago pelo Stripe (teste)' })).toBe(200);
  const fee = Math.round(order.totalCents * 0.014) + 25;
  const payment: ProviderPaymentRecord = {
    provider: 'stripe',
    method: 'mbway',
    status: 'succeeded',
    paymentId: `pi_3Pwalk${order.id}`,
    paidAt: new Date().toISOString(),
    feeCents: fee,
    netCents: order.totalCents - fee,
  };
  const client = documentClient(shop.twin);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(shop.twin, 'orders'),
        Key: { id: order.id },
        UpdateExpression: 'SET providerPayment = :p, paymentMethod = :m',
        ExpressionAttributeValues: { ':p': payment, ':m': 'mbway' },
      }),
    );
  } finally {
    client.destroy();
  }
  return order;
}

describe('automatic payments, the owner', () => {
  it('on a phone: the switches wait for the keys; a wrong key is refused, the right ones saved and never shown again', async () => {
    const { page, errors } = await signedIn(390, '/definicoes');
    const group = page.locator('fieldset', { hasText: t.automatic });
    await group.waitFor();
    await group.getByLabel(t.automaticMbway).check();
    await page.getByRole('button', { name: t.save }).click();
    await group.getByText(paymentKeysTexts.automaticNeedsKeys).waitFor();
    await screenshot(group, { path: `${SHOTS}/switches-refused-390.png` });

    const keys = page.locator('#payment-keys');
    await keys.getByLabel(t.secretKey).fill('sk_test_walk_wrong_000000');
    await keys.getByLabel(t.webhookSecret).fill(WEBHOOK_SECRET);
    await keys.getByRole('button', { name: t.saveKeys }).click();
    await keys.getByText(paymentKeysTexts.stripeKeyRefused).first().waitFor();
    await screenshot(keys, { path: `${SHOTS}/keys-refused-390.png` });

    await keys.getByLabel(t.secretKey).fill(SECRET_KEY);
    await keys.getByRole('button', { name: t.saveKeys }).click();
    await keys.getByText(/^Chaves guardadas em .+ \(termina em …wxyz\)\.$/).waitFor();
    // Emptied once saved, and never filled from the server.
    expect(await keys.getByLabel(t.secretKey).inputValue()).toBe('');
    expect(await keys.getByLabel(t.secretKey).getAttribute('type')).toBe('password');
    expect(await page.content()).not.toContain(SECRET_KEY);
    await screenshot(keys, { path: `${SHOTS}/keys-saved-390.png` });

    // The switch the owner had checked is still checked: saving the keys kept the form as typed.
    await group.getByLabel(t.automaticMultibanco).check();
    await page.getByRole('button', { name: t.save }).click();
    await page.getByText('Definições guardadas.', { exact: false }).first().waitFor();
    await screenshot(group, { path: `${SHOTS}/switches-on-390.png` });
    await screenshot(page, { path: `${SHOTS}/settings-390.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a desk: the settings as saved, the keys' state only", async () => {
    const { page, errors } = await signedIn(1280, '/definicoes');
    const group = page.locator('fieldset', { hasText: t.automatic });
    await group.waitFor();
    expect(await group.getByLabel(t.automaticMbway).isChecked()).toBe(true);
    await group.getByText(/termina em …wxyz/).waitFor();
    await screenshot(group, { path: `${SHOTS}/switches-1280.png` });
    await screenshot(page.locator('#payment-keys'), { path: `${SHOTS}/keys-1280.png` });
    expect(await page.content()).not.toContain(SECRET_KEY);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const width of [390, 1280]) {
    it(`an order paid by the provider at ${width} px: its payment box, then closed with a partial refund`, async () => {
      const order = await providerPaidOrder();
      const { page, errors } = await signedIn(width, `/ordersdetail/${order.id}`);
      const box = page.getByTestId('payment-panel');
      await box.getByTestId('provider-status').waitFor();
      expect(await box.textContent()).toContain(`pi_3Pwalk${order.id}`);
      await screenshot(box, { path: `${SHOTS}/order-payment-${width}.png` });

      const status = page.getByTestId('status-panel');
      await status.getByLabel(texts.order.status).selectOption('Encerrada');
      const refund = status.getByLabel(texts.order.refundAmount);
      await refund.fill(`${(order.totalCents + 100) / 100}`.replace('.', ','));
      await status.getByRole('button', { name: texts.order.saveStatus }).click();
      await status.getByText(/Indica um valor entre 0,01 €/).waitFor();
      await refund.fill('5,00');
      await screenshot(status, { path: `${SHOTS}/order-close-${width}.png` });
      await status.getByRole('button', { name: texts.order.saveStatus }).click();
      // The close asks for exactly 5,00 €. The payments consumer then asks this walk's provider, which never
      // made the payment and refuses, and takes the request off the order: it is read on the closing entry.
      const closing = async () =>
        ((await getItem(shop.twin, 'orders', { id: order.id })) as Order | undefined)?.timeline.findLast(
          (entry) => entry.kind === 'status',
        );
      await expect.poll(closing).toMatchObject({ to: 'Encerrada', text: expect.stringContaining(refundTexts.requested(formatCents(500))) });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
