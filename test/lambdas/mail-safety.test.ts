/**
 * Hostile text in e-mails, end to end: orders, tracking codes and product names full of markup,
 * template syntax, line breaks and bidi/zero-width characters go through the real handlers, the
 * sending code and the twin's SES (Handlebars without escaping, as SES); the received HTML is opened
 * in headless Chromium, which must show those values as text and nothing else.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cttTrackingUrl } from '#shared/shipping.ts';
import { MAIL_TEMPLATE_IDS, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { sendTemplatedMail } from '#lambdas/repositories/mail.ts';
import { launchBrowser } from '../support/browser.ts';
import { createProduct, mailsTo, orderBody, placeOrder, type SentMail } from '../support/factories.ts';
import { benignMailData, EVIL_IMG, EVIL_LINK, hostile, hostileMailData, RLO, ZWSP } from '../support/mail.ts';
import { confirmAlert } from '../support/stock-alerts.ts';
import { adminToken, call, twin } from '../support/twin.ts';

let browser: Browser;
let token: string;

beforeAll(async () => {
  [browser, token] = await Promise.all([launchBrowser(), adminToken()]);
});
afterAll(async () => {
  await browser?.close();
});

const admin = (method: string, path: string, body?: unknown) => call(method, path, { token, body });

/** What a mail app shows of this HTML: its text, and what it holds that could act (links, images, handlers, scripts run). */
async function openMail(html: string) {
  const page = await browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/*', (route) => route.abort());
  try {
    await page.setContent(html, { waitUntil: 'load' });
    await page.waitForTimeout(50);
    const seen = await page.evaluate(() => {
      const tags: Record<string, number> = {};
      for (const element of document.querySelectorAll('*')) tags[element.localName] = (tags[element.localName] ?? 0) + 1;
      const withHandlers = [...document.querySelectorAll('*')].filter((element) =>
        [...element.attributes].some((a) => a.name.startsWith('on')),
      ).length;
      return {
        text: document.body.innerText,
        links: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href')),
        images: document.querySelectorAll('img').length,
        withHandlers,
        tags,
      };
    });
    return { ...seen, dialogs };
  } finally {
    await page.close();
  }
}

function expectNoHiddenCharacters(mail: SentMail): void {
  for (const part of [mail.subject, mail.body.html ?? '', mail.body.text ?? '']) expect(part).not.toMatch(/[\u202E\u200B]/);
  expect(mail.subject).not.toMatch(/[\r\n]/);
}

/** The one mail `email` received (with `subjectEnd`: the one whose subject ends so). */
async function onlyMailTo(email: string, subjectEnd = ''): Promise<SentMail> {
  const mails = (await mailsTo(email)).filter((mail) => mail.subject.endsWith(subjectEnd));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe('order-received with hostile customer text, through POST /api/orders', () => {
  it('shows the first name and product name as text: no link to evil.example, no image, no extra element; text part as typed', async () => {
    const firstName = `${EVIL_LINK}\r\n{{number}}${RLO}${ZWSP}`;
    expect(firstName.length).toBeLessThanOrEqual(60);
    const [evilPiece, plainPiece] = await Promise.all([
      createProduct({ name: `${EVIL_IMG} Anel {{number}}${RLO}`, stock: 5 }),
      createProduct({ name: 'Anel Simples', stock: 5 }),
    ]);
    const hostileOrder = await placeOrder(
      await orderBody([{ productId: evilPiece.id, quantity: 1 }], {
        firstName,
        lastName: `${EVIL_IMG}{{number}}`,
        address: hostile(200),
        city: hostile(80),
      }),
    );
    const plainOrder = await placeOrder(await orderBody([{ productId: plainPiece.id, quantity: 1 }], { firstName: 'Ana' }));
    expect([hostileOrder.status, plainOrder.status]).toEqual([201, 201]);

    const mail = await onlyMailTo(hostileOrder.body.order.email);
    const plain = await onlyMailTo(plainOrder.body.order.email);
    expect(mail.subject).toBe(`Recebemos a tua encomenda nº ${hostileOrder.body.order.orderNumber}`);
    expectNoHiddenCharacters(mail);
    expect(mail.body.text).toContain(`Olá ${EVIL_LINK} {{number}},`);
    expect(mail.body.text).toContain(`- ${EVIL_IMG} Anel {{number}} × 1:`);

    const [seen, reference] = await Promise.all([openMail(mail.body.html!), openMail(plain.body.html!)]);
    expect(seen.dialogs).toEqual([]);
    // The only link is the shop's own "A minha encomenda" button.
    const orderLink = `${twin().url}/encomenda/${hostileOrder.body.order.id}#t=${hostileOrder.body.order.accessToken}`;
    expect(seen.links).toEqual([orderLink]);
    expect(seen.images).toBe(0);
    expect(seen.withHandlers).toBe(0);
    expect(seen.tags).toEqual(reference.tags);
    expect(seen.text).toContain(`Olá ${EVIL_LINK} {{number}},`);
    expect(seen.text).toContain(`${EVIL_IMG} Anel {{number}}`);
  });
});

describe('shipped with a hostile tracking code, through POST /api/admin/orders/{id}/emails', () => {
  it("never reaches a mail: a CTT code must pass its S10 check, another carrier's is letters, digits and dashes", async () => {
    const piece = await createProduct({ stock: 5 });
    const { body } = await placeOrder(await orderBody([{ productId: piece.id, quantity: 1 }], { firstName: 'Rita' }));
    const order = body.order as { id: string; email: string; orderNumber: number };
    for (const status of ['Enviar', 'Enviado'])
      expect((await admin('PATCH', `/api/admin/orders/${order.id}`, { status })).status).toBe(200);
    const before = (await mailsTo(order.email)).length;
    const trackingCode = `${EVIL_LINK}\r\n{{number}}${RLO}`;
    expect(trackingCode.length).toBeLessThanOrEqual(64);
    for (const carrier of [undefined, 'ctt', 'outra']) {
      const refused = await admin('POST', `/api/admin/orders/${order.id}/emails`, {
        kind: 'shipped',
        trackingCode,
        ...(carrier ? { carrier } : {}),
        requestKey: randomUUID(),
      });
      expect(refused.status, String(carrier)).toBe(400);
      expect(refused.body.error.fields.trackingCode).toBeTruthy();
      const moved = await admin('PATCH', `/api/admin/orders/${order.id}`, {
        status: 'Concluido',
        trackingCode,
        ...(carrier ? { carrier } : {}),
      });
      expect(moved.status, String(carrier)).toBe(400);
    }
    expect(await mailsTo(order.email)).toHaveLength(before);

    // Another carrier's code goes out as text, with the shop's order link and no CTT link.
    expect(
      (
        await admin('POST', `/api/admin/orders/${order.id}/emails`, {
          kind: 'shipped',
          trackingCode: 'dhl-12345',
          carrier: 'outra',
          requestKey: randomUUID(),
        })
      ).status,
    ).toBe(200);
    const mail = (await mailsTo(order.email)).at(-1)!;
    expect(mail.subject).toBe(`A tua encomenda nº ${order.orderNumber} foi enviada`);
    expectNoHiddenCharacters(mail);
    expect(mail.body.text).toContain('DHL-12345');
    const seen = await openMail(mail.body.html!);
    expect(seen.links).toEqual([`${twin().url}/encomenda/${order.id}#t=${(body.order as { accessToken: string }).accessToken}`]);
    expect(seen.text).not.toContain(cttTrackingUrl('DHL-12345'));
  });
});

describe('back-in-stock with a hostile product name, through POST /api/admin/products/{id}/stock', () => {
  it('keeps the subject on one line and shows the name as text; the only link is the product page', async () => {
    const name = `${EVIL_IMG}\r\nBcc: vitima@example.com {{link}}${RLO}${ZWSP}`;
    const [evilPiece, plainPiece] = await Promise.all([
      createProduct({ stock: 0, name }),
      createProduct({ stock: 0, name: 'Brincos Simples' }),
    ]);
    const [evilEmail, plainEmail] = [`alerta.${randomUUID().slice(0, 8)}@example.com`, `alerta.${randomUUID().slice(0, 8)}@example.com`];
    for (const [email, productId] of [
      [evilEmail, evilPiece.id],
      [plainEmail, plainPiece.id],
    ] as const) {
      expect((await call('POST', '/api/stock-alerts', { body: { email, productId } })).status).toBe(201);
      expect((await confirmAlert(email)).status).toBe(200);
    }
    for (const { id } of [evilPiece, plainPiece])
      expect((await admin('POST', `/api/admin/products/${id}/stock`, { delta: 3, reason: 'adjustment' })).status).toBe(200);

    const mail = await onlyMailTo(evilEmail, 'voltou a estar disponível');
    const plain = await onlyMailTo(plainEmail, 'voltou a estar disponível');
    expect(mail.subject).toBe(`${EVIL_IMG} Bcc: vitima@example.com {{link}} voltou a estar disponível`);
    expectNoHiddenCharacters(mail);
    expect(mail.body.text).toContain(`A peça ${EVIL_IMG} Bcc: vitima@example.com {{link}} que pediste`);
    const [seen, reference] = await Promise.all([openMail(mail.body.html!), openMail(plain.body.html!)]);
    expect(seen.dialogs).toEqual([]);
    expect(seen.images).toBe(0);
    expect(seen.withHandlers).toBe(0);
    expect(seen.links).toEqual([`${twin().url}/product/${evilPiece.id}`]);
    expect(seen.tags).toEqual(reference.tags);
    expect(seen.text).toContain(`A peça ${EVIL_IMG} Bcc: vitima@example.com {{link}} que pediste`);
  });
});

describe('every template, with every value hostile (optional keys too), sent by sendTemplatedMail to the twin', () => {
  it.each(MAIL_TEMPLATE_IDS)('%s keeps the structure of the benign mail and runs nothing', async (id: MailTemplateId) => {
    const [evilTo, plainTo] = [`hostil.${randomUUID().slice(0, 8)}@example.com`, `benigno.${randomUUID().slice(0, 8)}@example.com`];
    const benign = id === 'order-received' ? { ...benignMailData[id], lines: benignMailData[id].lines.slice(0, 1) } : benignMailData[id];
    await sendTemplatedMail(evilTo, id, hostileMailData[id] as never);
    await sendTemplatedMail(plainTo, id, benign as never);
    const mail = await onlyMailTo(evilTo);
    const plain = await onlyMailTo(plainTo);
    expectNoHiddenCharacters(mail);
    const [seen, reference] = await Promise.all([openMail(mail.body.html!), openMail(plain.body.html!)]);
    expect(seen.dialogs).toEqual([]);
    expect(seen.images).toBe(0);
    expect(seen.withHandlers).toBe(0);
    // Links only to the shop (the data's own URLs), for a shipped parcel to the CTT page that follows it, for a fatura to its PDF at the
    // provider.
    expect(
      seen.links.filter(
        (href) =>
          !href?.startsWith('https://loja.example/') &&
          !href?.startsWith('https://appserver.ctt.pt/') &&
          !href?.startsWith('https://conta.app.invoicexpress.com/'),
      ),
    ).toEqual([]);
    expect(seen.tags).toEqual(reference.tags);
    if (id !== 'back-in-stock') {
      expect(seen.text).toContain(`${EVIL_LINK} {{number}}${EVIL_IMG}'"&{{{text}}}`);
      expect(mail.body.text).toContain(`${EVIL_LINK} {{number}}${EVIL_IMG}'"&{{{text}}}`);
    }
  });
});
