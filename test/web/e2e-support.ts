/**
 * Helpers of the browser tests (`test/e2e/*.test.ts`): a twin serving the built shop (the file's own,
 * or the one the shopping walks share), pages with their errors collected, axe-core, and DynamoDB reads.
 */
import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, GetCommand, UpdateCommand, PutCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { holdCounterName } from '#lambdas/repositories/holds.ts';
import { clientAddressKey } from '#shared/identity-keys.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { startTwin, webDistDir, type Twin } from '#infra/twin/twin.ts';
import { launchBrowser } from '../support/browser.ts';
import { clientFetch } from '../support/clients.ts';
import { walkTwinOptions, type WalkOptions } from '../support/walk-twin.ts';
import { DEFAULT_VARIANT_ID } from '#shared/variants.ts';
import { ORDER_TOKEN_HEADER } from '#shared/paths.ts';

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 375, height: 812 } as const;

/** What the helpers below need of a twin: its address, its handlers' environment, its services. */
export type TwinData = Pick<Twin, 'url' | 'env' | 'endpoints'>;

/**
 * The twin the shopping walks share (started by `test/support/e2e-global-setup.ts`), as plain data:
 * `forgetUrl` makes the twin's front door forget an address's requests (`?address=`).
 */
export interface ShopTwin extends Pick<Twin, 'url' | 'adminUrl' | 'mailUrl' | 'admin' | 'endpoints' | 'userPoolId' | 'clientId' | 'env'> {
  readonly forgetUrl: string;
}

export interface Shop<T extends TwinData = Twin> {
  readonly twin: T;
  readonly browser: Browser;
}

function requireBuiltShop(): void {
  if (!existsSync(join(webDistDir(), 'index.html'))) throw new Error('Build the shop first: npm run build:web (or set WEB_DIST)');
}

/**
 * A fresh twin (in memory, demo catalogue: {@link walkTwinOptions}) serving the built shop, and
 * Chromium, for the test file: started before its tests, stopped after them. Read `twin` and `browser`
 * inside the tests. For the walks that change what every shopper sees (settings, the admin account, the
 * clock, an address's limits); a walk that only shops uses `useSharedShop`.
 */
export function useShop(options: WalkOptions = {}): Shop {
  const shop = {} as { twin: Twin; browser: Browser };
  beforeAll(async () => {
    requireBuiltShop();
    [shop.twin, shop.browser] = await Promise.all([startTwin(walkTwinOptions(options)), launchBrowser()]);
  });
  afterEach(async () => {
    if (shop.twin) await forgetAddress(shop.twin, '127.0.0.1', async () => shop.twin.edge?.forget('127.0.0.1'));
  });
  afterAll(async () => {
    await shop.browser?.close();
    await shop.twin?.stop();
  });
  return shop;
}

/**
 * The twin the shopping walks share (one start for all of them, `e2e-shared` in
 * `test/e2e/vitest.config.ts`), and Chromium for this file. The file makes its own pieces
 * (`createProduct` of `test/support/factories.ts`) and its own customers, and reads only those: other
 * files shop on the same twin before it. This worker gets the twin's environment, so the API's own
 * repositories (and the factories) write to its tables.
 */
export function useSharedShop(): Shop<ShopTwin> {
  const shop = {} as { twin: ShopTwin; browser: Browser };
  beforeAll(async () => {
    requireBuiltShop();
    shop.twin = inject('shopTwin');
    Object.assign(process.env, shop.twin.env);
    shop.browser = await launchBrowser();
  });
  afterEach(async () => {
    const forget = async () => {
      const answer = await fetch(`${shop.twin.forgetUrl}?address=127.0.0.1`, { method: 'POST' });
      if (answer.status !== 204) throw new Error(`the shared twin did not forget the browser's address: ${answer.status}`);
    };
    if (shop.twin) await forgetAddress(shop.twin, '127.0.0.1', forget);
  });
  afterAll(async () => {
    await shop.browser?.close();
  });
  return shop;
}

/**
 * Each test is a new shopper, but a browser on this machine always comes from 127.0.0.1: what the
 * previous shopper held (and sent, for the edge's rate rules: `atEdge`) stops counting against the
 * address (never within a test; docs/design.md §27). The orders stay as they are.
 */
async function forgetAddress(twin: TwinData, address: string, atEdge: () => Promise<void>): Promise<void> {
  const client = documentClient(twin);
  try {
    await client.send(
      new DeleteCommand({ TableName: tableName(twin, 'counters'), Key: { name: holdCounterName('address', clientAddressKey(address)) } }),
    );
  } finally {
    client.destroy();
  }
  await atEdge();
}

