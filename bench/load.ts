/**
 * One load run with autocannon, recording every response time itself (autocannon reports p97.5, not
 * p95), so the table shows exact p50/p95/p99.
 */
import autocannon from 'autocannon';

export interface LoadResult {
  readonly name: string;
  readonly connections: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function load(options: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Per request: extra headers (e.g. a fresh Idempotency-Key) and/or another body. */
  perRequest?: () => { headers?: Record<string, string>; body?: string };
}): Promise<LoadResult> {
  const times: number[] = [];
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    body: options.body,
    headers: options.headers,
    requests: options.perRequest
      ? [
          {
            setupRequest: (request) => {
              const extra = options.perRequest!();
              return { ...request, headers: { ...request.headers, ...extra.headers }, ...(extra.body ? { body: extra.body } : {}) };
            },
          },
        ]
      : undefined,
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, responseTime: number) => times.push(responseTime));
    },
  });
  times.sort((a, b) => a - b);
  return {
    name: options.name,
    connections: options.connections,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
