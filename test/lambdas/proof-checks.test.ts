/**
 * A proof of payment is a real picture or a real document (docs/design.md §29), through the real
 * handlers, s3rver and DynamoDB Local: each hostile file an attacker tried is refused with 400 and the
 * Portuguese message, the order stays `Aguarda Pagamento`, nothing is attached and nothing is mailed
 * to the owner, and the customer may send another file; a real screenshot, a phone photo and a real
 * PDF move the order to `Confirmar Pagamento`, the owner's link serves the safe copy (a re-encoded JPEG
 * without EXIF; the PDF as a download) and the original upload is gone.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { uploadTexts } from '#shared/messages/index.ts';
import { readObject } from '#lambdas/repositories/storage.ts';
import { createProduct, mailsTo, orderBody, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { outboxDrained } from '../support/outbox.ts';
import { activePdf, pngClaiming, POLYGLOT_PNG_HTML, receiptPdf, receiptPhotoJpeg, screenshotPng } from '../support/proof-files.ts';
import { adminToken, call, callRoute, documentClient, twin } from '../support/twin.ts';

const INVALID = 'O ficheiro não é uma imagem ou PDF válido. Envia uma captura de ecrã ou o PDF do comprovativo.';

const storedOrder = async (id: string) =>
  (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true }))).Item!;
const attach = (id: string, accessToken: string, proofKey: string) =>
  callRoute('POST /api/orders/{id}/proof', { params: { id }, body: { accessToken, proofKey } });

/** The e-mails about order `number` sent to anyone but the customer (the owner's "nova encomenda"). */
async function ownerMailsAbout(number: number, customer: string) {
  await outboxDrained();
  const store = (await (await fetch(`${twin().endpoints.ses}/store`)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text?: string } }[];
  };
  return store.emails.filter(
    (mail) => !mail.destination.to.includes(customer) && `${mail.subject} ${mail.body.text ?? ''}`.includes(String(number)),
  );
}

async function reservation() {
  const piece = await createProduct({ stock: 3 });
  const body = reservationBody([{ productId: piece.id, quantity: 1 }]);
  const reserved = await placeOrder(body);
  expect(reserved.status).toBe(201);
  return { ...reserved.body.order, email: body.shipping.email, productId: piece.id };
}

/** The owner's view of the order's proof: the short-lived link's answer. */
async function ownerProof(id: string) {
  const detail = await call('GET', `/api/admin/orders/${id}`, { token: await adminToken() });
  expect(detail.status).toBe(200);
  const answer = await fetch(detail.body.proofUrl as string);
  expect(answer.status).toBe(200);
  return {
    type: answer.headers.get('content-type'),
    disposition: answer.headers.get('content-disposition'),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

const hostile: [string, () => Promise<{ bytes: Uint8Array; type: string; declared?: number }>, string][] = [
  ['a PNG signature followed by HTML', async () => ({ bytes: POLYGLOT_PNG_HTML, type: 'image/png' }), INVALID],
  ['a PNG header claiming 30000×30000', async () => ({ bytes: pngClaiming(30_000, 30_000), type: 'image/png' }), INVALID],
  ['a 10×9 999 999 PNG', async () => ({ bytes: pngClaiming(10, 9_999_999), type: 'image/png' }), INVALID],
  [
    'an empty file (on a presign for 1 byte)',
    async () => ({ bytes: new Uint8Array(0), type: 'image/png', declared: 1 }),
    uploadTexts.proofWrongSize,
  ],
  ['a PNG declared as JPEG', async () => ({ bytes: await screenshotPng({ width: 390, height: 844 }), type: 'image/jpeg' }), INVALID],
  [
    'a truncated screenshot',
    async () => ({ bytes: (await screenshotPng({ width: 390, height: 844 })).subarray(0, 4000), type: 'image/png' }),
    INVALID,
  ],
  ['a truncated PDF', async () => ({ bytes: (await receiptPdf(2)).subarray(0, 1500), type: 'application/pdf' }), INVALID],
  [
    'a PDF whose OpenAction runs JavaScript',
    async () => ({ bytes: await activePdf('javascript'), type: 'application/pdf' }),
    uploadTexts.proofActiveContent,
  ],
  [
    'a PDF that launches a program',
    async () => ({ bytes: await activePdf('launch'), type: 'application/pdf' }),
    uploadTexts.proofActiveContent,
  ],
  [
    'a PDF with an embedded file',
    async () => ({ bytes: await activePdf('embedded-file'), type: 'application/pdf' }),
    uploadTexts.proofActiveContent,
  ],
];

describe('POST /api/orders/{id}/proof refuses what is not a real picture or document', () => {
  it.each(hostile)('%s → 400, still Aguarda Pagamento, nothing attached, no owner mail', async (_name, file, message) => {
    const order = await reservation();
    const { bytes, type, declared } = await file();
    const key = await uploadProof(bytes, type, declared);
    const refused = await attach(order.id, order.accessToken!, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields?.proofKey).toBe(message);
    const stored = await storedOrder(order.id);
    expect([stored.status, stored.proofKey]).toEqual(['Aguarda Pagamento', undefined]);
    expect(await ownerMailsAbout(order.orderNumber, order.email)).toEqual([]);

    // The customer sends a real screenshot instead: the order moves.
    const retried = await attach(order.id, order.accessToken!, await uploadProof(await screenshotPng({ width: 390, height: 844 })));
    expect(retried.status).toBe(200);
    expect(retried.body.order.status).toBe('Confirmar Pagamento');
  });

  it('at checkout too: a hostile proof makes no order and takes no stock', async () => {
    const piece = await createProduct({ stock: 2 });
    const placed = await placeOrder({
      ...(await orderBody([{ productId: piece.id, quantity: 1 }])),
      proofKey: await uploadProof(await activePdf('javascript'), 'application/pdf'),
    });
    expect(placed.status).toBe(400);
    expect(placed.body.error.fields?.proofKey).toBe(uploadTexts.proofActiveContent);
    const product = (
      await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_PRODUCTS, Key: { id: piece.id }, ConsistentRead: true }))
    ).Item!;
    expect(product.stock).toBe(2);
  });
});

