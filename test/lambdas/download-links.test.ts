/**
 * The back-office's proof links are signed without the S3 client (`lambdas/repositories/download-links.ts`):
 * for the same object, clock and credentials the link is the very one the SDK's presigner gives with
 * the S3 client the functions used before (`lambdas/repositories/s3-client.ts`'s settings), in the cloud
 * (virtual-hosted, or path style for a bucket with dots) and in the twin (path style under its
 * endpoint); the twin's local S3 serves the object from it; and, as IAM would when the link is used,
 * the twin refuses a function without `s3:GetObject` on the bucket.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { asFunction } from '../../infra/local/function-scope.ts';
import { presignedGetUrl, readSmallObject, signedDownloadUrl, type ObjectRead } from '../../lambdas/repositories/download-links.ts';
import { PNG_BYTES, uploadProof } from '../support/factories.ts';
import { twin } from '../support/twin.ts';

const signingDate = new Date('2026-03-04T05:06:07Z');
const withToken = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'IQoJb3JpZ2luX2VjE/+session=token' };
const withoutToken = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/** The link of the SDK's presigner with the S3 client as `s3-client.ts` makes it (in the cloud: without the twin's endpoint in the environment). */
async function sdkLink(bucket: string, key: string, seconds: number, region: string, credentials: typeof withoutToken, endpoint?: string, read: ObjectRead = 'GetObject'): Promise<string> {
  const twinEndpoint = process.env.AWS_ENDPOINT_URL_S3;
  delete process.env.AWS_ENDPOINT_URL_S3;
  try {
    const client = new S3Client({ region, credentials, forcePathStyle: Boolean(endpoint), requestChecksumCalculation: 'WHEN_REQUIRED', ...(endpoint ? { endpoint } : {}) });
    const command = read === 'HeadObject' ? new HeadObjectCommand({ Bucket: bucket, Key: key }) : new GetObjectCommand({ Bucket: bucket, Key: key });
    return await getSignedUrl(client, command, { expiresIn: seconds, signingDate });
  } finally {
    process.env.AWS_ENDPOINT_URL_S3 = twinEndpoint;
  }
}

const keys = ['proofs/2026/03/0a1b2c3d-4e5f.png', 'proofs/x.pdf', 'a b/ç+é?&=#%.pdf', "odd!'()*~-_.name"];

describe('presigned download links', () => {
  it.each([
    ['cloud, eu-west-1', 'joias-proofs-123456789012', 'eu-west-1', withToken, undefined],
    ['cloud, without a session token', 'joias-prod-proofs', 'eu-south-2', withoutToken, undefined],
    ['cloud, a bucket with dots (path style)', 'joias.proofs', 'eu-west-1', withToken, undefined],
    ['the twin (path style under its endpoint)', 'joias-proofs', 'us-east-1', withToken, 'http://127.0.0.1:4569'],
  ] as const)('are the SDK presigner\'s, byte for byte: %s', async (_case, bucket, region, credentials, endpoint) => {
    for (const key of keys) {
      for (const seconds of [300, 3600]) {
        for (const read of ['GetObject', 'HeadObject'] as const) {
          const ours = await presignedGetUrl(bucket, key, seconds, { region, credentials, signingDate, ...(endpoint ? { endpoint } : {}) }, read);
          expect(ours, `${read} ${key}`).toBe(await sdkLink(bucket, key, seconds, region, credentials, endpoint, read));
        }
      }
    }
  });

  it('name the object, the expiry and the signed headers as S3 reads them', async () => {
    const url = new URL(await presignedGetUrl('joias-proofs', 'proofs/a.png', 300, { region: 'eu-west-1', credentials: withToken, signingDate }));
    expect(url.origin + url.pathname).toBe('https://joias-proofs.s3.eu-west-1.amazonaws.com/proofs/a.png');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20260304/eu-west-1/s3/aws4_request',
      'X-Amz-Date': '20260304T050607Z',
      'X-Amz-Expires': '300',
      'X-Amz-Security-Token': withToken.sessionToken,
      'X-Amz-SignedHeaders': 'host',
      'x-id': 'GetObject',
    });
  });

  it("in the twin: the local S3 serves the object from the link of a function with the bucket's read grant; one without it is refused", async () => {
    // An uploaded proof, still in the uploads bucket (the order's proof is a copy of it in the proofs bucket).
    const key = await uploadProof();
    const link = await asFunction({ name: 'reads uploads', grants: [{ bucket: 'uploads', access: 'read' }], api: true }, () => signedDownloadUrl('uploads', key, 300));
    expect(link.startsWith(`${twin().env.AWS_ENDPOINT_URL_S3}/`)).toBe(true);
    const proof = await fetch(link);
    expect(proof.status).toBe(200);
    expect(Buffer.from(await proof.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    await expect(asFunction({ name: 'puts only', grants: [{ bucket: 'uploads', access: 'put' }], api: true }, () => signedDownloadUrl('uploads', key, 300))).rejects.toThrow(/not authorized to perform: s3:GetObject/);
  });

  it('a function reads a small object through links it signs itself: the body, only the size when too large, nothing when missing', async () => {
    const key = await uploadProof();
    const reader = { name: 'reads uploads', grants: [{ bucket: 'uploads', access: 'read' }], api: true } as const;
    const whole = await asFunction(reader, () => readSmallObject('uploads', key, 1024));
    expect(whole?.size).toBe(PNG_BYTES.length);
    expect(Buffer.from(whole!.body!).equals(PNG_BYTES)).toBe(true);
    expect(await asFunction(reader, () => readSmallObject('uploads', key, 0))).toEqual({ size: PNG_BYTES.length });
    expect(await asFunction(reader, () => readSmallObject('uploads', `${key}-nao-existe`, 1024))).toBeUndefined();
    // Without the read grant: refused (as IAM would refuse the link), answered as the storage unavailable, like the client's reads.
    const refused = await asFunction({ name: 'puts only', grants: [{ bucket: 'uploads', access: 'put' }], api: true }, () => readSmallObject('uploads', key, 1024)).catch((error: unknown) => error as Error);
    expect(refused).toMatchObject({ code: 'storage_unavailable' });
    expect((refused as Error).cause).toMatchObject({ message: expect.stringMatching(/not authorized to perform: s3:GetObject/) });
  });
});