/**
 * A screenshot for a person to look at (docs/testing.md#screenshots): taken unless `SKIP_SCREENSHOTS=1`,
 * which CI sets. Nobody looks at CI's, and a full-page PNG at 1280 px is among a walk's costliest steps.
 */
export async function screenshot(target: Page | Locator, options: { readonly path: string; readonly fullPage?: boolean }): Promise<void> {
  if (process.env.SKIP_SCREENSHOTS === '1') return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}

/** What went wrong in a page: uncaught errors, failed console errors, Content-Security-Policy reports. */
export interface PageProblems {
  readonly errors: string[];
  readonly csp: string[];
}

/** Collects a page's uncaught errors and Content-Security-Policy reports. */
export function watchProblems(page: Page): PageProblems {
  const problems: PageProblems = { errors: [], csp: [] };
  page.on('pageerror', (error) => problems.errors.push(error.message));
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) problems.csp.push(message.text());
  });
  return problems;
}

/** A page in a context of its own (own storage), with its problems collected; closing the page closes the context. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // Playwright's actions wait forever by default: a step that cannot happen then ends as the test's own
  // timeout, which says nothing of which step it was. Half a minute is far beyond any step here.
  page.setDefaultTimeout(30_000);
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  return { page, problems: watchProblems(page) };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's serious and critical violations on the page as it is now, as readable lines. The script
 * is evaluated through the DevTools protocol, so the shop's CSP (no inline scripts) stays on.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.targets.join(', ')}`);
}

/**
 * Waits until the app runs the page: a pre-rendered page starts it only once loaded (`web/src/boot.ts`),
 * so "loaded" is not "working". React marks each node it hydrated or rendered (an own `__reactFiber$…`
 * key: the page's heading, else the layout); then no CSS transition may still be running (a button it
 * enabled fades to its colours).
 */
export async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    // The page's own heading (its route's chunk hydrated too), or the layout.
    const node = document.querySelector('main h1') ?? document.querySelector('#root > *');
    return Boolean(node && Object.keys(node).some((key) => key.startsWith('__reactFiber$')));
  });
  // Hydration done, the render that follows it (what `useHydrated` enables) is painted two frames on.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)));
}