describe('a real proof moves the order and the owner sees the safe copy', () => {
  it('a 1170×2532 screenshot → Confirmar Pagamento; the owner gets a JPEG of it, and the upload is deleted', async () => {
    const order = await reservation();
    const key = await uploadProof(await screenshotPng());
    const paid = await attach(order.id, order.accessToken!, key);
    expect(paid.status).toBe(200);
    expect(paid.body.order.status).toBe('Confirmar Pagamento');
    expect((await storedOrder(order.id)).proofContentType).toBe('image/jpeg');
    const proof = await ownerProof(order.id);
    const seen = await sharp(proof.bytes).metadata();
    expect([proof.type, seen.format, seen.width, seen.height, seen.exif]).toEqual(['image/jpeg', 'jpeg', 1170, 2532, undefined]);
    expect(await readObject('uploads', key, 20_000_000)).toBeUndefined();
    // The owner is told, once.
    expect(await ownerMailsAbout(order.orderNumber, order.email)).toHaveLength(1);
  });

  it("a phone photo with EXIF and a GPS position → the owner's copy has no metadata at all", async () => {
    const order = await reservation();
    const photo = await receiptPhotoJpeg();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await attach(order.id, order.accessToken!, await uploadProof(photo, 'image/jpeg'))).status).toBe(200);
    const proof = await ownerProof(order.id);
    const seen = await sharp(proof.bytes).metadata();
    expect([seen.format, seen.width, seen.height, seen.exif, seen.icc, seen.xmp]).toEqual([
      'jpeg',
      800,
      600,
      undefined,
      undefined,
      undefined,
    ]);
    expect(proof.bytes.includes('Telemovel')).toBe(false);
  });

  it('a one-page PDF at checkout → Confirmar Pagamento; the owner downloads it (attachment), never inline', async () => {
    const piece = await createProduct({ stock: 2 });
    const pdf = await receiptPdf(1);
    const body = await orderBody([{ productId: piece.id, quantity: 1 }]);
    const placed = await placeOrder({ ...body, proofKey: await uploadProof(pdf, 'application/pdf') });
    expect(placed.status).toBe(201);
    expect(placed.body.order.status).toBe('Confirmar Pagamento');
    const proof = await ownerProof(placed.body.order.id);
    expect(proof.type).toBe('application/pdf');
    expect(proof.disposition).toMatch(/^attachment;/);
    expect(proof.bytes.equals(Buffer.from(pdf))).toBe(true);
    expect((await mailsTo(body.shipping.email)).length).toBeGreaterThan(0);
  });
});
