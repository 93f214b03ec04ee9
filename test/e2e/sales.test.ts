/**
 * "Vendas" (docs/sales.md) in real Chromium against a fresh twin: two orders paid today, one with part
 * given back; at 390 and 1 280 px the screen shows a chart and the table of the same numbers (the route's,
 * whose totals `test/lambdas/sales.test.ts` checks against the Movimentos CSV), nothing wider than the
 * window, no serious accessibility violation; the weeks' grouping redraws it.
 *
 * `E2E_SCREENSHOTS=/some/dir` keeps a full-page screenshot at each width.
 */
import { randomUUID } from 'node:crypto';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient } from '#infra/twin/bootstrap.ts';
import { dayKey } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import type { SalesResponse } from '#shared/sales.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { salesTexts } from '#web/features/sales/sales-texts.ts';
import { attachProof, DESKTOP, openPage, postJson, screenshot, seriousViolations, useShop } from '../web/e2e-support.ts';
import { customerPhone } from '../web/e2e-walks.ts';

const shop = useShop();
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { width: 390, height: 844 } as const;
const at = (path: string) => `${shop.twin.url}${DEFAULT_ADMIN_PREFIX}${path}`;

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

/** An order of `quantity` 45 cm necklaces, its proof sent and accepted by the owner. */
async function paidOrder(quantity: number): Promise<string> {
  const shipping = {
    email: `vendas.${randomUUID().slice(0, 8)}@exemplo.pt`,
    firstName: 'Maria',
    lastName: 'Costa',
    country: 'Portugal',
    address: 'Rua Nova, 3',
    city: 'Coimbra',
    postalCode: '3000-123',
    phone: customerPhone(),
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
  };
  const { order } = await postJson<{ order: { id: string; accessToken: string } }>(
    shop.twin,
    '/api/orders',
    { items: [{ productId: 'fio-gota-de-orvalho', variantId: 'c45', quantity }], shipping },
    { 'idempotency-key': randomUUID() },
  );
  await attachProof(shop.twin, order);
  expect((await adminCall('PATCH', `/api/admin/orders/${order.id}`, { status: 'Enviar' })).status).toBe(200);
  return order.id;
}

describe('Vendas at 390 and 1 280 px', () => {
  beforeAll(async () => {
    await paidOrder(1);
    const second = await paidOrder(2);
    expect(
      (await adminCall('PATCH', `/api/admin/orders/${second}`, { status: 'Encerrada', refundCents: 500, refundMethod: 'mbway' })).status,
    ).toBe(200);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px: a chart, the table of its numbers, the route's totals, no sideways scroll`, async () => {
      const today = dayKey(new Date());
      const { page, problems } = await openPage(shop.browser, viewport);
      await page.goto(at('/login'));
      await page.getByPlaceholder(texts.login.emailPlaceholder).fill(shop.twin.admin.email);
      await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(shop.twin.admin.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(/\/dashboard$/);
      // From the navigation (on a phone, behind the menu button).
      if (viewport === PHONE) await page.getByRole('button', { name: texts.nav.menu }).click();
      await page.getByRole('link', { name: salesTexts.nav, exact: true }).click();
      await page.waitForURL(/\/vendas$/);
      await page.getByTestId('sales-table').waitFor();

      const from = await page.inputValue('input[name="from"]');
      const sales = (await adminCall<SalesResponse>('GET', `/api/admin/sales?from=${from}&to=${today}&by=day`)).body;
      expect(sales.totals.orders).toBe(2);
      expect(sales.totals.refundedCents).toBe(500);
      await expect.poll(() => page.getByTestId('sales-chart').locator('rect').count()).toBe(30);
      await expect
        .poll(() => page.getByTestId('sales-revenue').locator('.adm-card-value').textContent())
        .toBe(formatCents(sales.totals.revenueCents));
      const todayRow = page.locator(`[data-testid="sales-table"] tr[data-period="${today}"]`);
      await expect.poll(() => todayRow.locator('td').first().textContent()).toBe(formatCents(sales.totals.revenueCents));
      await expect.poll(() => page.getByTestId('sales-total').locator('td').nth(4).textContent()).toBe(formatCents(500));
      expect(await page.getByTestId('sales-top-pieces').locator('tbody tr').count()).toBe(1);

      const overflow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(overflow.page, 'sideways scroll').toBeLessThanOrEqual(overflow.window);
      expect(await seriousViolations(page)).toEqual([]);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/sales-${viewport.width}.png`, fullPage: true });

      // The weeks: the form's grouping redraws the chart and the table.
      await page.getByRole('button', { name: salesTexts.presets.weeks12 }).click();
      await expect.poll(() => page.getByTestId('sales-chart').locator('rect').count()).toBeGreaterThanOrEqual(12);
      await expect
        .poll(() => page.getByTestId('sales-total').locator('td').first().textContent())
        .toBe(formatCents(sales.totals.revenueCents));
      expect((await page.evaluate(() => document.documentElement.scrollWidth)) <= viewport.width).toBe(true);
      if (SCREENSHOTS) await screenshot(page, { path: `${SCREENSHOTS}/sales-weeks-${viewport.width}.png`, fullPage: true });
      expect(problems.errors).toEqual([]);
      await page.close();
    });
  }
});
