/**
 * A proof upload is exactly the size the browser declared: the presigned POST's policy says so (S3
 * enforces it in the cloud), and because a local S3 server does not, the server checks it again after
 * the upload. Through the real handlers, s3rver and DynamoDB Local.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ProofUploadResponse } from '#shared/api.ts';
import { createProduct, PNG_BYTES, placeOrder, reservationBody, uploadProof } from '../support/factories.ts';
import { call, callRoute, documentClient, twin } from '../support/twin.ts';

describe('proof uploads of the declared size', () => {
  it('the policy of a presign for 1 000 bytes allows exactly 1 000 bytes, and carries the declared size', async () => {
    const { status, body } = await call<ProofUploadResponse>('POST', '/api/uploads/proof', {
      body: { contentType: 'image/png', size: 1000 },
    });
    expect(status).toBe(201);
    const policy = JSON.parse(Buffer.from(body.upload.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1000, 1000]);
    expect(policy.conditions).toContainEqual(['eq', '$x-amz-meta-declared-size', '1000']);
    expect(body.upload.fields['x-amz-meta-declared-size']).toBe('1000');
    expect(body.upload.maxBytes).toBe(1000);
  });

  it('2 MB sent on a presign for 1 000 bytes: refused when attached, the reservation untouched', async () => {
    const piece = await createProduct({ stock: 3 });
    const reserved = await placeOrder(reservationBody([{ productId: piece.id, quantity: 1 }]));
    expect(reserved.status).toBe(201);
    const { id, accessToken } = reserved.body.order;
    const twoMegabytes = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const key = await uploadProof(twoMegabytes, 'image/png', 1000);
    const attached = await callRoute('POST /api/orders/{id}/proof', { params: { id }, body: { accessToken: accessToken!, proofKey: key } });
    expect(attached.status).toBe(400);
    expect(attached.body.error.fields?.proofKey).toBe('O comprovativo não chegou completo. Envia-o novamente.');
    const order = (await documentClient().send(new GetCommand({ TableName: twin().env.TABLE_ORDERS, Key: { id }, ConsistentRead: true })))
      .Item!;
    expect(order.status).toBe('Aguarda Pagamento');
    expect(order.proofKey).toBeUndefined();

    // The same file, declared at its real size, is accepted.
    const honest = await uploadProof(twoMegabytes, 'image/png');
    const ok = await callRoute('POST /api/orders/{id}/proof', { params: { id }, body: { accessToken: accessToken!, proofKey: honest } });
    expect(ok.status).toBe(200);
  });
});
