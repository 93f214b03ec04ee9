/**
 * The back-office in real headless Chromium against a fresh twin (the spec's back-office walk): sign in,
 * dashboard, orders, order detail (status, e-mails, proof), products (image upload, stock adjustments
 * and their history, back-in-stock e-mails, a form saved over a stale version), collections,
 * contacts, esgotados, logout.
 */
import { DEMO_SELLER } from '#infra/twin/seed/seller.ts';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminAddUserToGroupCommand, AdminCreateUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, ensureUser } from '#infra/twin/bootstrap.ts';
import { insertContactMessage } from '#lambdas/repositories/contact-messages.ts';
import { webDistDir } from '#infra/twin/twin.ts';
import { seedPieces } from '#infra/twin/seed/catalogue.ts';
import { adminTexts, apiTexts, uploadTexts, validationTexts } from '#shared/messages/index.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { pdfText } from '../support/pdf.ts';
import { phonePhoto } from '../support/photos.ts';
import { screenshot, useShop } from '../web/e2e-support.ts';
import { jsonCall } from '../support/clients.ts';

const shop = useShop();

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const adminPrefix = () => shop.twin.adminUrl.replace(/\/login$/, '');
const at = (path: string) => `${adminPrefix()}${path}`;

async function newPage(width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await shop.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function signIn(page: Page, email = shop.twin.admin.email, password = shop.twin.admin.password): Promise<void> {
  await page.getByPlaceholder(texts.login.emailPlaceholder).fill(email);
  await page.getByPlaceholder(texts.login.passwordPlaceholder).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Runs `use` with a client of the twin's Cognito-compatible server (accounts the walk needs). */
/** The reset code the twin's Cognito keeps for a user (in the cloud, Cognito e-mails it). */
async function resetCodeOf(email: string): Promise<string> {
  const file = join(shop.twin.dataDir, 'cognito', '.cognito', 'db', `${shop.twin.userPoolId}.json`);
  const db = JSON.parse(await readFile(file, 'utf8')) as {
    Users: Record<string, { Attributes: { Name: string; Value: string }[]; ConfirmationCode?: string }>;
  };
  const user = Object.values(db.Users).find((u) => u.Attributes.some((a) => a.Name === 'email' && a.Value === email));
  return user?.ConfirmationCode ?? '';
}

async function withCognito<T>(use: (client: ReturnType<typeof cognitoClient>) => Promise<T>): Promise<T> {
  const client = cognitoClient(shop.twin.endpoints.cognito);
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

/** The pages of a PDF Chromium printed. */
const pdfPages = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

/** JSON call to the shop's public API (the customer's side of the walk). */
const publicApi = <T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> =>
  jsonCall<T>(shop.twin.url, method, path, body, headers);

/** Places an order as a customer would: proof upload through the presigned POST, then the order. */
async function customerOrder(email: string, productId: string): Promise<{ id: string; orderNumber: number }> {
  const { upload } = await publicApi<{ upload: { url: string; fields: Record<string, string>; key: string } }>(
    'POST',
    '/api/uploads/proof',
    { contentType: 'image/png', size: PNG.length },
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'comprovativo.png');
  const sent = await fetch(upload.url, { method: 'POST', body: form });
  expect(sent.status).toBeLessThan(300);
  const shipping = {
    email,
    firstName: 'Marta',
    lastName: 'Teste',
    country: 'Portugal',
    address: 'Rua do Teste, 1',
    city: 'Braga',
    postalCode: '4700-001',
    phone: '912345678',
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
  };
  const { order } = await publicApi<{ order: { id: string; orderNumber: number } }>(
    'POST',
    '/api/orders',
    { items: [{ productId, quantity: 1 }], shipping, proofKey: upload.key },
    { 'idempotency-key': randomUUID() },
  );
  return order;
}

/** The admin API as another back-office window would call it (an access token of the admin). */
async function adminApi<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const token = await withCognito(async (client) => {
    const result = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: shop.twin.clientId,
        AuthParameters: { USERNAME: shop.twin.admin.email, PASSWORD: shop.twin.admin.password },
      }),
    );
    return result.AuthenticationResult!.AccessToken!;
  });
  const response = await fetch(`${shop.twin.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}
async function mailsTo(to: string): Promise<StoredMail[]> {
  const store = (await (await fetch(`${shop.twin.mailUrl}/store`)).json()) as { emails: StoredMail[] };
  return store.emails.filter((mail) => mail.destination.to.includes(to));
}
const mailText = (mail: StoredMail) => `${mail.subject}\n${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;

describe('back-office: the admin code stays out of the shop', () => {
  it("loads neither the admin chunk nor Amplify on the shop's pages", async () => {
    const { page, errors } = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto(`${shop.twin.url}/shop`);
    await page.getByText(seedPieces[0]!.name).first().waitFor();
    expect(scripts.filter((url) => /admin|amplify/i.test(url))).toEqual([]);
    const entry = readdirSync(join(webDistDir(), 'assets')).filter((f) => /^index-.*\.js$/.test(f));
    for (const file of entry) {
      const code = readFileSync(join(webDistDir(), 'assets', file), 'utf8');
      expect(code).not.toContain('USER_PASSWORD_AUTH');
      expect(code).not.toContain(texts.login.passwordPlaceholder);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('back-office: sign-in', () => {
  it('sends a signed-out visitor to the login, which is not indexed and refuses a wrong password in Portuguese', async () => {
    const { page, errors } = await newPage(375);
    await page.goto(at('/dashboard'));
    await page.waitForURL(/\/login$/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => page.getByPlaceholder(texts.login.emailPlaceholder).getAttribute('type')).toBe('email');
    expect(await page.getByPlaceholder(texts.login.passwordPlaceholder).getAttribute('type')).toBe('password');
    await signIn(page, shop.twin.admin.email, 'Palavra-Errada-1!');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(adminTexts.loginFailed);
    expect(page.url()).toMatch(/\/login$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('asks an account created by an operator to choose a new password on its first sign-in', async () => {
    const email = `operador-${randomUUID().slice(0, 8)}@example.com`;
    await withCognito(async (client) => {
      await client.send(
        new AdminCreateUserCommand({
          UserPoolId: shop.twin.userPoolId,
          Username: email,
          TemporaryPassword: 'Temporaria-2026!',
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: shop.twin.userPoolId, Username: email, GroupName: 'admin' }));
    });
    const { page, errors } = await newPage();
    await page.goto(shop.twin.adminUrl);
    await signIn(page, email, 'Temporaria-2026!');
    await page.getByText(adminTexts.newPasswordRequired).waitFor();
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Nova-Palavra-2026!');
    await page.getByLabel('Repetir a nova palavra-passe', { exact: true }).fill('Outra-Coisa-2026!');
    await page.getByRole('button', { name: 'Guardar e entrar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(adminTexts.newPasswordMismatch);
    await page.getByLabel('Repetir a nova palavra-passe', { exact: true }).fill('Nova-Palavra-2026!');
    await page.getByRole('button', { name: 'Guardar e entrar' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(adminTexts.welcome(email)).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password with the e-mailed code: an unknown address gets the same answer, a wrong code is refused', async () => {
    const email = `esquecida-${randomUUID().slice(0, 8)}@example.com`;
    await withCognito((client) => ensureUser(client, shop.twin.userPoolId, email, 'Antiga-Palavra-2026!', ['admin']));
    const { page, errors } = await newPage();
    await page.goto(shop.twin.adminUrl);
    await page.getByRole('button', { name: 'Esqueci-me da palavra-passe' }).click();
    // An address with no account: the same answer as one with an account (nobody learns who has one).
    await page.getByLabel('E-mail').fill('ninguem-aqui@example.com');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText(adminTexts.resetCodeSent('ninguem-aqui@example.com')).waitFor();
    await page.getByRole('button', { name: 'Enviar outro código' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText(adminTexts.resetCodeSent(email)).waitFor();
    const code = await resetCodeOf(email);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Código recebido por e-mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Nova-Palavra-2026!');
    await page.getByLabel('Repetir a nova palavra-passe', { exact: true }).fill('Nova-Palavra-2026!');
    await page.getByRole('button', { name: 'Guardar nova palavra-passe' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(adminTexts.resetCodeInvalid);
    await page.getByLabel('Código recebido por e-mail').fill(code);
    await page.getByRole('button', { name: 'Guardar nova palavra-passe' }).click();
    await page.getByText(adminTexts.resetDone).waitFor();
    await signIn(page, email, 'Nova-Palavra-2026!');
    await page.waitForURL(/\/dashboard$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tells a signed-in user outside the admin group that they have no permission', async () => {
    const email = `cliente-${randomUUID().slice(0, 8)}@example.com`;
    await withCognito((client) => ensureUser(client, shop.twin.userPoolId, email, 'Cliente-Teste-2026!', []));
    const { page, errors } = await newPage();
    await page.goto(shop.twin.adminUrl);
    await signIn(page, email, 'Cliente-Teste-2026!');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(apiTexts.forbidden);
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await page.waitForURL(/\/login$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('goes back to the login when the API refuses the session (401) or the session is gone', async () => {
    const { page } = await newPage();
    await page.goto(shop.twin.adminUrl);
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.locator('.adm-card').first().waitFor(); // the dashboard's own request is done
    // A token the API refuses (bad signature), as after a revoked or tampered session.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.endsWith('.accessToken') || key.endsWith('.idToken'))
          localStorage.setItem(key, localStorage.getItem(key)!.replace(/\.[^.]+$/, '.AAAA'));
      }
    });
    await page.getByRole('link', { name: 'Criar coleções' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText(adminTexts.sessionExpired).waitFor();
    // Signed out elsewhere (tokens gone): the next navigation inside the admin goes to the login.
    await signIn(page);
    await page.waitForURL(/\/collections$/);
    await page.locator('.adm-list li').first().waitFor(); // the page's own request is done
    await page.evaluate(() => localStorage.clear());
    await page.getByRole('link', { name: 'Esgotados' }).click();
    await page.waitForURL(/\/login$/);
    await page.close();
  });
});

describe("back-office: the owner's walk from sign-in to a shipped order", () => {
  let page: Page;
  let errors: string[];
  const customer = `cliente-${randomUUID().slice(0, 8)}@example.com`;
  const requester = `aviso-${randomUUID().slice(0, 8)}@example.com`;
  const productName = `Anel Teste ${randomUUID().slice(0, 6)}`;
  let order: { id: string; orderNumber: number } | undefined;
  let createdProductId: string | undefined;

  beforeAll(async () => {
    ({ page, errors } = await newPage());
    order = await customerOrder(customer, seedPieces.find((p) => p.stock > 2)!.id);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await page.close();
  });

  it('signs in with the local admin and lands on the dashboard', async () => {
    await page.goto(shop.twin.adminUrl);
    await signIn(page);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(adminTexts.welcome(shop.twin.admin.email)).waitFor();
    const nav = page.getByRole('navigation');
    for (const label of ['Painel', 'Encomendas', 'Produtos', 'Criar coleções', 'Contactos', 'Esgotados', 'Definições']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    const card = page.locator('.adm-card', { hasText: 'Por confirmar pagamento' });
    await expect.poll(() => card.locator('.adm-card-value').textContent()).toMatch(/^[1-9]\d*$/);
    expect(await page.locator('.adm-card', { hasText: 'Produtos esgotados' }).locator('.adm-card-value').textContent())
      // What the label says: pieces with no unit left in any size (a piece with one size out is the card's hint).
      .toBe(String(seedPieces.filter((p) => (p.variants?.length ? p.variants.every((size) => size.stock === 0) : p.stock === 0)).length));
    // Figures per period, each labelled: the order placed with its proof before this walk was received today.
    const periods = page.getByTestId('dashboard-periods');
    expect(await periods.locator('thead th').allTextContents()).toEqual(['Por período', 'Hoje', 'Últimos 7 dias', 'Este mês']);
    expect(await periods.locator('tbody tr', { hasText: 'Encomendas recebidas' }).locator('td').first().textContent()).toMatch(
      /^[1-9]\d*$/,
    );
    await screenshot(page, { path: '/tmp/shots-limits/dashboard.png', fullPage: true });
  });

  it('lists orders with their total, searches by number, name or e-mail and filters by status', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Encomendas' }).click();
    await page.getByRole('heading', { name: 'Encomendas' }).waitFor();
    const rows = page.locator('tbody tr');
    // The count says how many there are in all, not only the first page.
    await expect.poll(() => page.locator('.adm-pager').textContent()).toMatch(/\d+ (de \d+ )?encomendas?/);
    const search = page.getByPlaceholder('Procurar por Nº Encomenda...');
    for (const q of [String(order!.orderNumber).slice(0, 4), 'marta teste', customer.split('@')[0]!]) {
      await search.fill(q);
      await expect.poll(() => rows.filter({ hasText: String(order!.orderNumber) }).count(), { message: q }).toBe(1);
    }
    // The accountant's export: this month's orders as a CSV file, with this order in it.
    await page.getByText('Exportar para o contabilista (CSV)').click();
    // By default only the paid orders (the sales); this one awaits its payment's confirmation, so: every status.
    await page.locator('select[name="exportStatus"]').selectOption({ label: 'Todos os estados' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descarregar encomendas' }).click(),
    ]);
    // The file name says its days and its statuses (every one, here).
    expect(download.suggestedFilename()).toMatch(
      /^encomendas-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}-aguarda-pagamento-[a-z-]+-encerrada\.csv$/,
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`${order!.orderNumber};`);
    expect(csv).toContain('Marta;Teste;');
    await page.getByText('Exportar para o contabilista (CSV)').click(); // closed again
    await search.fill('zz-ninguém-assim');
    await page.getByText(adminTexts.noOrders).waitFor();
    await search.fill(customer);
    await expect.poll(() => rows.filter({ hasText: String(order!.orderNumber) }).count()).toBe(1);
    const row = rows.filter({ hasText: String(order!.orderNumber) });
    expect(await row.textContent()).toMatch(
      /Marta Teste.*Portugal.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}.*Transferência Bancária.*\d+,\d{2} €.*Confirmar Pagamento/,
    );
    await page.getByRole('combobox').selectOption('Enviado');
    await expect.poll(() => rows.filter({ hasText: String(order!.orderNumber) }).count()).toBe(0);
    await page.getByRole('combobox').selectOption('Confirmar Pagamento');
    await expect.poll(() => rows.filter({ hasText: String(order!.orderNumber) }).count()).toBe(1);
    await rows
      .filter({ hasText: String(order!.orderNumber) })
      .getByRole('link', { name: 'Detalhes' })
      .click();
    await page.waitForURL(new RegExp(`/ordersdetail/${order!.id}$`));
  });

  it('shows the order by id, opens the proof, sends the e-mails true of it, keeps it open through its steps, saves a status', async () => {
    await page.goto(at(`/ordersdetail/${order!.id}`)); // a reload of the detail URL works
    await page.getByRole('heading', { name: `Encomenda nº ${order!.orderNumber}` }).waitFor();
    await page.getByText(customer).first().waitFor();
    for (const text of ['Marta', 'Teste', 'Rua do Teste, 1', 'Braga', '4700-001', '912345678', 'Transferência Bancária', 'CTT']) {
      expect(await page.locator('main').textContent()).toContain(text);
    }
    const items = page.locator('.adm-table tbody tr');
    expect(await items.count()).toBe(1);

    // The packing slip: printing shows it alone (shop identification, addressee, pieces with SKU), never the navigation.
    expect(await page.getByTestId('packing-slip').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('packing-slip').isVisible()).toBe(true);
    expect(await page.getByRole('navigation').isVisible()).toBe(false);
    const slip = (await page.getByTestId('packing-slip').textContent())!;
    for (const text of [
      `Encomenda nº ${order!.orderNumber}`,
      'Joias Inox',
      'Marta Teste',
      'Rua do Teste, 1',
      '4700-001 Braga',
      'Este documento não é uma fatura.',
    ])
      expect(slip).toContain(text);
    // One slip, one sheet: what the page shows on screen takes no room on paper (it printed 3 A4 pages, 2 blank).
    expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1);
    await screenshot(page, { path: '/tmp/shots-limits/packing-slip.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Imprimir folha de encomenda' }).waitFor();

    // The customer's page: their orders and messages, by e-mail.
    await page.getByRole('link', { name: 'Ver cliente' }).click();
    await page.getByRole('heading', { name: 'Cliente: Marta Teste' }).waitFor();
    expect(await page.getByTestId('customer-orders').textContent()).toContain(`Encomenda nº ${order!.orderNumber}`);
    expect(await page.getByTestId('customer-totals').textContent()).toMatch(/^\d+ encomendas?; \d+ pagas?, \d+,\d{2} €$/);
    await screenshot(page, { path: '/tmp/shots-limits/customer.png', fullPage: true });
    await page
      .getByTestId('customer-orders')
      .getByRole('link', { name: `Encomenda nº ${order!.orderNumber}` })
      .click();
    await page.getByRole('heading', { name: `Encomenda nº ${order!.orderNumber}` }).waitFor();

    // The proof opens in a new tab through the short-lived link.
    const proofLink = page.getByRole('link', { name: 'Ver Comprovativo' });
    expect(await proofLink.getAttribute('target')).toBe('_blank');
    const proof = await page.request.get((await proofLink.getAttribute('href'))!);
    expect(proof.status()).toBe(200);
    // The owner's safe copy of the customer's PNG: re-encoded as JPEG (docs/design.md §29).
    expect([...Buffer.from(await proof.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // A click asks for a fresh link (the first one may have expired) and opens it in the new tab.
    const [tab, fresh] = await Promise.all([
      page.waitForEvent('popup'),
      page.waitForResponse((answer) => answer.url().endsWith(`/api/admin/orders/${order!.id}`) && answer.request().method() === 'GET'),
      proofLink.click(),
    ]);
    expect(fresh.status()).toBe(200);
    await expect.poll(() => tab.url()).toContain('proofs');
    await tab.close();

    // E-mails: only those true of the order. The proof arrived, so "encomenda recebida" (sent already:
    // no question) but no "pagamento confirmado", shipping or review e-mail before their steps.
    const emails = page.getByTestId('emails-panel');
    expect(await emails.getByRole('button', { name: /pagamento confirmado|código de envio|avaliação/ }).count()).toBe(0);
    await emails.getByRole('button', { name: 'Reenviar e-mail: encomenda recebida' }).click();
    await page.getByText(adminTexts.emailQueued).waitFor();
    // The history names that mail for what it says: the proof was received.
    await expect
      .poll(() => page.locator('.adm-history li', { hasText: 'Comprovativo recebido' }).count(), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);

    // An internal note goes on the timeline.
    await page.getByLabel('Nota interna (o cliente não a vê)').fill('Embrulhar para oferta');
    await page.getByRole('button', { name: 'Adicionar nota' }).click();
    await page.locator('.adm-timeline li', { hasText: 'Embrulhar para oferta' }).waitFor();

    // The steps: paid, then shipped with the CTT code; the order stays open after each.
    await page.getByTestId('step-confirm-payment').getByRole('button', { name: 'Marcar como paga' }).click();
    await page.getByTestId('step-mark-shipped').getByLabel('Código de envio').fill('RR123456785PT');
    await emails.getByRole('button', { name: 'Reenviar e-mail: pagamento confirmado' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('step-mark-shipped').getByRole('button', { name: 'Marcar como enviada' }).click();
    await page.getByTestId('status-panel').getByText('Marcada como enviada').waitFor();
    expect(page.url()).toMatch(new RegExp(`/ordersdetail/${order!.id}$`));
    // Shipped, not yet delivered: no review request (the mail buttons come from the payment view, docs/money.md).
    expect(await emails.getByRole('button', { name: 'Pedir avaliação' }).count()).toBe(0);

    // Another status: only the allowed ones; saved, back to the list with the message, and persisted.
    const status = page.getByLabel('Estado', { exact: true });
    expect(await status.locator('option:not([disabled])').allTextContents()).toEqual(['Concluído', 'Encerrada']);
    await status.selectOption('Concluido');
    await page.getByRole('button', { name: 'Guardar Estado' }).click();
    // Back to the list as the owner left it: the status filter and the search are kept.
    await page.waitForURL(/\/orders\?.*estado=Confirmar/);
    await page.getByText(adminTexts.statusUpdated).waitFor();
    await page.goto(at(`/ordersdetail/${order!.id}`));
    await page.locator('.adm-timeline li', { hasText: 'Enviado → Concluído' }).waitFor();
    expect(await page.getByLabel('Estado', { exact: true }).locator('option:not([disabled])').allTextContents()).toEqual(['Encerrada']);
    // Delivered: a review may be asked for, after a question in the panel.
    const delivered = page.getByTestId('emails-panel');
    await delivered.getByRole('button', { name: 'Pedir avaliação' }).click();
    await delivered.getByTestId('email-confirm').getByRole('button', { name: 'Sim, enviar' }).click();
    // The page shows the outcome once the outbox recorded it (its own wait; another mail's outcome does not end it).
    await expect.poll(() => page.locator('.adm-history li', { hasText: 'Pedido de avaliação' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await mailsTo(customer)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    const mails = (await mailsTo(customer)).map(mailText).join('\n---\n');
    expect(mails).toContain(String(order!.orderNumber));
    expect(mails).toContain('RR123456785PT');
    expect(mails).toContain('Marta');
  });

  it('creates a product with an image, shows it in the shop, mails the back-in-stock requester when its stock goes 0 to 3', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Produtos' }).click();
    await page.getByRole('link', { name: 'Criar Produto' }).click();
    await page.waitForURL(/\/products\/new$/);
    await page.getByLabel('Nome *').fill(productName);
    await page.getByLabel('Código *').fill(`T-${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Tipo *').selectOption('anel');
    await page.getByLabel('Coleção').selectOption('New Beginnings');
    await page.getByLabel('Preço (€) *').fill('19,90');
    await page.getByLabel('Stock inicial *').fill('0');
    await page.getByLabel('Descrição', { exact: true }).fill('Anel criado pelo teste do back-office.');
    // Two phone photos and a text file renamed .jpg: the photos are processed (progress shown
    // until their files exist), the text file is refused with the server's message.
    const [first, second] = await Promise.all([phonePhoto({ hue: 15 }), phonePhoto({ hue: 200 })]);
    await page.locator('input[type=file][name=photos]').setInputFiles([
      { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: first },
      { name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: second },
      { name: 'lista.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Lista de compras: pão, leite.') },
    ]);
    await page.getByText(uploadTexts.photoWrongType).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.adm-photo[data-photo-id]').count(), { timeout: 60_000 }).toBe(2);
    await page.getByRole('button', { name: 'Fechar' }).click();
    // The second becomes the main photo, with its own alt text.
    const ids = await page.locator('.adm-photo[data-photo-id]').evaluateAll((items) => items.map((i) => i.getAttribute('data-photo-id')));
    await page.getByRole('button', { name: 'Mover a foto 2 para antes' }).click();
    expect(
      await page.locator('.adm-photo[data-photo-id]').evaluateAll((items) => items.map((i) => i.getAttribute('data-photo-id'))),
    ).toEqual([ids[1], ids[0]]);
    await page.getByLabel('Descrição da foto 1').fill('O anel na mão');
    await screenshot(page, { path: '/tmp/shots-photos/admin-photos.png', fullPage: true });
    await page.getByRole('button', { name: 'Criar Produto' }).click();
    await page.waitForURL(/\/products\/edit\/[^/]+$/);
    await page.getByText(adminTexts.productSaved).waitFor();
    createdProductId = decodeURIComponent(page.url().split('/').pop()!);

    // In the shop, with its picture.
    const storefront = await shop.browser.newPage();
    await storefront.goto(`${shop.twin.url}/shop`);
    const card = storefront.locator('.product-card', { hasText: productName });
    await card.waitFor();
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await card.locator('img').first().getAttribute('src')).toBe(`/images/p/${ids[1]}-960.jpg`);
    await storefront.goto(`${shop.twin.url}/product/${encodeURIComponent(createdProductId)}`);
    await storefront.locator('.gallery__main').first().waitFor();
    expect(await storefront.locator('.gallery__main').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))).toEqual([
      'O anel na mão',
      productName,
    ]);
    await storefront.close();

    // The edit form has no stock field: stock changes in "Ajustar stock", next to it.
    expect(await page.getByLabel('Stock inicial *').count()).toBe(0);
    const panel = page.getByRole('region', { name: 'Ajustar stock' });
    await expect.poll(() => panel.getByTestId('current-stock').textContent()).toBe('0');
    await page.getByText(adminTexts.noStockMovements).waitFor();

    // Someone asks to be told when it is back; then an adjustment takes the stock from 0 to 3.
    await publicApi('POST', '/api/stock-alerts', { email: requester, productId: createdProductId });
    // The address confirms its request first (double opt-in): a restock mails confirmed requests only.
    await expect.poll(async () => (await mailsTo(requester)).length).toBe(1);
    const link = new URLSearchParams(/\/aviso\/confirmar#(\S+)/.exec(mailText((await mailsTo(requester))[0]!))?.[1] ?? '');
    await publicApi('POST', '/api/stock-alerts/confirm', { id: link.get('id'), token: link.get('t') });
    await panel.getByLabel('Quantidade a somar ou retirar').fill('3');
    await panel.getByLabel('Nota (opcional)').fill('Chegaram da oficina');
    await panel.getByRole('button', { name: 'Aplicar' }).click();
    await panel.getByText(adminTexts.backInStockQueued).waitFor();
    await panel.getByText(adminTexts.stockAdjusted(3)).waitFor();
    await expect.poll(() => panel.getByTestId('current-stock').textContent()).toBe('3');
    await expect.poll(async () => (await mailsTo(requester)).length).toBe(2);
    expect(mailText((await mailsTo(requester)).at(-1)!)).toContain(productName);
    const history = page.locator('.adm-stock-history li');
    await expect.poll(() => history.first().textContent()).toContain('+3');
    expect(await history.first().textContent()).toMatch(/Ajuste.*admin@example\.com.*Chegaram da oficina/);
  });

  it('"Definir para N" over a stock that moved answers with the current value, and works once the owner retries', async () => {
    expect(createdProductId).toBeTruthy();
    const panel = page.getByRole('region', { name: 'Ajustar stock' });
    await expect.poll(() => panel.getByTestId('current-stock').textContent()).toBe('3');
    // A customer buys one while the owner looks at 3.
    await customerOrder(customer, createdProductId!);
    await panel.getByLabel('Definir para N').check();
    await panel.getByLabel('Novo stock').fill('10');
    await panel.getByRole('button', { name: 'Definir stock' }).click();
    await panel.getByText(apiTexts.stockChanged(2)).waitFor();
    await expect.poll(() => panel.getByTestId('current-stock').textContent()).toBe('2');
    await expect.poll(() => page.locator('.adm-stock-history li').first().textContent()).toContain('Reserva');
    // The owner confirms over the value now shown.
    await panel.getByRole('button', { name: 'Definir stock' }).click();
    await panel.getByText(adminTexts.stockAdjusted(10)).waitFor();
    await expect.poll(() => page.locator('.adm-stock-history li').first().textContent()).toContain('+8');
    expect((await publicApi('GET', `/api/products/${createdProductId}`)).product.stock).toBe(10);
  });

  it('refuses to save the form over a version changed meanwhile, and reloads the current values on request', async () => {
    expect(createdProductId).toBeTruthy();
    // Another window renames the product after this page loaded it.
    const loaded = await adminApi('GET', `/api/admin/products/${createdProductId}`);
    const { id: _id, stock: _stock, variants: _variants, ...fields } = loaded.body.product;
    const renamed = `${productName} (renomeado)`;
    expect((await adminApi('PUT', `/api/admin/products/${createdProductId}`, { ...fields, name: renamed })).status).toBe(200);

    await page.getByLabel('Preço (€) *').fill('21,50');
    await page.getByRole('button', { name: 'Guardar Produto' }).click();
    await page.getByText(apiTexts.productChanged).waitFor();
    expect((await publicApi('GET', `/api/products/${createdProductId}`)).product).toMatchObject({ name: renamed, priceCents: 1990 });
    await page.getByRole('button', { name: 'Recarregar valores atuais' }).click();
    // The other window's name comes in; the price the owner typed stays, and she is told so.
    await page.getByText(texts.productForm.mergeKept([texts.productForm.price])).waitFor();
    await expect.poll(() => page.getByLabel('Nome *').inputValue()).toBe(renamed);
    expect(await page.getByLabel('Preço (€) *').inputValue()).toBe('21,50');
    await page.getByRole('button', { name: 'Guardar Produto' }).click();
    await page.getByText(adminTexts.productSaved).waitFor();
    expect((await publicApi('GET', `/api/products/${createdProductId}`)).product).toMatchObject({
      name: renamed,
      priceCents: 2150,
      stock: 10,
    });
  });

  it('keeps what the owner typed when the session ends before the save, and gives it back after signing in again', async () => {
    expect(createdProductId).toBeTruthy();
    const typed = `Descrição escrita antes de a sessão acabar ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Descrição', { exact: true }).fill(typed);
    await page.waitForTimeout(500); // the draft is written a moment after typing stops
    // The session ends (tokens gone, as after expiry or a sign-out elsewhere); the next page asks to sign in.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
    });
    await page.reload();
    await page.waitForURL(/\/login$/);
    await signIn(page);
    await page.waitForURL(new RegExp(`/products/edit/${createdProductId}$`));
    await page.getByText(/Recuperámos as alterações que escreveste/).waitFor();
    expect(await page.getByLabel('Descrição', { exact: true }).inputValue()).toBe(typed);
    await screenshot(page, { path: '/tmp/shots-limits/draft-restored.png', fullPage: true });
    await page.getByRole('button', { name: 'Guardar Produto' }).click();
    await page.getByText(adminTexts.productSaved).waitFor();
    expect((await publicApi('GET', `/api/products/${createdProductId}`)).product.description).toBe(typed);
    // Saved: the draft is gone, a reload shows no notice.
    await page.reload();
    await page.getByLabel('Descrição', { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByText(/Recuperámos as alterações/).count()).toBe(0);
  });

  it('duplicates a piece as a draft (not in the shop), then deletes the copy, which no order took', async () => {
    expect(createdProductId).toBeTruthy();
    await page.goto(at(`/products/edit/${createdProductId}`));
    await page.getByRole('link', { name: 'Duplicar peça' }).click();
    await page.waitForURL(/\/products\/new$/);
    await expect.poll(() => page.getByLabel('Nome *').inputValue()).toMatch(/\(cópia\)$/);
    expect(await page.getByLabel('Estado').inputValue()).toBe('draft');
    const code = `COPIA-${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Código *').fill(code);
    await page.getByRole('button', { name: 'Criar Produto' }).click();
    await page.waitForURL(/\/products\/edit\//);
    const copyId = page.url().split('/').pop()!;
    expect(copyId).not.toBe(createdProductId);
    expect((await publicApi('GET', '/api/products')).products.map((p: { id: string }) => p.id)).not.toContain(copyId);
    await page.getByRole('button', { name: 'Apagar peça' }).click();
    await page.getByRole('button', { name: 'Sim, apagar' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByText('Peça apagada.').waitFor();
    expect((await adminApi('GET', `/api/admin/products/${copyId}`)).status).toBe(404);
  });

  it("creates a ring in sizes, each with its stock; a size with units cannot be removed; one size's stock changes alone", async () => {
    await page.goto(at('/products/new'));
    const name = `Anel Medidas ${randomUUID().slice(0, 4)}`;
    await page.getByLabel('Nome *').fill(name);
    await page.getByLabel('Código *').fill(`AM-${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Tipo *').selectOption('anel');
    await page.getByLabel('Preço (€) *').fill('20,00');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Acrescentar tamanho' }).click();
    // Without sizes the piece has one stock; with sizes each has its own.
    expect(await page.getByLabel('Stock inicial *').count()).toBe(0);
    const sizes = [
      ['14', '', '2'],
      ['16', '2,50', '0'],
      ['18', '', '4'],
    ] as const;
    for (const [i, [label, extra, stock]] of sizes.entries()) {
      await page.getByLabel(`Nome do tamanho ${i + 1}`).fill(label);
      await page.getByLabel(`Acréscimo ao preço de ${label}, em euros`).fill(extra);
      await page.getByLabel(`Stock inicial de ${label}`).fill(stock);
    }
    await page.getByRole('button', { name: 'Descer 14' }).click();
    await screenshot(page, { path: '/tmp/shots-photos/admin-sizes-new.png', fullPage: true });
    await page.getByRole('button', { name: 'Criar Produto' }).click();
    await page.waitForURL(/\/products\/edit\/[^/]+$/);
    await page.getByText(adminTexts.productSaved).waitFor();
    const id = decodeURIComponent(page.url().split('/').pop()!);
    const created = (await adminApi('GET', `/api/admin/products/${id}`)).body.product as {
      stock: number;
      variants: { label: string; stock: number; priceDeltaCents: number }[];
    };
    expect(created.variants.map((v) => [v.label, v.stock, v.priceDeltaCents])).toEqual([
      ['16', 0, 250],
      ['14', 2, 0],
      ['18', 4, 0],
    ]);
    expect(created.stock).toBe(6);

    // Removing size 18 (4 in stock) is refused with the server's reason; nothing changes.
    await page.getByRole('button', { name: 'Retirar 18' }).click();
    await page.getByRole('button', { name: 'Guardar Produto' }).click();
    await page.getByText(adminTexts.sizeHasStock('18', 4)).first().waitFor();
    expect((await adminApi('GET', `/api/admin/products/${id}`)).body.product.variants).toHaveLength(3);

    // The stock panel: per size, and a change to size 16 only.
    await page.reload();
    const panel = page.getByRole('region', { name: 'Ajustar stock' });
    await expect.poll(() => panel.locator('.adm-stock-sizes tbody tr').allTextContents()).toEqual(['16—0', '14—2', '18—4']);
    await panel.getByLabel('Tamanho', { exact: true }).selectOption({ label: '16 (0 em stock)' });
    await panel.getByLabel('Quantidade a somar ou retirar').fill('5');
    await panel.getByRole('button', { name: 'Aplicar' }).click();
    await panel.getByText('Stock do tamanho 16 atualizado: agora é 5.').waitFor();
    await expect.poll(() => panel.getByTestId('current-stock').textContent()).toBe('11');
    await expect.poll(() => page.locator('.adm-stock-history li').first().textContent()).toContain('tamanho 16');
    await screenshot(page, { path: '/tmp/shots-photos/admin-sizes-edit.png', fullPage: true });

    // The list shows the total and each size's stock.
    await page.goto(at('/products'));
    await expect
      .poll(() => page.locator('tr', { hasText: name }).locator('.adm-size-stock').textContent())
      .toBe('16: 5 · 14: 2 (stock baixo) · 18: 4');
  });

  it('creates a collection, and refuses the same name again in Portuguese', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Criar coleções' }).click();
    await page.getByRole('link', { name: 'Criar Nova Coleção' }).click();
    await page.waitForURL(/\/create-collection$/);
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(() => page.locator('.field-error').textContent()).toBe(validationTexts.collectionName.required);
    const name = `Outono ${randomUUID().slice(0, 6)}`;
    await page.getByLabel('Nome da coleção').fill(name);
    await page.getByRole('button', { name: 'Criar' }).click();
    await page.waitForURL(/\/collections$/);
    await page.getByText(adminTexts.collectionCreated).waitFor();
    await page.locator('.adm-list li', { hasText: name }).waitFor();
    await page.getByRole('link', { name: 'Criar Nova Coleção' }).click();
    await page.getByLabel('Nome da coleção').fill(name.toUpperCase());
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(() => page.locator('.field-error').textContent()).toBe(apiTexts.collectionExists);
    expect(await page.getByLabel('Nome da coleção *').getAttribute('aria-invalid')).toBe('true');

    // Renamed, then deleted (it is empty).
    await page.getByRole('navigation').getByRole('link', { name: 'Criar coleções' }).click();
    const row = page.locator('.adm-list li', { hasText: name });
    await row.getByRole('button', { name: 'Mudar o nome' }).click();
    await page.getByLabel(`Novo nome para «${name}»`).fill(`${name} Dourado`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Coleção renomeada para «${name} Dourado»; as suas peças foram com ela.`).waitFor();
    const renamed = page.locator('.adm-list li', { hasText: `${name} Dourado` });
    await renamed.getByRole('button', { name: 'Apagar' }).click();
    await renamed.getByRole('button', { name: 'Sim, apagar' }).click();
    await page.getByText(`Coleção «${name} Dourado» apagada.`).waitFor();
    expect(await page.locator('.adm-list li', { hasText: name }).count()).toBe(0);
  });

  it('lists contact messages newest first and opens one by id', async () => {
    // More than one server page (20), so that the list needs 'Mais mensagens': 21 older messages
    // stored as the contact form stores them (each sent through the form would cost a proof of work),
    // then the newest one through the shop's form.
    const start = Date.now() - 60_000;
    for (let n = 0; n < 21; n += 1) {
      await insertContactMessage(
        randomUUID(),
        { name: `Cliente ${n}`, email: `antigo${n}@example.com`, phone: '913000111', subject: `Mensagem antiga ${n}`, message: 'Olá!' },
        new Date(start + n * 1000),
      );
    }
    const subject = `Tamanhos ${randomUUID().slice(0, 6)}`;
    await publicApi('POST', '/api/contact-messages', {
      name: 'Rita Teste',
      email: 'rita@example.com',
      phone: '913000111',
      subject,
      message: 'Olá!\nQue tamanhos têm?',
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Contactos' }).click();
    await page.getByRole('heading', { name: 'Lista de Contactos' }).waitFor();
    const first = page.locator('tbody tr').first();
    await expect.poll(() => first.textContent()).toContain(subject);
    expect(await first.getAttribute('class')).toContain('adm-unread');
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Mais mensagens' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(20);
    await page.getByText('Mensagem antiga 0', { exact: true }).waitFor(); // the oldest, on the second page
    await first.getByRole('link', { name: 'Ver Detalhes' }).click();
    await page.waitForURL(/\/contactdetail\/[^/]+$/);
    await page.reload(); // loaded by id: a reload works
    for (const text of ['Rita Teste', 'rita@example.com', '913000111', subject, 'Que tamanhos têm?'])
      await page.getByText(text).first().waitFor();
  });

  it('shows the back-in-stock requests with their state', async () => {
    // A request its customer has not confirmed from the mail yet (double opt-in): nobody is told of it.
    const unconfirmed = `espera-${randomUUID().slice(0, 8)}@example.com`;
    await publicApi('POST', '/api/stock-alerts', { email: unconfirmed, productId: seedPieces.find((piece) => piece.stock === 0)!.id });
    await page.getByRole('navigation').getByRole('link', { name: 'Esgotados' }).click();
    await page.getByRole('heading', { name: 'Esgotados' }).waitFor();
    await page.locator('thead th').first().waitFor();
    const headers = await page.locator('thead th').allTextContents();
    expect(headers.map((h) => h.toLowerCase())).toEqual(['e-mail', 'produto', 'data', 'hora', 'estado']);
    await expect.poll(() => page.locator('tbody tr', { hasText: unconfirmed }).textContent()).toContain('por confirmar');
    if (createdProductId) {
      const row = page.locator('tbody tr', { hasText: requester });
      await expect.poll(() => row.textContent()).toContain('notificado');
      expect(await row.textContent()).toContain(productName);
    }
  });

  it('changes the IBAN on "Definições": a typo refused in place, a valid one reaches the checkout, no deploy, in the history', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Definições' }).click();
    await page.getByRole('heading', { name: 'Definições', level: 1 }).waitFor();
    const iban = page.getByLabel('Transferência: IBAN');
    const original = await iban.inputValue();
    expect(original).toMatch(/^PT50/);

    await iban.fill('PT50 0035 0000 0000 1234 5677 8');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(/Este IBAN não é válido/).waitFor();
    expect(await iban.getAttribute('aria-invalid')).toBe('true');

    await iban.fill('PT50 0035 0000 0000 1234 5677 9');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
    const latest = page.locator('.adm-settings-history .adm-change-card').first();
    await expect.poll(() => latest.textContent()).toContain(`Transferência: IBAN: ${original} → PT50 0035 0000 0000 1234 5677 9`);
    expect(await latest.textContent()).toContain(shop.twin.admin.email);
    await screenshot(page, { path: '/tmp/shots-settings/settings.png', fullPage: true });

    // The checkout's payment methods say it within the functions' short cache, no deploy.
    const transfer = async () =>
      ((await publicApi('GET', '/api/payment-methods')) as { methods: { id: string; instructions?: { iban?: string } }[] }).methods.find(
        (m) => m.id === 'transferencia',
      );
    await expect
      .poll(async () => (await transfer())?.instructions?.iban, { timeout: 20_000, interval: 500 })
      .toBe('PT50 0035 0000 0000 1234 5677 9');

    // Back to the demo IBAN, for the other walks.
    await page.getByLabel('Transferência: IBAN').fill(original);
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
    await expect.poll(async () => (await transfer())?.instructions?.iban, { timeout: 20_000, interval: 500 }).toBe(original);
  });

  it('sets how long contact messages are kept on "Definições": under a month refused; the privacy policy states the period', async () => {
    const days = page.getByLabel('Dias a guardar as mensagens de contacto');
    await days.waitFor();
    const original = await days.inputValue();
    expect(original).toBe('365');
    await days.fill('7');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(validationTexts.settings.retentionDays).waitFor();
    expect(await days.getAttribute('aria-invalid')).toBe('true');

    await days.fill('200');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
    const latest = page.locator('.adm-settings-history .adm-change-card').first();
    await expect.poll(() => latest.textContent()).toContain('Dias a guardar as mensagens de contacto: 365 → 200');
    await screenshot(page.locator('fieldset', { hasText: 'Dados pessoais' }), { path: '/tmp/shots-settings/retention.png' });

    // A customer reading the privacy policy (a browser of its own: nothing cached) is told the period in force.
    const customer = await shop.browser.newContext();
    const privacy = await customer.newPage();
    await privacy.goto(`${shop.twin.url}/Politica-Privacidade`);
    const periods = privacy.getByTestId('retention-periods');
    await expect
      .poll(async () => ((await periods.count()) ? periods.textContent() : ''), { timeout: 20_000 })
      .toContain('Mensagens de contacto: 200 dias');
    expect(await periods.textContent()).toContain('Encomendas: 10 anos');
    await screenshot(privacy.locator('main'), { path: '/tmp/shots-settings/privacy.png' });
    await customer.close();

    await page.getByLabel('Dias a guardar as mensagens de contacto').fill(original);
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
  });

  it('gives the seller\'s identification on "Definições": a mistyped NIF refused; saved, every page and the PDF name them', async () => {
    const form = page.locator('fieldset', { hasText: 'Identificação do vendedor' });
    await form.waitFor();
    // The twin starts with its fictitious demo seller (docs/design.md §33): the owner gives the real one.
    await page.getByLabel('Denominação social (ou nome do empresário)').fill('Joias Inox, Lda.');
    const nif = page.getByLabel('NIF / NIPC');
    await nif.fill('503 504 565');
    await page.getByLabel('Sede (morada completa)').fill('Rua das Flores, 12, 4050-262 Porto');
    await page.getByLabel('Telefone', { exact: true }).fill('220 000 000');
    await page.getByLabel('Registo comercial (ou início de atividade)').fill('Conservatória do Registo Comercial do Porto, n.º 503504564');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(validationTexts.settings.nif).waitFor();
    expect(await nif.getAttribute('aria-invalid')).toBe('true');
    await screenshot(form, { path: '/tmp/shots-settings/seller-refused.png' });

    await nif.fill('503 504 564');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
    expect(await nif.inputValue()).toBe('503504564');
    await expect
      .poll(() => page.locator('.adm-settings-history .adm-change-card').first().textContent())
      .toContain(`NIF / NIPC: ${DEMO_SELLER.nif} → 503504564`);
    await screenshot(form, { path: '/tmp/shots-settings/seller.png' });

    // A customer (a browser of its own): the footer of a kept page, as HTML before any script, and as the app shows it.
    const line = 'Joias Inox, Lda. · NIF 503504564 · Sede: Rua das Flores, 12, 4050-262 Porto';
    await expect.poll(async () => (await (await fetch(`${shop.twin.url}/faq`)).text()).includes(line), { timeout: 20_000 }).toBe(true);
    const customer = await shop.browser.newContext();
    const reader = await customer.newPage();
    // The app asks the API for the shop's details, whose functions keep the settings they read for
    // SETTINGS_CACHE_SECONDS: once past that, the page as the app shows it names the new seller.
    await expect
      .poll(
        async () => {
          await reader.goto(`${shop.twin.url}${encodeURI('/Informação-Legal')}`, { waitUntil: 'networkidle' });
          return reader.getByTestId('footer-seller').textContent();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toContain(line);
    expect(await reader.getByTestId('seller-details').textContent()).toContain(
      'Conservatória do Registo Comercial do Porto, n.º 503504564',
    );
    await screenshot(reader.locator('main'), { path: '/tmp/shots-settings/legal.png' });
    const pdf = async () =>
      pdfText(new Uint8Array(await (await fetch(`${shop.twin.url}/documentos/formulario-de-livre-resolucao.pdf`)).arrayBuffer()));
    await expect.poll(pdf, { timeout: 20_000 }).toContain('Para Joias Inox, Lda. (Joias Inox), Rua das Flores, 12, 4050-262 Porto');
    await customer.close();
  });

  it('lowers the units of one piece per order on "Definições": the product page and the cart stop at the new cap', async () => {
    const cap = page.getByLabel('Unidades de uma peça por encomenda, no máximo');
    expect(await cap.inputValue()).toBe('10');
    await cap.fill('3');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();

    const customer = await shop.browser.newContext();
    const shopper = await customer.newPage();
    // The functions keep the settings they read for SETTINGS_CACHE_SECONDS: the shop says the new cap once they have read it.
    await expect
      .poll(async () => ((await publicApi('GET', '/api/shop-info')) as { orderCaps: { lineQuantity: number } }).orderCaps.lineQuantity, {
        timeout: 20_000,
      })
      .toBe(3);
    const listing = (await publicApi('GET', '/api/products')) as { products: { id: string; soldOut: boolean; sizes: number }[] };
    // A piece without sizes (one sold in sizes asks for one first), with 5 or more in stock (the product's own answer says).
    let inStock: { id: string } | undefined;
    for (const candidate of listing.products.filter((p) => !p.soldOut && p.sizes === 0)) {
      const { product } = (await publicApi('GET', `/api/products/${encodeURIComponent(candidate.id)}`)) as { product: { stock: number } };
      if (product.stock >= 5) {
        inStock = candidate;
        break;
      }
    }
    if (!inStock) throw new Error('no piece without sizes with 5 in stock');
    await shopper.goto(`${shop.twin.url}/product/${encodeURIComponent(inStock.id)}`);
    const more = shopper.getByRole('button', { name: 'Aumentar quantidade', exact: true });
    await more.waitFor();
    // The kept page may have been rendered before the save; the app takes the cap the API now says.
    await expect.poll(() => shopper.locator('.quantity__input').getAttribute('max'), { timeout: 20_000 }).toBe('3');
    await more.click();
    await more.click();
    expect(await shopper.locator('.quantity__input').inputValue()).toBe('3');
    expect(await more.isDisabled()).toBe(true);
    await shopper.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await shopper.goto(`${shop.twin.url}/cart`);
    await expect.poll(() => shopper.locator('.cart-line__count').first().textContent()).toBe('3');
    expect(
      await shopper
        .getByRole('button', { name: /^Aumentar quantidade de / })
        .first()
        .isDisabled(),
    ).toBe(true);
    await screenshot(shopper, { path: '/tmp/shots-settings/cart-cap.png' });
    await customer.close();

    await page.getByLabel('Unidades de uma peça por encomenda, no máximo').fill('10');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await page.getByText(adminTexts.settingsSaved).waitFor();
  });

  it('logs out, after which the admin URL redirects to the login', async () => {
    await page.getByRole('button', { name: 'Terminar sessão' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(at('/orders'));
    await page.waitForURL(/\/login$/);
    await page.getByPlaceholder(texts.login.emailPlaceholder).waitFor();
  });
});
