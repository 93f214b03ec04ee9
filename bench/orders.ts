/** The bench's orders: a shopper's order body, and their proof of payment uploaded through the front door. */
import { randomInt, randomUUID } from 'node:crypto';
import { clientFetch, nextClientAddress } from '#test/support/clients.ts';

const shipping = {
  email: 'bench@example.com',
  firstName: 'Bench',
  lastName: 'Mark',
  country: 'Portugal',
  address: 'Rua A, 1',
  city: 'Porto',
  postalCode: '4000-123',
  shippingMethod: 'ctt',
  paymentMethod: 'transferencia',
  acceptTerms: true,
};

/**
 * One piece of `productId`, shipped to `email`, with its proof if given. Each shopper has an e-mail and a
 * phone of their own (and, sent through `clientFetch`, an address): what one customer may hold at once
 * counts per e-mail, phone and address (docs/design.md §27), and a thousand shoppers are a thousand customers.
 */
export const orderBody = (productId: string, email = `bench.${randomUUID().slice(0, 12)}@example.com`, proof?: string): string =>
  JSON.stringify({
    items: [{ productId, quantity: 1 }],
    shipping: { ...shipping, email, phone: `91${String(randomInt(10_000_000)).padStart(7, '0')}` },
    ...(proof ? { proofKey: proof } : {}),
  });

/** 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * Uploads a proof as `client` (each shopper from an address of their own: one asking for a hundred is
 * refused, 429); its key. `altcha`: a proof of work solved ahead (else one is solved now). Preparing a
 * crowd on a twin with the stage's throttle meets its 429: asked again after `Retry-After` (with a
 * proof solved then), up to a minute, as this is not what any figure times.
 */
export async function uploadProof(base: string, client = nextClientAddress(), altcha?: string): Promise<string> {
  let answer: Response;
  for (let tries = 1; ; tries += 1) {
    answer = await clientFetch(`${base}/api/uploads/proof`, {
      client,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(altcha && tries === 1 ? { 'x-altcha': altcha } : {}) },
      body: JSON.stringify({ contentType: 'image/png', size: PNG.length }),
    });
    if (answer.status !== 429 || tries >= 60) break;
    await answer.text();
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(1, Number(answer.headers.get('retry-after')) || 1)));
  }
  if (!answer.ok) throw new Error(`POST /api/uploads/proof answered ${answer.status}`);
  const presign = (await answer.json()) as { upload: { url: string; fields: Record<string, string>; key: string } };
  const form = new FormData();
  for (const [k, v] of Object.entries(presign.upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'proof.png');
  await fetch(presign.upload.url, { method: 'POST', body: form });
  return presign.upload.key;
}
