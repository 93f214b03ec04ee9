/**
 * Per-client limits of the public write routes (docs/design.md §20): fixed windows counted in DynamoDB
 * (`repositories/rate-limits.ts`), keyed by the client's address as CloudFront passes it on, and by
 * the customer's e-mail where the body carries one (`emailKey`: one inbox, however it is spelt).
 */
import { clientAddressKey } from '#shared/identity-keys.ts';
import { countRequest } from '../repositories/rate-limits.ts';
import { TooManyRequests } from '../errors.ts';
import type { RateLimit } from '../routes.ts';

/**
 * The client a request is counted against, from the viewer's IP as the edge passes it on
 * (`VIEWER_IP_HEADER`), by its key (`clientAddressKey`: IPv6 by /64). Falls back to the connection's
 * source address (API Gateway's `sourceIp`: CloudFront's own address, so only when there is no edge).
 */
export function clientId(viewerIp: string | undefined, sourceIp: string | undefined): string {
  return clientAddressKey(viewerIp?.trim() || sourceIp?.trim() || 'unknown');
}

/**
 * Counts this request against each of `limits` of the kind `by` for `who`; throws `TooManyRequests`
 * (with the seconds until the window ends) when any is exceeded. Requests over the limit are counted
 * too, so a client that keeps hammering stays refused until the window ends.
 */
export async function enforceLimits(
  routeKey: string,
  limits: readonly RateLimit[],
  by: RateLimit['by'],
  who: string,
  now: Date,
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const applicable = limits.filter((limit) => limit.by === by);
  const counts = await Promise.all(
    applicable.map(async (limit) => {
      const windowStart = nowSeconds - (nowSeconds % limit.windowSeconds);
      const count = await countRequest(`${routeKey}#${by}#${who}#${limit.windowSeconds}`, windowStart, limit.windowSeconds);
      return { limit, count, retryAfter: windowStart + limit.windowSeconds - nowSeconds };
    }),
  );
  const over = counts.filter(({ limit, count }) => count > limit.max);
  if (over.length) throw new TooManyRequests(Math.max(1, ...over.map((o) => o.retryAfter)));
}