/** The built file of the reservation banner's lazy chunk (`web/src/app/layout.tsx`), by Vite's manifest. */
function reservationBannerChunk(): string {
  const manifest = JSON.parse(readFileSync(join(webDistDir(), '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest['src/app/reservation-banner.tsx'];
  if (!chunk) throw new Error('the build has no chunk of src/app/reservation-banner.tsx: build the shop again (npm run build:web)');
  return `/${chunk.file}`;
}

/**
 * Waits until the reservation banner could show: its chunk is lazily loaded after the page starts, so a
 * page without the banner yet says nothing. The layout asked for the chunk (a resource entry), the chunk
 * is evaluated (importing it again answers the same module once it is), and React has committed what it
 * renders (two frames on). Then "no banner" is what the page decided.
 */
export async function reservationBannerSettled(page: Page): Promise<void> {
  const chunk = reservationBannerChunk();
  await page.waitForFunction(
    (file) => performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === file),
    chunk,
  );
  // As text: vitest would rewrite an `import()` of a function given here.
  await page.evaluate(
    `import(${JSON.stringify(chunk)}).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`,
  );
}

/** The physical table name of a table of the data model in the twin. */
export function tableName(twin: TwinData, key: TableKey): string {
  return twin.env[tables[key].envVar] ?? `joias-${key}`;
}

export function documentClient(twin: TwinData): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: twin.endpoints.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
}

/** Every item of a table (small test tables). */
export async function scanAll(twin: TwinData, key: TableKey): Promise<Record<string, unknown>[]> {
  const client = documentClient(twin);
  try {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: tableName(twin, key), ExclusiveStartKey: start, ConsistentRead: true }));
      items.push(...((page.Items ?? []) as Record<string, unknown>[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  } finally {
    client.destroy();
  }
}

export async function getItem(twin: TwinData, key: TableKey, id: Record<string, string>): Promise<Record<string, unknown> | undefined> {
  const client = documentClient(twin);
  try {
    return (await client.send(new GetCommand({ TableName: tableName(twin, key), Key: id, ConsistentRead: true }))).Item;
  } finally {
    client.destroy();
  }
}

/** Sets a product's stock directly in the table (someone else bought meanwhile). */
/** Makes a reservation's time to pay run out now (as if two hours had passed). */
export async function expireReservation(twin: TwinData, orderId: string): Promise<void> {
  const client = documentClient(twin);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(twin, 'orders'),
        Key: { id: orderId },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Sets a product's price and discount directly in the table (the owner edited it). */
export async function setPrice(twin: TwinData, productId: string, priceCents: number, discountPercent = 0): Promise<void> {
  const client = documentClient(twin);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(twin, 'products'),
        Key: { id: productId },
        UpdateExpression: 'SET priceCents = :p, discountPercent = :d',
        ExpressionAttributeValues: { ':p': priceCents, ':d': discountPercent },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Sets the stock of a piece without sizes (its one size, `DEFAULT_VARIANT_ID`, and the total). */
export async function setStock(twin: TwinData, productId: string, stock: number): Promise<void> {
  const client = documentClient(twin);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName(twin, 'products'),
        Key: { id: productId },
        UpdateExpression: 'SET stock = :s, variantStock.#v = :s',
        ExpressionAttributeNames: { '#v': DEFAULT_VARIANT_ID },
        ExpressionAttributeValues: { ':s': stock },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Writes a month's MB WAY counters. */
export async function setMbWayCounters(twin: TwinData, month: string, count1: number, count2: number): Promise<void> {
  const client = documentClient(twin);
  try {
    await client.send(new PutCommand({ TableName: tableName(twin, 'mbwayCounters'), Item: { month, count1, count2 } }));
  } finally {
    client.destroy();
  }
}

/** The e-mails the twin's SES server received for `to`. */
export async function mailsTo(twin: TwinData, to: string): Promise<{ subject: string; body: { text?: string; html?: string } }[]> {
  const store = (await (await fetch(`${twin.endpoints.ses}/store?to=${encodeURIComponent(to)}`)).json()) as {
    emails: { subject: string; body: { text?: string; html?: string } }[];
  };
  return store.emails;
}

/** The shipping step's fields a walk may choose (the others are a Lisbon customer's). */
export interface ShippingFill {
  readonly terms?: boolean;
  readonly payment?: string;
  readonly shipping?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly address?: string;
  readonly city?: string;
  readonly postalCode?: string;
  readonly phone?: string;
}

/** Fills the shipping step's form (the checkout's second page) for `email`, terms accepted unless said. */
export async function fillShipping(page: Page, email: string, fill: ShippingFill = {}): Promise<void> {
  const {
    terms = true,
    payment = 'mbway',
    shipping = 'ctt',
    firstName = 'Ana',
    lastName = 'Silva',
    address = 'Rua Augusta 1, 2º Esq.',
    city = 'Lisboa',
    postalCode = '1100-048',
    phone = `9${randomInt(10_000_000, 100_000_000)}`,
  } = fill;
  const form = page.locator('form.checkout-form');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Nome', { exact: true }).fill(firstName);
  await form.getByLabel('Apelido', { exact: true }).fill(lastName);
  await form.getByLabel('Morada', { exact: true }).fill(address);
  await form.getByLabel('Localidade', { exact: true }).fill(city);
  await form.getByLabel('Código postal', { exact: true }).fill(postalCode);
  await form.getByLabel('Telefone', { exact: true }).fill(phone);
  await form.locator(`input[name="shippingMethod"][value="${shipping}"]`).check();
  await form.locator(`input[name="paymentMethod"][value="${payment}"]`).check();
  if (terms) await form.getByRole('checkbox', { name: /Termos e Condições/ }).check();
}

/** A 1×1 PNG: a proof of payment the shop accepts. */
const PROOF_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A public POST of JSON to the twin, from a client address of its own; throws on anything but 2xx. */
export async function postJson<T>(twin: TwinData, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await clientFetch(`${twin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as T;
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
}

/** Uploads a proof as the payment page does (presigned POST) and attaches it to the reservation. */
export async function attachProof(twin: TwinData, order: { readonly id: string; readonly accessToken: string }): Promise<void> {
  const { upload } = await postJson<{ upload: { url: string; fields: Record<string, string>; key: string } }>(twin, '/api/uploads/proof', {
    contentType: 'image/png',
    size: PROOF_PNG.length,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(PROOF_PNG)], { type: 'image/png' }), 'comprovativo.png');
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  if (stored.status >= 300) throw new Error(`proof upload: ${stored.status}`);
  await postJson(twin, `/api/orders/${order.id}/proof`, { proofKey: upload.key }, { [ORDER_TOKEN_HEADER]: order.accessToken });
}
