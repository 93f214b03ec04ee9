/**
 * The twin's CloudFront Function of the API behaviour (`apiViewerRequestCode`, `infra/common/edge-proof.ts`):
 * the very source CloudFront runs, run here on Node with what CloudFront's runtime gives it (its
 * `cloudfront` module's KeyValueStore, `require('crypto')`, `Buffer`), before the gateway, as
 * CloudFront runs it before the API origin. Its KeyValueStore is {@link KeyValueStoreLocal}, which
 * the twin fills as the deploy and the rotation fill the cloud's (`infra/ops/challenge-keys.ts`).
 */
import * as nodeCrypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiViewerRequestCode } from '../common/edge-proof.ts';
import type { FrontDoorApi } from './front-door.ts';
import { viewerIp } from './front-door-answers.ts';

/** The twin's stand-in of a CloudFront KeyValueStore: entries by key, read by the function. */
export class KeyValueStoreLocal {
  private readonly entries = new Map<string, string>();

  put(key: string, value: string): void {
    this.entries.set(key, value);
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }
}

/** A viewer-request event's request, as CloudFront hands it (header names in lowercase). */
export interface EdgeRequest {
  method: string;
  uri: string;
  headers: Record<string, { value: string }>;
}

/** What the function answers: the request to send on, or its own response. */
export type EdgeResult = EdgeRequest | { statusCode: number; headers?: Record<string, { value: string }>; body?: { data: string } };

export type ViewerRequestFunction = (event: { request: EdgeRequest; viewer: { ip: string } }) => Promise<EdgeResult>;

const IMPORT = "import cf from 'cloudfront';\n";

/** Loads a CloudFront Function's source (runtime 2.0) with `store` as its KeyValueStore. */
export function loadViewerFunction(code: string, store: KeyValueStoreLocal): ViewerRequestFunction {
  if (!code.startsWith(IMPORT)) throw new Error('A function with a KeyValueStore imports the cloudfront module first');
  const cf = {
    kvs: () => ({
      // As CloudFront's `get`: a key the store does not have is an error.
      get: async (key: string, options?: { format?: string }) => {
        const value = store.get(key);
        if (value === undefined) throw new Error(`The key ${key} is not in the store`);
        return options?.format === 'json' ? (JSON.parse(value) as unknown) : value;
      },
    }),
  };
  const require = (name: string) => {
    if (name === 'crypto') return nodeCrypto;
    throw new Error(`CloudFront Functions have no module ${name}`);
  };
  // The function's own source, as CloudFront runs it.
  return new Function('cf', 'require', `${code.slice(IMPORT.length)}\nreturn handler;`)(cf, require) as ViewerRequestFunction;
}

/**
 * The request as the function returned it, which is what CloudFront sends on: its headers replace the
 * viewer's (one the function removed is gone; the viewer's address is the one the function wrote).
 */
function sentOn(req: IncomingMessage, request: EdgeRequest): IncomingMessage {
  for (const name of Object.keys(req.headers)) if (!(name in request.headers)) delete req.headers[name];
  for (const [name, { value }] of Object.entries(request.headers)) req.headers[name] = value;
  return req;
}

/**
 * The API as the front door reaches it through CloudFront's `/api/*` behaviour: its viewer-request
 * function first; a response of the function is the answer, and the API never sees the request.
 */
export function apiBehindEdgeFunction(api: FrontDoorApi, store: KeyValueStoreLocal, code = apiViewerRequestCode()): FrontDoorApi {
  const run = loadViewerFunction(code, store);
  const behind = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers: Record<string, { value: string }> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers[name] = { value: Array.isArray(value) ? value.join(',') : value };
    const result = await run({
      request: { method: (req.method ?? 'GET').toUpperCase(), uri: new URL(req.url ?? '/', 'http://front.local').pathname, headers },
      viewer: { ip: viewerIp(req) },
    });
    if (!('statusCode' in result)) return api(sentOn(req, result), res);
    const body = Buffer.from(result.body?.data ?? '');
    // The body is not read: the connection closes after the answer rather than drain it.
    const close = req.headers['content-length'] || req.headers['transfer-encoding'] ? { connection: 'close' } : {};
    res.writeHead(result.statusCode, {
      ...Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, { value }]) => [name, value])),
      ...close,
      'content-length': String(body.length),
    });
    res.end(body);
  };
  return Object.assign(behind, { answer: (req: IncomingMessage) => api.answer(req) });
}
