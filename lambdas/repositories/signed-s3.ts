/**
 * S3 requests signed without the S3 client, with the SDK's Signature V4 signer (`@smithy/signature-v4`)
 * rather than `@aws-sdk/s3-request-presigner`, which needs the whole S3 client (about 170 KB of a
 * bundle): presigning is local, a link is the object's address plus a signature of it. Three uses:
 * the back-office's link to a payment proof, a function's read of a small object (the photo status
 * poll) and a function's conditional write of a new object (the page CloudFront asks for and the
 * bucket lacks). Each link is the one `getSignedUrl(s3(), new XxxObjectCommand(...))` gives for the
 * client of `./s3-client.ts` (`test/lambdas/signed-s3.test.ts` compares the two, byte for byte):
 *
 * - in the cloud, virtual-hosted style `https://<bucket>.s3.<region>.amazonaws.com/<key>` (the
 *   standard AWS partition, no FIPS or dual-stack endpoint: the stack sets neither); a bucket name
 *   that cannot be a host name (dots) goes in the path, as the SDK does;
 * - in the twin, path style under `AWS_ENDPOINT_URL_S3` (the local S3 server), as the client there;
 * - the query the SDK's presigner writes: `X-Amz-*` (credentials from the same default chain as the
 *   clients: in Lambda the function role's, from the environment), `x-amz-checksum-mode=ENABLED` and
 *   `x-id=GetObject` for a GET, signed headers `host` only for a read; a write signs its content
 *   type, cache control, condition and user metadata too (sent as headers: S3 refuses the write when
 *   one differs from what was signed).
 *
 * No IAM call is made here, as in AWS: S3 checks the role's `s3:GetObject` (or `s3:PutObject`) when the
 * link is used. The twin, whose local S3 checks no signature, checks the function's grants when it
 * presigns ({@link onPresign}), as it checks the clients' calls.
 */
import { formatUrl } from '@aws-sdk/core/util';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';
import type { BucketKey } from '../contracts/data-model.ts';
import { Unavailable } from '../errors.ts';
import { bucketName } from './environment.ts';

/** Where and as whom to sign: the function's region, S3 endpoint (the twin's) and credentials. */
export interface SigningContext {
  readonly region: string;
  /** A custom S3 endpoint (`AWS_ENDPOINT_URL_S3`): path-style links under it. */
  readonly endpoint?: string;
  readonly credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider;
  /** @default now */
  readonly signingDate?: Date;
}

/** A bucket name that can be a DNS label of the S3 host (no dots, so the certificate covers it). */
const VIRTUAL_HOSTABLE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** One path segment as the S3 client writes it: RFC 3986 unreserved characters as they are, the rest percent-encoded. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The reads a link can be signed for: the object, or its metadata alone. */
export type ObjectRead = 'GetObject' | 'HeadObject';

/** What a write signs (and sends as headers): the object's content type, cache control, user metadata, and its condition. */
export interface ObjectWrite {
  readonly contentType: string;
  readonly cacheControl?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  /** Only when no object has the key yet (`If-None-Match: *`). */
  readonly ifAbsent?: boolean;
}

/** The headers a write sends, as the S3 client writes them for a `PutObjectCommand` of the same input. */
export function writeHeaders(write: ObjectWrite): Record<string, string> {
  return {
    'content-type': write.contentType,
    ...(write.cacheControl ? { 'cache-control': write.cacheControl } : {}),
    ...(write.ifAbsent ? { 'if-none-match': '*' } : {}),
    ...Object.fromEntries(Object.entries(write.metadata ?? {}).map(([name, value]) => [`x-amz-meta-${name}`, value])),
  };
}

/**
 * The presigner's options for a write: its headers stay headers (user metadata too, which the
 * presigner would otherwise move into the query) and are all signed (content type and cache control too).
 */
function writeSigning(write: ObjectWrite): { signableHeaders: Set<string>; unhoistableHeaders: Set<string> } {
  const names = Object.keys(writeHeaders(write));
  return { signableHeaders: new Set(names), unhoistableHeaders: new Set(names.filter((name) => name.startsWith('x-amz-'))) };
}

/**
 * A presigned GET (or HEAD) of `key` in the bucket named `bucket`, valid for `seconds`; or, given a
 * write, a presigned PUT (sent with {@link writeHeaders}).
 */
