/**
 * What the twin's front door puts on every answer, as CloudFront does: the content types of the built
 * files, gzip for text, the response headers policy's security headers, the small error pages, and the
 * viewer's address and the checks of an address (`front-door.ts`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { frontDoorTexts } from '#shared/messages/index.ts';
import { IMAGES_PREFIX } from '#lambdas/contracts/data-model.ts';

/** The content type of a built file by its extension. */
export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** The content types gzipped when the viewer accepts it. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Security headers the CloudFront response headers policy adds in the cloud. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Sends `body` with the security headers, gzipped when it is text the viewer accepts gzipped. */
export function send(req: IncomingMessage, res: ServerResponse, status: number, body: Buffer, headers: Record<string, string>): void {
  const type = headers['content-type'] ?? '';
  const gzip = body.length > 512 && COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const payload = gzip ? gzipSync(body) : body;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...headers,
    ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    'content-length': String(payload.length),
  });
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** A small page in Portuguese for a request the front door cannot serve (malformed or forbidden address). */
export function errorPage(status: number, text: string): Buffer {
  return Buffer.from(
    `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8"><title>${text}</title></head>` +
      `<body><h1>${text}</h1><p><a href="/">${frontDoorTexts.backHome}</a></p></body></html>`,
  );
}

/** A control character, which no page or image address has (as CloudFront's rewrite checks: `shared/pages.ts`). */
export const CONTROL_CHARACTER = /\p{Cc}/u;

/** The longest file name of the local file system, so of an s3rver key's segment (the `.html` included). */
export const MAX_FILE_NAME_BYTES = 255;

export const HTML_ERROR_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The key of an image under `/images/`, or undefined when the path is not one: decoded once, inside
 * the images prefix, with no empty, `.` or `..` segment and no backslash (so `..%2F` cannot climb
 * into another bucket or prefix of the local S3).
 */
export function imageKey(path: string): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(path.slice(1));
  } catch {
    return undefined;
  }
  if (!key.startsWith(IMAGES_PREFIX) || key.includes('\\') || [...key].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  const segments = key.slice(IMAGES_PREFIX.length).split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return key;
}

/** The viewer's IP, as CloudFront's `event.viewer.ip` gives it (IPv4 without the `::ffff:` mapping). */
export function viewerIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '');
}
