/**
 * Back-in-stock without amplification, through the real routes and the twin's
 * outbox and SES: a request is unconfirmed until its address opens the one confirmation mail's link; a
 * restock mails confirmed requests only, at most `alertsPerUnit` (10) per unit restocked, first asked
 * first served, and the rest wait for the next restock.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { stockAlertId } from '#lambdas/repositories/stock-alerts.ts';
import { createProduct, mailsTo } from '../support/factories.ts';
import { confirmAlert, confirmationMails, confirmationOf, requestAlert } from '../support/stock-alerts.ts';
import { adminToken, call, documentClient, twin } from '../support/twin.ts';

const storedAlert = async (productId: string, email: string) =>
  (
    await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_STOCK_ALERTS, Key: { id: stockAlertId(productId, email) }, ConsistentRead: true }),
    )
  ).Item;

async function restock(productId: string, body: object): Promise<void> {
  const answer = await call('POST', `/api/admin/products/${productId}/stock`, {
    token: await adminToken(),
    body: { ...body, reason: 'adjustment' },
  });
  expect(answer.status).toBe(200);
}

/** The "de volta" mails each address received for `name`. */
async function backInStockMails(emails: readonly string[], name: string): Promise<string[]> {
  const received: string[] = [];
  for (const email of emails)
    for (const mail of await mailsTo(email)) if (mail.subject === `${name} voltou a estar disponível`) received.push(email);
  return received;
}

describe('back-in-stock with double opt-in', () => {
  it('30 requests from 15 addresses, then +1 unit: 10 "de volta" mails, first confirmed first served; unconfirmed get none', async () => {
    const domain = `optin-${randomUUID().slice(0, 8)}.example`;
    const [wanted, other] = await Promise.all([
      createProduct({ stock: 0, name: 'Colar Disputado' }),
      createProduct({ stock: 0, name: 'Anel Sossegado' }),
    ]);
    const emails = Array.from({ length: 15 }, (_, i) => `pessoa${i}@${domain}`);
    // 30 requests: every address asks for both pieces, in order (the first three asked first, and never confirm).
    for (const email of emails) for (const { id } of [wanted, other]) expect((await requestAlert(email, id)).status).toBe(201);
    // Asked again while unconfirmed: stored once, no second mail.
    expect((await requestAlert(emails[0]!, wanted.id)).status).toBe(201);
    for (const email of emails) expect(await confirmationMails(email)).toHaveLength(2);
    expect(await storedAlert(wanted.id, emails[0]!)).toMatchObject({ status: 'unconfirmed' });

    for (const email of emails.slice(3)) {
      const answer = await confirmAlert(email);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ productName: 'Anel Sossegado' });
    }
    // The newest link of each address is the second piece's; the first piece's is confirmed by its own link.
    for (const email of emails.slice(3)) {
      const mail = (await confirmationMails(email)).find((m) => m.subject.includes('Colar Disputado'))!;
      const params = new URLSearchParams(/#(\S+)/.exec(mail.body.text!)![1]);
      expect((await call('POST', '/api/stock-alerts/confirm', { body: { id: params.get('id'), token: params.get('t') } })).status).toBe(
        200,
      );
    }
    expect(await storedAlert(wanted.id, emails[3]!)).toMatchObject({ status: 'pending' });

    await restock(wanted.id, { delta: 1 });
    expect(new Set(await backInStockMails(emails, 'Colar Disputado'))).toEqual(new Set(emails.slice(3, 13)));

    // Sold out and back: the two confirmed requests left are mailed now, nobody twice, the unconfirmed never.
    await restock(wanted.id, { set: 0, expected: 1 });
    await restock(wanted.id, { delta: 1 });
    const all = await backInStockMails(emails, 'Colar Disputado');
    expect(all).toHaveLength(12);
    expect(new Set(all)).toEqual(new Set(emails.slice(3)));
    for (const email of emails.slice(0, 3)) expect(await storedAlert(wanted.id, email)).toMatchObject({ status: 'unconfirmed' });
  }, 180_000);

  it('a wrong or malformed token confirms nothing (404 / 400); the right one confirms, and again says so', async () => {
    const product = await createProduct({ stock: 0, name: 'Pulseira Confirmada' });
    const email = `confirma.${randomUUID().slice(0, 8)}@example.com`;
    expect((await requestAlert(email, product.id)).status).toBe(201);
    const { id, token } = await confirmationOf(email);
    const stored = await storedAlert(product.id, email);
    // Unconfirmed for at most 7 days (TTL), and only the token's hash is stored.
    expect(stored?.expiresAt).toBe(Math.floor(Date.parse(String(stored?.createdAt)) / 1000) + 7 * 86_400);
    expect(JSON.stringify(stored)).not.toContain(token);

    const wrong = await call('POST', '/api/stock-alerts/confirm', {
      body: { id, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.message).toBe(
      'Este link de confirmação não é válido ou já expirou (os pedidos por confirmar ' +
        'são apagados ao fim de 7 dias). Pede o aviso de novo na página da peça.',
    );
    expect((await call('POST', '/api/stock-alerts/confirm', { body: { id, token: 'curto' } })).status).toBe(400);
    expect(await storedAlert(product.id, email)).toMatchObject({ status: 'unconfirmed' });

    const right = await call('POST', '/api/stock-alerts/confirm', { body: { id, token } });
    expect(right).toMatchObject({ status: 200, body: { productName: 'Pulseira Confirmada' } });
    expect((await call('POST', '/api/stock-alerts/confirm', { body: { id, token } })).status).toBe(200);
    const confirmed = await storedAlert(product.id, email);
    expect(confirmed).toMatchObject({ status: 'pending' });
    expect(confirmed?.expiresAt).toBeUndefined();
    // Asked again once confirmed: no new mail, still confirmed.
    expect((await requestAlert(email, product.id)).status).toBe(201);
    expect(await confirmationMails(email)).toHaveLength(1);
    expect(await storedAlert(product.id, email)).toMatchObject({ status: 'pending' });
  }, 60_000);
});
