/**
 * The twin's front door, what CloudFront is in the cloud: one origin serving the built SPA, `/api/*`
 * through the gateway, `/images/*` from the images bucket and `/config.json` with the SPA's runtime
 * settings. A public page comes from `pages/` of the site bucket, or, when it is not there yet, from
 * the pages function through the gateway (CloudFront's origin group: the bucket, then the API); the
 * checkout's and the back-office's addresses get the app shell (`index.html`). Text answers are gzipped.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import type { SpaConfig } from '#shared/spa-config.ts';
import { frontDoorTexts } from '#shared/messages/index.ts';
import { pathAlias, paths, SITEMAP_API_PATH, withQuery } from '#shared/paths.ts';
import { FEED_API_PATHS, FEED_PATHS } from '#shared/feeds.ts';
import {
  documentObjectKey,
  FILTERED_LISTING_PREFIX,
  filteredListingQuery,
  MAX_PAGE_PATH_LENGTH,
  NOT_FOUND_PAGE_PATH,
  ORDER_SHELL,
  pageKind,
  pageObjectKey,
  PAGES_FALLBACK_PATH,
} from '#shared/pages.ts';
import { SEARCH_PARAM } from '#shared/paths.ts';
import { searchPageKey } from '#shared/search-page.ts';
import { ORIGIN_HEADER, PAGES_FALLBACK_HEADER, VIEWER_IP_HEADER } from '#lambdas/contracts/env.ts';
import { robotsTxt } from '../common/headers.ts';
import { matchesEntityTag } from '#lambdas/http/handler.ts';
import type { EdgeCache } from './edge-cache.ts';
import type { EdgeWaf } from './edge-waf.ts';
import { writeAnswer, type GatewayAnswer } from './gateway-answer.ts';
import { HOST, listen } from './processes.ts';
import {
  COMPRESSIBLE,
  CONTROL_CHARACTER,
  errorPage,
  HTML_ERROR_HEADERS,
  imageKey,
  MAX_FILE_NAME_BYTES,
  SECURITY_HEADERS,
  send,
  TYPES,
  viewerIp,
} from './front-door-answers.ts';

/** The API behind the front door (the gateway): it answers a request, or gives its answer as data (for the cache). */
export interface FrontDoorApi {
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  answer(req: IncomingMessage): Promise<GatewayAnswer>;
}

export interface FrontDoorOptions {
  readonly port: number;
  readonly api: FrontDoorApi;
  /** CloudFront's cache of the catalogue's API answers (`edge-cache.ts`); none when absent. */
  readonly cache?: EdgeCache;
  readonly s3: S3Client;
  readonly imagesBucket: string;
  /** The site bucket, whose `pages/` holds the pre-rendered pages. */
  readonly siteBucket: string;
  /** The built pre-renderer (`web/dist-ssr`), which the pages function loads. */
  readonly rendererDir: string;
  /** The built SPA (`web/dist`); absent in dev mode, where `dev` serves the app. */
  readonly webDist?: string;
  /** Vite's dev middleware (`npm run dev`), for everything not API, images or config. */
  readonly dev?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  readonly runtimeConfig: SpaConfig;
  /** The origin secret CloudFront adds to every API request (the API refuses requests without it), as it holds it now. */
  readonly originSecret: () => string;
  /** The shop's Content-Security-Policy (not in dev mode, where Vite injects inline code). */
  readonly contentSecurityPolicy?: string;
  /** The web ACL in front (`edge-waf.ts`), as AWS WAF is in front of CloudFront; none when absent. */
  readonly edge?: EdgeWaf;
}

/** What the front door's answers share: its options, the CSP header, the gzip cache, its public address. */
class FrontDoor {
  private readonly config: Buffer;
  private readonly csp: Record<string, string>;
  private readonly gzipCache = new Map<string, { mtime: number; body: Buffer }>();
  /** The pages function needs the built pre-renderer; without it (tests that build nothing) pages are the app's. */
  private readonly pagesBuilt: boolean;
  /** The shop's address (robots.txt names it), on the port the door listens on. */
  private readonly publicUrl: string;

  constructor(private readonly options: FrontDoorOptions) {
    this.config = Buffer.from(JSON.stringify(options.runtimeConfig));
    this.publicUrl = `http://${HOST}:${options.port}`;
    this.csp = options.contentSecurityPolicy ? { 'content-security-policy': options.contentSecurityPolicy } : {};
    this.pagesBuilt = options.webDist !== undefined && existsSync(join(options.rendererDir, 'render-page.js'));
  }

