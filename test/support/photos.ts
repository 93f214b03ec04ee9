/**
 * Photos as the owner's phone makes them, and the upload path the admin form takes: presign, POST to
 * the bucket, then poll the processing until it is ready or refused.
 */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { PhotoUploadStatus } from '#shared/api.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { call, twin } from './twin.ts';

/**
 * A phone-like JPEG: a 4032×3024 scene with EXIF orientation 6 (the camera was held upright, so it
 * shows as 3024×4032) and a GPS position, padded with JPEG comment segments to exactly `bytes` when
 * given (a file of that size that every decoder reads).
 */
export async function phonePhoto(options: { bytes?: number; hue?: number } = {}): Promise<Buffer> {
  const hue = options.hue ?? 30;
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024">',
    `<defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${hue},40%,92%)"/>`,
    `<stop offset="1" stop-color="hsl(${hue},30%,55%)"/></radialGradient></defs>`,
    '<rect width="4032" height="3024" fill="url(#g)"/><rect x="300" y="300" width="900" height="500" fill="#223"/>',
    '<circle cx="2400" cy="1500" r="700" fill="none" stroke="#ccc" stroke-width="140"/></svg>',
  ].join('');
  const jpeg = await sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Test' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 9/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '8/1 36/1 40/1' },
    })
    .toBuffer();
  return options.bytes ? padJpeg(jpeg, options.bytes) : jpeg;
}

/** Inserts COM segments after the APPn segments (EXIF stays first) until the file is exactly `size` bytes. */
function padJpeg(jpeg: Buffer, size: number): Buffer {
  let offset = 2;
  while (jpeg[offset] === 0xff && jpeg[offset + 1]! >= 0xe0 && jpeg[offset + 1]! <= 0xef) offset += 2 + jpeg.readUInt16BE(offset + 2);
  const segments: Buffer[] = [];
  let missing = size - jpeg.length;
  if (missing < 0) throw new Error('the JPEG is already larger');
  while (missing > 0) {
    const total = Math.min(missing, 65_537);
    const length = total === missing && total < 4 ? 4 : total; // a segment is at least 4 bytes
    const segment = Buffer.alloc(length, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(length - 2, 2);
    segments.push(segment);
    missing -= length;
  }
  const padded = Buffer.concat([jpeg.subarray(0, offset), ...segments, jpeg.subarray(offset)]);
  if (padded.length !== size) throw new Error(`padding missed: ${padded.length}`);
  return padded;
}

/** Posts a file to a presigned POST like the browser does (the local S3 server enforces no policy). */
export async function postFile(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array, type: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'foto');
  return (await fetch(upload.url, { method: 'POST', body: form })).status;
}

/** Polls the processing of an upload until it is ready or refused (or `timeoutMs` passes). */
export async function processingResult(token: string, uploadId: string, timeoutMs = 60_000): Promise<PhotoUploadStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call<PhotoUploadStatus>('GET', `/api/admin/uploads/image/${uploadId}`, { token });
    if (answer.status !== 200) throw new Error(`status ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (answer.body.status !== 'processing' || Date.now() > until) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Presigns, uploads `bytes` and waits for the processing. `declared` is what the form tells the API. */
export async function uploadPhoto(token: string, bytes: Uint8Array, declared: { contentType?: string; size?: number } = {}) {
  const presign = await call('POST', '/api/admin/uploads/image', {
    token,
    body: { contentType: declared.contentType ?? 'image/jpeg', size: declared.size ?? bytes.length },
  });
  if (presign.status !== 201) throw new Error(`presign ${presign.status}: ${JSON.stringify(presign.body)}`);
  const uploadId = presign.body.upload.uploadId as string;
  const posted = await postFile(presign.body.upload, bytes, declared.contentType ?? 'image/jpeg');
  if (posted >= 300) throw new Error(`upload answered ${posted}`);
  return { uploadId, result: await processingResult(token, uploadId) };
}

/** Whether an object exists in the twin's images bucket. */
export async function imagesObjectExists(key: string): Promise<boolean> {
  const s3 = new S3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: twin().endpoints.s3, forcePathStyle: true });
  try {
    await s3.send(new HeadObjectCommand({ Bucket: twin().env.BUCKET_IMAGES, Key: key }));
    return true;
  } catch {
    return false;
  } finally {
    s3.destroy();
  }
}
