/**
 * A proxy in front of a local service that misbehaves on purpose: for chosen requests it answers a
 * throttling error or a 500 without forwarding, or forwards and then drops the answer (the request
 * took effect, the caller never heard). For fault tests of the AWS SDK paths.
 */
import http from 'node:http';
import { forwardableHeaders } from '#infra/twin/processes.ts';

export type Fault = 'pass' | 'throttle' | 'error500' | 'drop-response';

export async function flakyProxy(target: string, decide: (operation: string, count: number) => Fault) {
  const counts = new Map<string, number>();
  const log: { operation: string; fault: Fault }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const operation =
      String(req.headers['x-amz-target'] ?? '')
        .split('.')
        .pop() ?? '';
    const count = (counts.get(operation) ?? 0) + 1;
    counts.set(operation, count);
    const fault = decide(operation, count);
    log.push({ operation, fault });
    if (fault === 'throttle') {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
      return res.end(
        JSON.stringify({
          __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
          message: 'Rate of requests exceeds the allowed throughput.',
        }),
      );
    }
    if (fault === 'error500') {
      res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      return res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' }));
    }
    const headers = { ...req.headers };
    delete headers.host;
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: headers as Record<string, string>,
      body: new Uint8Array(Buffer.concat(chunks)),
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    if (fault === 'drop-response') return req.socket.destroy();
    res.writeHead(upstream.status, forwardableHeaders(upstream));
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
