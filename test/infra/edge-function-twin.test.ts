/**
 * The twin runs the API behaviour's CloudFront Function before the API as CloudFront does
 * (`infra/twin/edge-function.ts`): the API gets the request the function returned, not the viewer's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiBehindEdgeFunction, KeyValueStoreLocal } from '#infra/twin/edge-function.ts';
import type { FrontDoorApi } from '#infra/twin/front-door.ts';
import { apiViewerRequestCode } from '#infra/common/edge-proof.ts';

/** A request from `ip` with `headers`, as the front door hands it on (only what the function reads). */
function viewerRequest(ip: string, headers: Record<string, string>): IncomingMessage {
  return { method: 'GET', url: '/api/products', headers: { ...headers }, socket: { remoteAddress: ip } } as unknown as IncomingMessage;
}

/** The API stand-in: the headers of the request it got. */
function recordingApi(): { api: FrontDoorApi; seen: Record<string, unknown>[] } {
  const seen: Record<string, unknown>[] = [];
  const api = Object.assign(
    async (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ ...req.headers });
      res.end();
    },
    { answer: async () => ({ status: 200, headers: {}, body: '' }) },
  ) as unknown as FrontDoorApi;
  return { api, seen };
}

const response = { end: () => undefined } as unknown as ServerResponse;

describe("the twin's API behaviour function", () => {
  it("sends on the function's request: its headers, without those it removed", async () => {
    const { api, seen } = recordingApi();
    const code = `import cf from 'cloudfront';
async function handler(event) {
  event.request.headers['x-added'] = { value: 'by the function' };
  delete event.request.headers['x-removed'];
  return event.request;
}`;
    await apiBehindEdgeFunction(
      api,
      new KeyValueStoreLocal(),
      code,
    )(viewerRequest('203.0.113.9', { 'x-removed': '1', accept: 'a' }), response);
    expect(seen).toEqual([{ 'x-added': 'by the function', accept: 'a' }]);
  });

  it("gives the API the viewer's address the shop's function writes, never the one a stranger sends", async () => {
    const { api, seen } = recordingApi();
    const behind = apiBehindEdgeFunction(api, new KeyValueStoreLocal(), apiViewerRequestCode());
    await behind(viewerRequest('::ffff:203.0.113.9', { 'x-viewer-ip': '198.51.100.7' }), response);
    expect(seen.map((headers) => headers['x-viewer-ip'])).toEqual(['203.0.113.9']);
  });
});
