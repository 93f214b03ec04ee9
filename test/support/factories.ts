/**
 * Test data with overrides: products written through the API's own repository, proofs uploaded the
 * way the browser does (presigned POST), shipping forms, order bodies, and a reader of the mail the
 * twin's SES server received.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { ProofUploadResponse } from '#shared/api.ts';
import { ORDER_TOKEN_FRAGMENT, ORDER_TOKEN_HEADER } from '#shared/paths.ts';
import type { AdminProduct } from '#shared/product.ts';
import type { PlaceOrderInput, ShippingForm } from '#shared/schemas/index.ts';
import { putProduct } from '#lambdas/repositories/products.ts';
import { soleSize, totalStock } from '#shared/variants.ts';
import { call, callRoute, twin } from './twin.ts';
import { outboxDrained } from './outbox.ts';

/** A product written straight to the table (stock included, like the demo seed), with the version it got. */
export async function createProduct(overrides: Partial<Omit<AdminProduct, 'version'>> = {}): Promise<AdminProduct> {
  const id = overrides.id ?? `teste-${randomUUID()}`;
  // Without a slug given, none is stored: its id is its address (a piece as before slugs).
  const fields: Omit<AdminProduct, 'version' | 'variants' | 'slug'> & { slug?: string } = {
    status: 'active',
    id,
    code: `T-${id.slice(-8)}`,
    sku: `SKU-${id.slice(-8)}`,
    name: `Peça de teste ${id.slice(-6)}`,
    description: 'Peça criada por um teste.',
    type: 'anel',
    collection: 'Essenciais',
    priceCents: 2000,
    discountPercent: 0,
    stock: 10,
    photos: [],
    mainImage: '',
    secondaryImage: '',
    ...overrides,
  };
  // Without sizes given: one unlabelled size holding the stock and SKU (a product as before sizes).
  const variants = overrides.variants ?? [soleSize(fields.sku, fields.stock)];
  const product = { ...fields, variants, stock: totalStock(variants) };
  const version = await putProduct(product, new Date());
  return { ...product, slug: fields.slug ?? id, version };
}

/** 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a proof like the browser: ask for a presigned POST, then send the file to the bucket. */
export async function uploadProof(bytes: Uint8Array = PNG_BYTES, contentType = 'image/png', declaredSize = bytes.length): Promise<string> {
  const { status, body } = await call<ProofUploadResponse>('POST', '/api/uploads/proof', { body: { contentType, size: declaredSize } });
  if (status !== 201) throw new Error(`proof presign failed: ${status} ${JSON.stringify(body)}`);
  const form = new FormData();
  for (const [name, value] of Object.entries(body.upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'comprovativo');
  const upload = await fetch(body.upload.url, { method: 'POST', body: form });
  if (upload.status >= 300) throw new Error(`proof upload failed: ${upload.status} ${await upload.text()}`);
  return body.upload.key;
}

export function shippingForm(overrides: Partial<ShippingForm> = {}): ShippingForm {
  return {
    email: `cliente.${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Ana',
    lastName: 'Costa',
    country: 'Portugal',
    address: 'Rua das Flores, 12',
    city: 'Porto',
    postalCode: '4050-262',
    // A phone of its own per customer, like the e-mail: one phone holds at most two unpaid orders (docs/design.md §27).
    phone: `9${randomInt(10_000_000, 100_000_000)}`,
    shippingMethod: 'ctt',
    paymentMethod: 'transferencia',
    acceptTerms: true,
    ...overrides,
  } as ShippingForm;
}

/** A reservation: the order without its proof (the customer pays, then attaches it). */
export function reservationBody(items: PlaceOrderInput['items'], shipping: Partial<ShippingForm> = {}): PlaceOrderInput {
  return { items, shipping: shippingForm(shipping) };
}

export async function orderBody(items: PlaceOrderInput['items'], shipping: Partial<ShippingForm> = {}): Promise<PlaceOrderInput> {
  return { items, shipping: shippingForm(shipping), proofKey: await uploadProof() };
}

/** The customer's view of an order as the order page asks for it: the token in the header `x-order-token`. */
export function customerOrderView(id: string, token: string) {
  return callRoute('GET /api/orders/{id}', { params: { id } }, { headers: { [ORDER_TOKEN_HEADER]: token } });
}

/** The access token of an order link (`/encomenda/{id}#t=<token>`), or null when it has none. */
export function linkToken(link: string): string | null {
  return new URLSearchParams(new URL(link).hash.slice(1)).get(ORDER_TOKEN_FRAGMENT);
}

export function placeOrder(body: PlaceOrderInput, key: string = randomUUID()) {
  return callRoute('POST /api/orders', { body }, { headers: { 'idempotency-key': key } });
}

/**
 * An order placed as the shop's page places it: a buyer told 503 `checkout_busy` (a crowd, a slow moment
 * of this shared machine: docs/drops.md) or 409 `order_in_progress` asks again with the same key after
 * `Retry-After`, until a true answer (ten tries at most).
 */
export async function placeOrderAnswered(body: PlaceOrderInput, key: string = randomUUID()) {
  let answer = await placeOrder(body, key);
  const askAgain = () =>
    (answer.status === 503 && answer.body.error?.code === 'checkout_busy') ||
    (answer.status === 409 && answer.body.error?.code === 'order_in_progress');
  for (let tries = 1; tries < 10 && askAgain(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 2) * 1000));
    answer = await placeOrder(body, key);
  }
  return answer;
}

export interface SentMail {
  readonly destination: { readonly to: string[] };
  readonly subject: string;
  readonly body: { readonly html?: string; readonly text?: string };
}

/** Whether a mail is a reservation's own (how and until when to pay), sent when the order is reserved. */
export const isReservationMail = (mail: SentMail): boolean => mail.subject.startsWith('Reserva nº ');

/** The e-mails for `to` after the reservation's own: what the tests of later steps count. */
export async function laterMailsTo(to: string): Promise<SentMail[]> {
  return (await mailsTo(to)).filter((mail) => !isReservationMail(mail));
}

/** Every e-mail the twin's SES server received for `to`, once the outbox has sent everything queued for it. */
export async function mailsTo(to: string): Promise<SentMail[]> {
  await outboxDrained(to);
  const store = (await (await fetch(`${twin().endpoints.ses}/store?to=${encodeURIComponent(to)}`)).json()) as { emails: SentMail[] };
  return store.emails;
}
