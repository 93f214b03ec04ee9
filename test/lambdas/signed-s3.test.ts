/**
 * S3 requests signed without the S3 client (`lambdas/repositories/signed-s3.ts`): the back-office's
 * proof links, the photo status reads and the page fallback's write. For the same object, clock and
 * credentials each link is the very one the SDK's presigner gives with the S3 client the functions
 * used before (`lambdas/repositories/s3-client.ts`'s settings), in the cloud (virtual-hosted, or path
 * style for a bucket with dots) and in the twin (path style under its endpoint); the twin's local S3
 * serves and writes the objects through them; and, as IAM would when a link is used, the twin refuses
 * a function without `s3:GetObject` (`s3:PutObject` for a write) on the object.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { asFunction } from '#infra/twin/function-scope.ts';
import { objectHead } from '#lambdas/repositories/storage.ts';
import {
  presignedUrl,
  readSmallObject,
  signedDownloadUrl,
  writeHeaders,
  writeNewObject,
  type ObjectRead,
  type ObjectWrite,
} from '#lambdas/repositories/signed-s3.ts';
import { PNG_BYTES, uploadProof } from '../support/factories.ts';
import { twin } from '../support/twin.ts';

const signingDate = new Date('2026-03-04T05:06:07Z');
const withToken = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  sessionToken: 'IQoJb3JpZ2luX2VjE/+session=token',
};
const withoutToken = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/**
 * The link of the SDK's presigner with the S3 client as `s3-client.ts` makes it (in the cloud: without the twin's endpoint in the
 * environment).
 */
async function sdkLink(
  bucket: string,
  key: string,
  seconds: number,
  region: string,
  credentials: typeof withoutToken,
  endpoint?: string,
  read: ObjectRead | ObjectWrite = 'GetObject',
): Promise<string> {
  const twinEndpoint = process.env.AWS_ENDPOINT_URL_S3;
  delete process.env.AWS_ENDPOINT_URL_S3;
  try {
    const client = new S3Client({
      region,
      credentials,
      forcePathStyle: Boolean(endpoint),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      ...(endpoint ? { endpoint } : {}),
    });
    if (typeof read === 'object') {
      const put = new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        ContentType: read.contentType,
        CacheControl: read.cacheControl,
        ...(read.metadata ? { Metadata: { ...read.metadata } } : {}),
        ...(read.ifAbsent ? { IfNoneMatch: '*' } : {}),
      });
      // Every header of the write signed, the user metadata left a header (not moved into the query).
      const metadata = Object.keys(read.metadata ?? {}).map((name) => `x-amz-meta-${name}`);
      const signableHeaders = new Set([
        'content-type',
        ...(read.cacheControl ? ['cache-control'] : []),
        ...(read.ifAbsent ? ['if-none-match'] : []),
        ...metadata,
      ]);
      return await getSignedUrl(client, put, { expiresIn: seconds, signingDate, signableHeaders, unhoistableHeaders: new Set(metadata) });
    }
    const command =
      read === 'HeadObject' ? new HeadObjectCommand({ Bucket: bucket, Key: key }) : new GetObjectCommand({ Bucket: bucket, Key: key });
    return await getSignedUrl(client, command, { expiresIn: seconds, signingDate });
  } finally {
    process.env.AWS_ENDPOINT_URL_S3 = twinEndpoint;
  }
}

const keys = ['proofs/2026/03/0a1b2c3d-4e5f.png', 'proofs/x.pdf', 'a b/ç+é?&=#%.pdf', "odd!'()*~-_.name"];
/** Writes as the page fallback makes them, and plainer ones. */
const writes: ObjectWrite[] = [
  {
    contentType: 'text/html; charset=utf-8',
    cacheControl: 'public, max-age=0, s-maxage=60',
    metadata: { 'read-at': '1772600767000' },
    ifAbsent: true,
  },
  { contentType: 'application/pdf', ifAbsent: true },
  { contentType: 'image/webp', cacheControl: 'public, max-age=31536000, immutable' },
];

