/**
 * Over a per-client limit the shop says so in place, in Portuguese, with the wait, never "internal
 * error" (docs/design.md §20). In real Chromium against a fresh twin; the browser's address is 127.0.0.1,
 * and the requests that use up its limit come from that same address.
 */
import { describe, expect, it } from 'vitest';
import { apiTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { routes } from '#lambdas/routes.ts';
import { clientFetch } from '../support/clients.ts';
import { until } from '../support/wait.ts';
import { openPage, screenshot, setStock, useShop } from '../web/e2e-support.ts';

const shop = useShop();
const BROWSER = '127.0.0.1';
const WAIT = /^Fizeste demasiados pedidos seguidos\. Por segurança, espera \d+ (segundos?|minutos?) e tenta novamente\.$/;

const clientLimit = (key: string) =>
  (routes.find((r) => `${r.method} ${r.path}` === key) as { limits: readonly { by: string; max: number; windowSeconds: number }[] }).limits
    .filter((l) => l.by === 'client')
    .sort((a, b) => a.windowSeconds - b.windowSeconds)[0]!.max;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  clientFetch(`${shop.twin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    client: BROWSER,
  });

describe('per-client limits, as the customer sees them', () => {
  it('the contact form, after this address sent its messages: the wait in Portuguese, the typed message kept', async () => {
    for (let i = 0; i < clientLimit('POST /api/contact-messages'); i++) {
      const sent = await post('/api/contact-messages', {
        name: 'Ana',
        email: `ana${i}@exemplo.pt`,
        phone: '912345678',
        subject: 'Olá',
        message: `Mensagem ${i}`,
      });
      expect(sent.status).toBe(201);
    }
    const { page, problems } = await openPage(shop.browser);
    await page.goto(`${shop.twin.url}${paths.contact}`);
    const form = page.locator('form');
    await form.getByLabel('Nome', { exact: true }).fill('Rita');
    await form.getByLabel('E-mail', { exact: true }).fill('rita@exemplo.pt');
    await form.getByLabel('Telefone', { exact: true }).fill('913 333 333');
    await form.getByLabel('Assunto', { exact: true }).fill('Encomenda especial');
    await form.getByLabel('Mensagem', { exact: true }).fill('Queria um colar com o meu nome.');
    await form.getByRole('button', { name: /Enviar/ }).click();
    await expect.poll(() => page.locator('[role="alert"] .notice--error').textContent()).toMatch(WAIT);
    expect(await form.getByLabel('Mensagem', { exact: true }).inputValue()).toBe('Queria um colar com o meu nome.');
    await screenshot(page, { path: '/tmp/shots-limits/contact-429.png', fullPage: false });
    expect(problems.errors.filter((e) => !/429/.test(e))).toEqual([]);
    await page.close();
  });

  it('API Gateway\'s own throttle answer ({"message":"Too Many Requests"}) reads as a busy shop, not an error', async () => {
    const { page } = await openPage(shop.browser);
    await page.route('**/api/stock-alerts', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Too Many Requests"}' }),
    );
    await setStock(shop.twin, 'colar-lua-crescente', 0);
    // The products stream renders the page again as sold out (with its back-in-stock form) first.
    await until(
      'the sold-out page',
      async () => (await (await fetch(`${shop.twin.url}/product/colar-lua-crescente`)).text()).includes('Avisem-me'),
      Boolean,
      30_000,
    );
    await page.goto(`${shop.twin.url}/product/colar-lua-crescente`);
    // Sent once the app runs (its button is enabled then).
    const notify = page.getByRole('button', { name: 'Avisem-me' });
    await expect.poll(() => notify.isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('O teu e-mail').fill('rita@exemplo.pt');
    await notify.click();
    await expect.poll(() => page.locator('.stock-alert [role="alert"]').textContent()).toBe(apiTexts.busy);
    await screenshot(page, { path: '/tmp/shots-limits/stock-alert-busy.png' });
    await page.close();
  });
});