  /** The server's request listener: a malformed address gets a 400 page; a crash a 500, logged. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    let path: string;
    try {
      path = new URL(req.url ?? '/', 'http://front.local').pathname;
      // The API's addresses go to the gateway as they are (it answers their malformed ids itself).
      // A page or image address with a control character (`/faq%00`) names no object S3 keeps.
      if (!path.startsWith('/api/') && CONTROL_CHARACTER.test(decodeURIComponent(path))) throw new URIError(path);
    } catch {
      // A malformed address of a page or an image: a 400 page in Portuguese.
      return send(req, res, 400, errorPage(400, frontDoorTexts.badRequest), HTML_ERROR_HEADERS);
    }
    // AWS WAF looks at the request before CloudFront does anything with it: refused, it reaches nothing.
    const refusal = this.options.edge?.check(req, viewerIp(req), path);
    if (refusal) {
      // The body is not read: the connection closes after the answer rather than drain it.
      if (req.headers['content-length'] || req.headers['transfer-encoding']) res.setHeader('connection', 'close');
      return send(req, res, refusal.status, Buffer.from(refusal.body), refusal.headers);
    }
    // As CloudFront's `/sitemap.xml` behaviour and its function do: the API answers the root sitemap.
    if (path === paths.sitemap && (req.method === 'GET' || req.method === 'HEAD')) {
      req.url = SITEMAP_API_PATH;
      path = SITEMAP_API_PATH;
    }
    // As CloudFront's `/feeds/*` behaviour and its function do: the API answers each feed at its own path.
    if (path.startsWith('/feeds/') && (req.method === 'GET' || req.method === 'HEAD')) {
      const feed = (Object.keys(FEED_PATHS) as (keyof typeof FEED_PATHS)[]).find((name) => FEED_PATHS[name] === path);
      path = feed ? FEED_API_PATHS[feed] : '/api/feeds/-';
      req.url = path;
    }
    this.route(req, res, path).catch((error: unknown) => {
      process.stderr.write(`[front-door] ${req.method} ${path}: ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!res.headersSent) send(req, res, 500, Buffer.from('Internal Server Error'), { 'content-type': 'text/plain' });
      else res.end();
    });
  }

  /** CloudFront's behaviours: the documents, `/api/*`, `/images/*`, the config, robots.txt, then the shop. */
  private async route(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const { options } = this;
    // As CloudFront's rewrite does: a document rendered from the settings is kept beside the pages.
    const document = documentObjectKey(path);
    if (document && (req.method === 'GET' || req.method === 'HEAD')) {
      const served = await this.serveObject(req, res, options.siteBucket, document, {
        contentType: 'application/octet-stream',
        cacheControl: 'no-cache',
      });
      if (!served) send(req, res, 404, errorPage(404, frontDoorTexts.notFound), HTML_ERROR_HEADERS);
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      // What CloudFront does on the way to the API origin: the origin secret (the viewer's address is
      // the behaviour's function's to write, `options.api`: `edge-function.ts`).
      req.headers[ORIGIN_HEADER] = options.originSecret();
      // Only the fallback for a missing page carries this one (CloudFront's origin group alike).
      delete req.headers[PAGES_FALLBACK_HEADER];
      const key = options.cache?.key(req, new URL(req.url ?? '/', 'http://front.local'));
      if (key !== undefined) return this.serveCached(req, res, key, options.cache!);
      return options.api(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(req, res, 405, Buffer.from('Method Not Allowed'), { 'content-type': 'text/plain', allow: 'GET, HEAD' });
    }
    if (path.startsWith('/images/')) return this.serveImage(req, res, path);
    if (path === '/config.json') return send(req, res, 200, this.config, { 'content-type': TYPES['.json']!, 'cache-control': 'no-cache' });
    if (path === '/robots.txt')
      return send(req, res, 200, Buffer.from(robotsTxt(this.publicUrl)), { 'content-type': TYPES['.txt']!, 'cache-control': 'no-cache' });
    if (options.dev) return options.dev(req, res, () => send(req, res, 404, errorPage(404, frontDoorTexts.notFound), HTML_ERROR_HEADERS));
    return this.serveStatic(req, res, path);
  }

  /**
   * A cacheable API answer as CloudFront serves it: from its cache while fresh (with its `age`), else the
   * API's; a viewer that has it (`If-None-Match` naming its ETag) gets an empty 304.
   */
  private async serveCached(req: IncomingMessage, res: ServerResponse, key: string, cache: EdgeCache): Promise<void> {
    const ifNoneMatch = req.headers['if-none-match'];
    const { answer, age } = await cache.answer(key, req, (forwarded) => this.options.api.answer(forwarded));
    const etag = answer.headers.etag;
    const ageHeader: Record<string, string> = age === undefined ? {} : { age: String(age) };
    if (answer.status === 200 && typeof etag === 'string' && matchesEntityTag(ifNoneMatch, etag)) {
      res.writeHead(304, { 'cache-control': String(answer.headers['cache-control'] ?? ''), etag, ...ageHeader });
      return void res.end();
    }
    writeAnswer(res, { ...answer, headers: { ...answer.headers, ...ageHeader } });
  }

  /**
   * An object of a bucket as CloudFront serves it: its content type and Cache-Control, its ETag (an empty
   * 304 when the browser has it), `extra` headers. False when there is no such object (nothing sent).
   */
  private async serveObject(
    req: IncomingMessage,
    res: ServerResponse,
    bucket: string,
    key: string,
    defaults: { contentType: string; cacheControl: string },
    extra: Record<string, string> = {},
  ): Promise<boolean> {
    // s3rver keeps an object as a file: a key segment longer than a file name (255 bytes) cannot be
    // one, and asking would fail with ENAMETOOLONG. S3 keys have no such limit, and no such object either.
    if (key.split('/').some((segment) => Buffer.byteLength(segment) > MAX_FILE_NAME_BYTES)) return false;
    let object;
    try {
      object = await this.options.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return false;
      throw error;
    }
    const etag = object.ETag ?? '';
    const headers = { 'cache-control': object.CacheControl ?? defaults.cacheControl, ...(etag ? { etag } : {}), ...extra };
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ...SECURITY_HEADERS, ...headers });
      res.end();
      return true;
    }
    send(req, res, 200, Buffer.from(await object.Body!.transformToByteArray()), {
      'content-type': object.ContentType ?? defaults.contentType,
      ...headers,
    });
    return true;
  }

  private async serveImage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const key = imageKey(path);
    const served =
      key !== undefined &&
      (await this.serveObject(req, res, this.options.imagesBucket, key, {
        contentType: 'application/octet-stream',
        cacheControl: 'public, max-age=86400',
      }));
    if (!served) send(req, res, 404, errorPage(404, frontDoorTexts.notFound), HTML_ERROR_HEADERS);
  }

  /**
   * A pre-rendered page, as CloudFront's origin group serves it: the object `pages/<path>.html` of the
   * site bucket, or, when it is missing, the pages function's answer (the page rendered now, or 404).
   */
  private async servePage(req: IncomingMessage, res: ServerResponse, decodedPath: string, key = pageObjectKey(decodedPath)): Promise<void> {
    const { options, csp } = this;
    if (await this.serveObject(req, res, options.siteBucket, key, { contentType: TYPES['.html']!, cacheControl: 'no-cache' }, csp)) return;
    const search = new URL(req.url ?? '/', 'http://front.local').search;
    req.url = `${PAGES_FALLBACK_PATH}/${key.split('/').map(encodeURIComponent).join('/')}${search}`;
    req.headers[VIEWER_IP_HEADER] = viewerIp(req);
    req.headers[ORIGIN_HEADER] = options.originSecret();
    req.headers[PAGES_FALLBACK_HEADER] = options.originSecret();
    // CloudFront's response headers policy covers the fallback's answers too.
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, ...csp })) res.setHeader(name, value);
    keepQueryOnRedirect(res, search);
    return options.api(req, res);
  }

  /** The built shop's files; a page address its pre-rendered page, or the app shell (`index.html`). */
  private async serveStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const root = this.options.webDist!;
    const decoded = decodeURIComponent(path);
    let file = normalize(join(root, decoded));
    if ((!file.startsWith(root + sep) && file !== root) || decoded.split(/[/\\]/).includes('..')) {
      return send(req, res, 400, errorPage(400, frontDoorTexts.badRequest), HTML_ERROR_HEADERS);
    }
    let info = existsSync(file) ? await stat(file) : undefined;
    if (!info?.isFile()) {
      // Client routes (no extension) get the app; a missing asset is a real 404.
      // (as CloudFront's SPA function: a last segment with an e-mail address is a client route too).
      const last = path.slice(path.lastIndexOf('/') + 1);
      if (extname(path) && !/@|%40/i.test(last)) return send(req, res, 404, errorPage(404, frontDoorTexts.notFound), HTML_ERROR_HEADERS);
      // As CloudFront's rewrite: an unaccented alias, a filtered listing, "A minha encomenda"'s shell.
      const trimmed = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
      const alias = pathAlias(trimmed);
      if (alias) {
        const location = withQuery(encodeURI(alias), new URL(req.url ?? '/', 'http://front.local').search);
        return send(req, res, 301, Buffer.alloc(0), { location, 'cache-control': 'public, max-age=86400' });
      }
      const filtered = trimmed === paths.shop ? filteredListingQuery(new URL(req.url ?? '/', 'http://front.local').searchParams) : '';
      if (this.pagesBuilt && trimmed === paths.search) {
        return this.servePage(
          req,
          res,
          decoded,
          searchPageKey(new URL(req.url ?? '/', 'http://front.local').searchParams.get(SEARCH_PARAM)),
        );
      }
      if (this.pagesBuilt && filtered) return this.servePage(req, res, decoded, `${FILTERED_LISTING_PREFIX}${filtered}.html`);
      if (trimmed.startsWith(ORDER_SHELL.prefix) && existsSync(join(root, ORDER_SHELL.file))) file = join(root, ORDER_SHELL.file);
      // A public page: pre-rendered (the checkout's and the back-office's addresses are the app's); an
      // address too long to be a page is not found (as CloudFront's rewrite says).
      else if (this.pagesBuilt && pageKind(decoded, this.options.runtimeConfig.adminPathPrefix).kind !== 'app') {
        return this.servePage(req, res, path.length > MAX_PAGE_PATH_LENGTH ? NOT_FOUND_PAGE_PATH : decoded);
      } else file = join(root, 'index.html');
      // No built shop (e.g. the API tests run before any build): a page that says so, never a 500.
      if (!existsSync(file)) return send(req, res, 404, errorPage(404, frontDoorTexts.notFound), HTML_ERROR_HEADERS);
      info = await stat(file);
    }
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const immutable = file.startsWith(join(root, 'assets') + sep);
    const headers = { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache', ...this.csp };
    if (!COMPRESSIBLE.test(type)) {
      res.writeHead(200, { ...SECURITY_HEADERS, ...headers, 'content-length': String(info.size) });
      if (req.method === 'HEAD') return void res.end();
      return void createReadStream(file).pipe(res);
    }
    const cached = this.gzipCache.get(file);
    const body = cached && cached.mtime === info.mtimeMs ? cached.body : await readFile(file);
    this.gzipCache.set(file, { mtime: info.mtimeMs, body });
    send(req, res, 200, body, headers);
  }
}