describe('presigned download links', () => {
  it.each([
    ['cloud, eu-west-1', 'joias-proofs-123456789012', 'eu-west-1', withToken, undefined],
    ['cloud, without a session token', 'joias-prod-proofs', 'eu-south-2', withoutToken, undefined],
    ['cloud, a bucket with dots (path style)', 'joias.proofs', 'eu-west-1', withToken, undefined],
    ['the twin (path style under its endpoint)', 'joias-proofs', 'us-east-1', withToken, 'http://127.0.0.1:4569'],
  ] as const)("are the SDK presigner's, byte for byte: %s", async (_case, bucket, region, credentials, endpoint) => {
    for (const key of keys) {
      for (const seconds of [300, 3600]) {
        for (const read of ['GetObject', 'HeadObject', ...writes] as const) {
          const ours = await presignedUrl(
            bucket,
            key,
            seconds,
            { region, credentials, signingDate, ...(endpoint ? { endpoint } : {}) },
            read,
          );
          expect(ours, `${JSON.stringify(read)} ${key}`).toBe(await sdkLink(bucket, key, seconds, region, credentials, endpoint, read));
        }
      }
    }
  });

  it('name the object, the expiry and the signed headers as S3 reads them', async () => {
    const url = new URL(
      await presignedUrl('joias-proofs', 'proofs/a.png', 300, { region: 'eu-west-1', credentials: withToken, signingDate }),
    );
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

  it('a write signs its content type, cache control, condition and metadata, which it sends as headers', async () => {
    const write = writes[0]!;
    const url = new URL(
      await presignedUrl(
        'joias-site',
        'pages/product/anel-lua.html',
        60,
        { region: 'eu-west-1', credentials: withoutToken, signingDate },
        write,
      ),
    );
    expect(url.origin + url.pathname).toBe('https://joias-site.s3.eu-west-1.amazonaws.com/pages/product/anel-lua.html');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-SignedHeaders': 'cache-control;content-type;host;if-none-match;x-amz-meta-read-at',
      'x-id': 'PutObject',
      'X-Amz-Expires': '60',
    });
    expect([...url.searchParams.keys()].filter((name) => /meta|if-none/i.test(name))).toEqual([]);
    expect(writeHeaders(write)).toEqual({
      'content-type': write.contentType,
      'cache-control': write.cacheControl,
      'if-none-match': '*',
      'x-amz-meta-read-at': '1772600767000',
    });
  });

  it('in the twin: a function writes a new object once by a link it signs; a 2nd write does nothing; no PutObject: refused', async () => {
    const writer = {
      name: 'writes pages',
      grants: [{ bucket: 'site', access: 'put', prefix: 'pages/', signed: true }],
      api: true,
    } as const;
    const key = `pages/test/${Date.now()}-${Math.random().toString(36).slice(2)}.html`;
    const write = {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=0, s-maxage=60',
      metadata: { 'read-at': '1000' },
    };
    expect(await asFunction(writer, () => writeNewObject('site', key, '<p>primeira</p>', write))).toBe(true);
    expect(
      await asFunction(writer, () => writeNewObject('site', key, '<p>segunda</p>', { ...write, metadata: { 'read-at': '2000' } })),
    ).toBe(false);
    expect(await objectHead('site', key)).toMatchObject({ metadata: { 'read-at': '1000' } });
    const kept = await fetch(await signedDownloadUrl('site', key, 60));
    expect({ body: await kept.text(), type: kept.headers.get('content-type'), cache: kept.headers.get('cache-control') }).toEqual({
      body: '<p>primeira</p>',
      type: write.contentType,
      cache: write.cacheControl,
    });
    // Outside its prefix, or with a read grant only: refused as IAM would refuse the link, answered as the storage unavailable.
    for (const [scope, target] of [
      [writer, `index-${Date.now()}.html`],
      [{ name: 'reads pages', grants: [{ bucket: 'site', access: 'read', prefix: 'pages/' }], api: true }, `${key}.2`],
    ] as const) {
      const refused = await asFunction(scope, () => writeNewObject('site', target, 'x', write)).catch((error: unknown) => error as Error);
      expect(refused).toMatchObject({ code: 'storage_unavailable' });
      expect((refused as Error).cause).toMatchObject({ message: expect.stringMatching(/not authorized to perform: s3:PutObject/) });
      expect(await objectHead('site', target)).toBeUndefined();
    }
  });

  it('in the twin: the local S3 serves the object from the link of a function with the read grant; one without it is refused', async () => {
    // An uploaded proof, still in the uploads bucket (the order's proof is a copy of it in the proofs bucket).
    const key = await uploadProof();
    const link = await asFunction({ name: 'reads uploads', grants: [{ bucket: 'uploads', access: 'read' }], api: true }, () =>
      signedDownloadUrl('uploads', key, 300),
    );
    expect(link.startsWith(`${twin().env.AWS_ENDPOINT_URL_S3}/`)).toBe(true);
    const proof = await fetch(link);
    expect(proof.status).toBe(200);
    expect(Buffer.from(await proof.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    await expect(
      asFunction({ name: 'puts only', grants: [{ bucket: 'uploads', access: 'put' }], api: true }, () =>
        signedDownloadUrl('uploads', key, 300),
      ),
    ).rejects.toThrow(/not authorized to perform: s3:GetObject/);
  });

  it('a function reads a small object through links it signs: the body, only the size when too large, nothing when missing', async () => {
    const key = await uploadProof();
    const reader = { name: 'reads uploads', grants: [{ bucket: 'uploads', access: 'read' }], api: true } as const;
    const whole = await asFunction(reader, () => readSmallObject('uploads', key, 1024));
    expect(whole?.size).toBe(PNG_BYTES.length);
    expect(Buffer.from(whole!.body!).equals(PNG_BYTES)).toBe(true);
    expect(await asFunction(reader, () => readSmallObject('uploads', key, 0))).toEqual({
      size: PNG_BYTES.length,
      lastModified: expect.any(Date),
    });
    expect(await asFunction(reader, () => readSmallObject('uploads', `${key}-nao-existe`, 1024))).toBeUndefined();
    // Without the read grant: refused (as IAM would refuse the link), answered as the storage unavailable, like the client's reads.
    const refused = await asFunction({ name: 'puts only', grants: [{ bucket: 'uploads', access: 'put' }], api: true }, () =>
      readSmallObject('uploads', key, 1024),
    ).catch((error: unknown) => error as Error);
    expect(refused).toMatchObject({ code: 'storage_unavailable' });
    expect((refused as Error).cause).toMatchObject({ message: expect.stringMatching(/not authorized to perform: s3:GetObject/) });
  });
});
