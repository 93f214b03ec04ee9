import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { stockAlertId } from '#lambdas/repositories/stock-alerts.ts';
import { mailsTo } from '../support/factories.ts';
import { call, documentClient, twin } from '../support/twin.ts';

const contact = () => ({
  name: 'Maria Silva',
  email: `maria.${randomUUID().slice(0, 6)}@example.com`,
  phone: '912 345 678',
  subject: 'Tamanho do colar',
  message: 'Olá!\nO colar Coração Eterno tem 45 cm?',
});

describe('POST /api/contact-messages', () => {
  it('stores the message (trimmed) and answers 201 with its id', async () => {
    const input = contact();
    const { status, body } = await call('POST', '/api/contact-messages', { body: { ...input, name: `  ${input.name} ` } });
    expect(status).toBe(201);
    const { Item } = await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_CONTACT_MESSAGES, Key: { id: body.id } }));
    // The phone as typed ('912 345 678') is stored normalised (digits only).
    expect(Item).toMatchObject({ ...input, phone: '912345678', read: false, listing: 'contact' });
    expect(Date.parse(Item!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // The owner hears about it at once, at the shop's own address, with the customer's words as text.
    const owner = (await mailsTo(twin().env.MAIL_FROM!)).filter((mail) => mail.body.text?.includes(input.email));
    expect(owner.map((mail) => mail.subject)).toEqual(['Nova mensagem de contacto: Tamanho do colar']);
    expect(owner[0]!.body.text).toContain('O colar Coração Eterno tem 45 cm?');
  });

  it('refuses missing and malformed fields with Portuguese messages per field, storing nothing', async () => {
    const input = contact();
    const { status, body } = await call('POST', '/api/contact-messages', {
      body: { ...input, email: 'não-é-email', message: '   ', subject: undefined },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.fields).sort()).toEqual(['email', 'message', 'subject']);
    for (const text of Object.values(body.error.fields)) expect(text).toMatch(/[A-Za-zÀ-ú]/);
    const stored = await documentClient().send(
      new QueryCommand({
        TableName: twin().env.TABLE_CONTACT_MESSAGES,
        IndexName: 'byListing',
        KeyConditionExpression: 'listing = :l',
        FilterExpression: 'email = :e',
        ExpressionAttributeValues: { ':l': 'contact', ':e': input.email },
      }),
    );
    expect(stored.Items).toEqual([]);
  });
});

describe('POST /api/stock-alerts', () => {
  it('stores one unconfirmed request per product and e-mail, however often it is asked, with one confirmation mail', async () => {
    const email = `joana.${randomUUID().slice(0, 6)}@example.com`;
    const first = await call('POST', '/api/stock-alerts', { body: { email, productId: 'colar-lua-crescente' } });
    const again = await call('POST', '/api/stock-alerts', { body: { email: email.toUpperCase(), productId: 'colar-lua-crescente' } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_STOCK_ALERTS, Key: { id: stockAlertId('colar-lua-crescente', email) } }),
    );
    expect(Item).toMatchObject({ email, productId: 'colar-lua-crescente', productName: 'Colar Lua Crescente', status: 'unconfirmed' });
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(['Confirma o aviso de Colar Lua Crescente']);
  });

  it('refuses a product that is in stock (409: it can be bought now), storing nothing', async () => {
    const email = `rui.${randomUUID().slice(0, 6)}@example.com`;
    const inStock = await call('POST', '/api/stock-alerts', { body: { email, productId: 'anel-infinito' } });
    expect(inStock.status).toBe(409);
    expect(inStock.body.error).toMatchObject({ code: 'product_in_stock', message: 'Esta peça está disponível: podes comprá-la já.' });
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_STOCK_ALERTS, Key: { id: stockAlertId('anel-infinito', email) } }),
    );
    expect(Item).toBeUndefined();
  });

  it('refuses an unknown product (404) and an empty e-mail (400) without storing', async () => {
    const email = `ze.${randomUUID().slice(0, 6)}@example.com`;
    const unknown = await call('POST', '/api/stock-alerts', { body: { email, productId: 'nao-existe' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Produto não encontrado.');
    const empty = await call('POST', '/api/stock-alerts', { body: { email: '', productId: 'colar-lua-crescente' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.email).toBeTruthy();
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: twin().env.TABLE_STOCK_ALERTS, Key: { id: stockAlertId('nao-existe', email) } }),
    );
    expect(Item).toBeUndefined();
  });
});

describe('GET /api/sitemap.xml', () => {
  it('lists the public pages and every product with absolute URLs, and never the back-office', async () => {
    const { status, headers, body } = await call('GET', '/api/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/xml/);
    expect(body).toContain(`<loc>${twin().url}/shop</loc>`);
    expect(body).toContain(`<loc>${twin().url}/product/anel-infinito</loc>`);
    expect(body).toContain(`<loc>${twin().url}/Politica-Devolu%C3%A7%C3%B5es</loc>`);
    expect(body).not.toMatch(/bastidores|admin/);
    // Each product with the day it last changed.
    expect(body).toMatch(new RegExp(`<loc>${twin().url}/product/anel-infinito</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });

  it('is at the root too (a sitemap covers only URLs under its own folder), and robots.txt names it there', async () => {
    const root = await call('GET', '/sitemap.xml');
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toMatch(/application\/xml/);
    expect(root.body).toContain(`<loc>${twin().url}/product/anel-infinito</loc>`);
    const robots = await call('GET', '/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${twin().url}/sitemap.xml`);
    expect((await call('POST', '/sitemap.xml', { body: {} })).status).not.toBe(200);
  });
});