/**
 * As CloudFront's viewer-response function of the pages (`REDIRECT_QUERY_CODE`): a redirect the pages
 * function answers (a piece's former address) gets the visitor's query on the way out.
 */
function keepQueryOnRedirect(res: ServerResponse, search: string): void {
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, string | string[]>) => ServerResponse;
  res.writeHead = ((status: number, headers?: Record<string, string | string[]>) => {
    const location = headers?.location;
    const redirect = [301, 302, 307, 308].includes(status) && typeof location === 'string';
    return writeHead(status, redirect ? { ...headers, location: withQuery(location, search) } : headers);
  }) as ServerResponse['writeHead'];
}

export interface OpenFrontDoor {
  readonly port: number;
  readonly url: string;
  /** From now on the door answers as the shop. */
  serve(options: Omit<FrontDoorOptions, 'port'>): void;
  /** From now on the door answers 503 again (the twin stopping). */
  pause(): void;
  stop(): Promise<void>;
}

/**
 * The front door's port, taken first of all (0: the system's choice, kept from that moment, as the
 * services and the functions are told the shop's address before the door serves). Until `serve`, it
 * answers 503 with `Retry-After`, as CloudFront does before its origin is ready.
 */
export async function openFrontDoor(port: number): Promise<OpenFrontDoor> {
  const unavailable = (_req: IncomingMessage, res: ServerResponse): void =>
    void res.writeHead(503, { 'retry-after': '1', 'content-length': '0' }).end();
  let handle = unavailable;
  const server = http.createServer((req, res) => handle(req, res));
  // A deep accept queue: bursts of a thousand checkouts (the bench) must queue, not be reset.
  const bound = await listen(server, port, 4096, 'the shop');
  return {
    port: bound,
    url: `http://${HOST}:${bound}`,
    serve(options) {
      const door = new FrontDoor({ ...options, port: bound });
      handle = (req, res) => door.handle(req, res);
    },
    pause() {
      handle = unavailable;
    },
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
