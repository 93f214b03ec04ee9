/**
 * A proof the server refuses (docs/design.md §29) is said under the file field, in Portuguese, on the
 * payment page and on "A minha encomenda": the order stays `Aguarda Pagamento`, the file is no longer
 * shown as sent, and another file can be chosen and sent, once however fast it is clicked. At 390 px
 * and desktop; with SHOTS_DIR set it saves screenshots of the refusal.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutTexts, uploadTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { createProduct } from '../support/factories.ts';
import { activePdf, screenshotPng } from '../support/proof-files.ts';
import { DESKTOP, fillShipping, getItem, postJson, scanAll, screenshot, useSharedShop } from '../web/e2e-support.ts';

const shop = useSharedShop();
/** This file's own piece, on the twin the shopping walks share. */
let piece: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  piece = await createProduct({ name: 'Anel da prova recusada', priceCents: 1500 });
});
const PHONE = { width: 390, height: 844 } as const;
const SHOTS_DIR = process.env.SHOTS_DIR;
const path = (page: Page) => decodeURI(new URL(page.url()).pathname);

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  // From the top: scrolled to the refusal, the sticky header would be painted over the middle of the shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: `${SHOTS_DIR}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

async function choose(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  await expect
    .poll(() => page.locator('.proof-upload .notice--success').textContent(), { timeout: 15_000 })
    .toBe(checkoutTexts.proofUploaded(name));
}

/**
 * Clicks the proof's button twice in the same moment (before React renders it disabled) and returns
 * how many proofs the page sent: one, or the second click sent a second request.
 */
async function sendTwiceAtOnce(page: Page, name: string): Promise<() => number> {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/proof')) sent += 1;
  });
  await page.getByRole('button', { name }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  return () => sent;
}

describe('a refused proof, under the file field', () => {
  it.each([PHONE, DESKTOP])(
    'on the payment page at %o: a PDF with JavaScript is refused, the order waits, a screenshot then completes it',
    async (viewport) => {
      const email = `prova-${randomUUID().slice(0, 8)}@exemplo.pt`;
      const context = await shop.browser.newContext({ viewport });
      await context.addInitScript(
        (cart) => {
          if (!sessionStorage.getItem('seeded')) {
            localStorage.setItem('cart', cart);
            sessionStorage.setItem('seeded', '1');
          }
        },
        JSON.stringify([
          { productId: piece.id, quantity: 1, name: piece.name, priceCents: piece.priceCents, discountPercent: 0, image: '' },
        ]),
      );
      const page = await context.newPage();
      await page.goto(`${shop.twin.url}/shipping`);
      await fillShipping(page, email, {
        firstName: 'Rita',
        lastName: 'Sousa',
        address: 'Rua de Santa Catarina 10',
        city: 'Porto',
        postalCode: '4000-447',
      });
      await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
      await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/payment');

      await choose(page, 'talao.pdf', 'application/pdf', Buffer.from(await activePdf('javascript')));
      await page.getByRole('button', { name: 'Confirmar encomenda' }).click();
      const alert = page.locator('.proof-upload [role="alert"]');
      await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBe(uploadTexts.proofActiveContent);
      expect(await page.locator('.proof-upload .notice--success').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Confirmar encomenda' }).isDisabled()).toBe(true);
      expect(path(page)).toBe('/payment');
      const [order] = (await scanAll(shop.twin, 'orders')).filter((o) => o.email === email);
      expect([order!.status, order!.proofKey]).toEqual(['Aguarda Pagamento', undefined]);
      await shot(page, 'proof-refused-payment');

      await choose(page, 'captura.png', 'image/png', await screenshotPng({ width: 390, height: 844 }));
      expect(await alert.textContent()).toBe('');
      const sent = await sendTwiceAtOnce(page, 'Confirmar encomenda');
      await expect.poll(() => path(page), { timeout: 10_000 }).toBe(paths.thankYou);
      expect(sent(), 'proofs sent by two clicks at once').toBe(1);
      expect((await getItem(shop.twin, 'orders', { id: order!.id as string }))!.status).toBe('Confirmar Pagamento');
      await context.close();
    },
  );

  it.each([PHONE, DESKTOP])(
    'on "A minha encomenda" at %o: a PNG that is HTML after its signature is refused; a real screenshot is taken',
    async (viewport) => {
      const body = {
        items: [{ productId: piece.id, quantity: 1 }],
        shipping: {
          email: `minha-${randomUUID().slice(0, 8)}@exemplo.pt`,
          firstName: 'Ana',
          lastName: 'Costa',
          country: 'Portugal',
          address: 'Rua das Flores, 12',
          city: 'Porto',
          postalCode: '4050-262',
          phone: `9${randomInt(10_000_000, 100_000_000)}`,
          shippingMethod: 'ctt',
          paymentMethod: 'transferencia',
          acceptTerms: true,
        },
      };
      const { order } = await postJson<{ order: { id: string; accessToken: string } }>(shop.twin, '/api/orders', body, {
        'idempotency-key': randomUUID(),
      });
      const context = await shop.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${shop.twin.url}${paths.myOrder(order.id, order.accessToken)}`);
      const polyglot = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]);
      await choose(page, 'comprovativo.png', 'image/png', polyglot);
      await page.getByRole('button', { name: 'Enviar comprovativo' }).click();
      const alert = page.locator('.proof-upload [role="alert"]');
      await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toBe(uploadTexts.proofInvalid);
      expect((await getItem(shop.twin, 'orders', { id: order.id }))!.status).toBe('Aguarda Pagamento');
      await shot(page, 'proof-refused-my-order');

      await choose(page, 'captura.png', 'image/png', await screenshotPng({ width: 390, height: 844 }));
      const sent = await sendTwiceAtOnce(page, 'Enviar comprovativo');
      await expect
        .poll(async () => (await getItem(shop.twin, 'orders', { id: order.id }))!.status, { timeout: 10_000 })
        .toBe('Confirmar Pagamento');
      expect(sent(), 'proofs sent by two clicks at once').toBe(1);
      await context.close();
    },
  );
});