export async function presignedUrl(
  bucket: string,
  key: string,
  seconds: number,
  context: SigningContext,
  operation: ObjectRead | ObjectWrite = 'GetObject',
): Promise<string> {
  const objectPath = key.split('/').map(encodeSegment).join('/');
  let location: { protocol: string; hostname: string; port?: number; path: string };
  if (context.endpoint) {
    const url = new URL(context.endpoint);
    location = {
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: `${url.pathname.replace(/\/$/, '')}/${bucket}/${objectPath}`,
    };
  } else if (VIRTUAL_HOSTABLE.test(bucket)) {
    location = { protocol: 'https:', hostname: `${bucket}.s3.${context.region}.amazonaws.com`, path: `/${objectPath}` };
  } else {
    location = { protocol: 'https:', hostname: `s3.${context.region}.amazonaws.com`, path: `/${bucket}/${objectPath}` };
  }
  const write = typeof operation === 'object' ? operation : undefined;
  const request = new HttpRequest({
    method: write ? 'PUT' : operation === 'HeadObject' ? 'HEAD' : 'GET',
    ...location,
    // The SDK's presigner names the operation for a GET or a PUT, and asks for checksums for a GET only.
    query: write ? { 'x-id': 'PutObject' } : operation === 'GetObject' ? { 'x-id': operation } : {},
    headers: {
      host: location.port === undefined ? location.hostname : `${location.hostname}:${location.port}`,
      // Hoisted into the query, as the SDK's presigner writes them.
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      ...(operation === 'GetObject' ? { 'x-amz-checksum-mode': 'ENABLED' } : {}),
      ...(write ? writeHeaders(write) : {}),
    },
  });
  const signer = new SignatureV4({
    service: 's3',
    region: context.region,
    credentials: context.credentials,
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.presign(request, {
    expiresIn: seconds,
    ...(context.signingDate ? { signingDate: context.signingDate } : {}),
    ...(write ? writeSigning(write) : {}),
  });
  return formatUrl(signed);
}

let credentials: AwsCredentialIdentityProvider | undefined;
const presignChecks: ((operation: 'GetObject' | 'PutObject', bucket: string, key: string) => void)[] = [];

/**
 * Registers a check run before each link is signed (the twin's IAM, `infra/twin/function-scope.ts`:
 * it refuses a function without `s3:GetObject`, or `s3:PutObject` for a write, on the object). Nothing
 * registers one in the cloud.
 */
export function onPresign(check: (operation: 'GetObject' | 'PutObject', bucket: string, key: string) => void): void {
  presignChecks.push(check);
}

/** A link to an object of one of the shop's buckets, valid for `seconds`, signed as this function. */
async function signedUrl(bucket: BucketKey, key: string, seconds: number, operation: ObjectRead | ObjectWrite): Promise<string> {
  const name = bucketName(bucket);
  for (const check of presignChecks) check(typeof operation === 'object' ? 'PutObject' : 'GetObject', name, key);
  const region = process.env.AWS_REGION;
  if (!region) throw new Error('Missing environment variable AWS_REGION');
  // The clients' own default chain (memoised: refreshed when the credentials near their expiry).
  credentials ??= defaultProvider();
  return presignedUrl(
    name,
    key,
    seconds,
    { region, ...(process.env.AWS_ENDPOINT_URL_S3 ? { endpoint: process.env.AWS_ENDPOINT_URL_S3 } : {}), credentials },
    operation,
  );
}

/** A presigned GET (or HEAD) of an object of one of the shop's buckets, valid for `seconds`, signed as this function. */
export function signedDownloadUrl(bucket: BucketKey, key: string, seconds: number, read: ObjectRead = 'GetObject'): Promise<string> {
  return signedUrl(bucket, key, seconds, read);
}

/**
 * S3's answer to a conditional write that wrote nothing: 412, the condition did not hold; 409, a
 * conflicting conditional write of the key is in flight (S3 says try again; the other one wins).
 */
export function conditionNotMet(status: number | undefined): boolean {
  return status === 412 || status === 409;
}

/** How long a link this function signs for its own read or write lives. */
const OWN_REQUEST_SECONDS = 60;

/**
 * A small object read through links this function signs and fetches itself (HEAD, then GET when it is
 * at most `maxBytes`): the read `storage.ts`'s `readObject` makes, for a function whose only S3 calls
 * are such reads, so its bundle carries no S3 client (about 170 KB: the photo status poll). A missing
 * key answers undefined (the role may list the bucket, so S3 says 404, not 403); any other refusal
 * or a network failure is the storage being unavailable (503).
 */
export async function readSmallObject(
  bucket: BucketKey,
  key: string,
  maxBytes: number,
): Promise<{ size: number; lastModified?: Date; body?: Uint8Array } | undefined> {
  const request = async (read: ObjectRead) => {
    let answer: Response;
    try {
      answer = await fetch(await signedDownloadUrl(bucket, key, OWN_REQUEST_SECONDS, read), {
        method: read === 'HeadObject' ? 'HEAD' : 'GET',
      });
    } catch (error) {
      throw new Unavailable(undefined, 'storage_unavailable', { cause: error });
    }
    if (!answer.ok) await answer.body?.cancel();
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw new Unavailable(undefined, 'storage_unavailable', { cause: new Error(`S3 ${read} answered ${answer.status}`) });
    return answer;
  };
  const head = await request('HeadObject');
  if (!head) return undefined;
  const size = Number(head.headers.get('content-length') ?? 0);
  const modified = head.headers.get('last-modified');
  const lastModified = modified ? new Date(modified) : undefined;
  if (size > maxBytes) return { size, lastModified };
  const object = await request('GetObject');
  return object ? { size, lastModified, body: new Uint8Array(await object.arrayBuffer()) } : undefined;
}

/**
 * Writes a new small object through a link this function signs and uses itself (`If-None-Match: *`):
 * the conditional write `storage.ts`'s `writeObject` makes with `ifAbsent`, for a function whose only
 * other S3 call would be this, so its bundle carries no S3 client (the page CloudFront asks for and
 * the bucket lacks). Answers false when an object already has the key (412; 409 while another
 * conditional write of it is in flight: that one wins), and writes nothing; any other refusal or a
 * network failure is the storage being unavailable (503).
 */
export async function writeNewObject(bucket: BucketKey, key: string, body: string, write: Omit<ObjectWrite, 'ifAbsent'>): Promise<boolean> {
  const conditional = { ...write, ifAbsent: true };
  let answer: Response;
  try {
    answer = await fetch(await signedUrl(bucket, key, OWN_REQUEST_SECONDS, conditional), {
      method: 'PUT',
      headers: writeHeaders(conditional),
      body,
    });
  } catch (error) {
    throw new Unavailable(undefined, 'storage_unavailable', { cause: error });
  }
  await answer.body?.cancel();
  if (conditionNotMet(answer.status)) return false;
  if (!answer.ok) throw new Unavailable(undefined, 'storage_unavailable', { cause: new Error(`S3 PutObject answered ${answer.status}`) });
  return true;
}
