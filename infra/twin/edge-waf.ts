/**
 * The twin's model of the AWS WAF web ACL in front of CloudFront (`infra/cloud/waf.ts`): the rate
 * rules of `infra/common/edge-rules.ts` per source address, strictest first, then the shape of a
 * public write's proof of work (`EDGE_PROOF_RULE`), then the body size limit.
 *
 * As WAF evaluates them: each rate rule counts the requests of one address that match its scope and
 * reach it (a request another rule blocked first is not counted), the ones it blocks included, over a
 * sliding window; over its limit the request is refused with a 429 in the shop's Portuguese error
 * shape and `Retry-After`, before it reaches the API (it costs the shop nothing). A declared body
 * larger than `EDGE_MAX_BODY_BYTES` is refused with a 413.
 *
 * One honest difference: AWS WAF acts on an estimate, usually within 30 s of an address crossing a
 * limit; the twin acts at once (docs/local-twin.md, "The edge").
 */
import type { IncomingMessage } from 'node:http';
import { ChallengeRefused, PayloadTooLarge, TooManyRequests } from '#lambdas/errors.ts';
import { toErrorResponse } from '#lambdas/http/error-response.ts';
import { CHALLENGE_HEADER } from '#lambdas/contracts/env.ts';
import {
  ADMIN_API_PREFIX,
  EDGE_MAX_BODY_BYTES,
  EDGE_RATE_RULES,
  proofRefusal,
  TOKEN_SHAPE,
  type EdgeRateRule,
  type EdgeScope,
} from '../common/edge-rules.ts';

export interface EdgeOptions {
  /** Apply the web ACL's rules at the front door. @default the twin's `throttle` (on unless turned off). */
  readonly enabled?: boolean;
  /** Every rule's window times this (tests use short windows, e.g. 0.1 for 6 s instead of 60 s). @default 1 */
  readonly windowScale?: number;
}

/** A refusal of the edge: the status, the headers and the body to answer with. */
export interface EdgeRefusal {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The slices of a window: the count is an estimate to one slice, as WAF's own is an estimate. */
const SLICES = 30;

const TOKEN = new RegExp(TOKEN_SHAPE);

/** Whether an `Authorization` header has a back-office token's shape (not whether the token is valid: the gateway's authorizer tells). */
export function tokenShaped(authorization: string | undefined): boolean {
  return authorization !== undefined && TOKEN.test(authorization);
}

/** What a rule's scope matches: the path, the method and whether a token-shaped `Authorization` header is sent. */
export function inScope(scope: EdgeScope, path: string, method: string, signed: boolean): boolean {
  if (!path.startsWith('/api/')) return false;
  const admin = path.startsWith(ADMIN_API_PREFIX);
  switch (scope) {
    case 'anonymousAdmin':
      return admin && !signed;
    case 'admin':
      return admin;
    case 'checkout':
      return method === 'POST' && path === '/api/orders';
    case 'challenge':
      return method === 'GET' && path === '/api/challenge';
    case 'publicWrites':
      return !admin && !['GET', 'HEAD', 'OPTIONS'].includes(method);
    case 'publicApi':
      return !admin;
  }
}

/** One rule's counts for one address: requests per slice of the window, by slice number. */
class SlidingCount {
  private readonly slices = new Map<number, number>();

  constructor(private readonly sliceMs: number) {}

  /** Counts a request at `now`; the window's count, this one included. */
  add(now: number): number {
    const slice = Math.floor(now / this.sliceMs);
    this.slices.set(slice, (this.slices.get(slice) ?? 0) + 1);
    let total = 0;
    for (const [key, count] of this.slices) {
      if (key <= slice - SLICES) this.slices.delete(key);
      else total += count;
    }
    return total;
  }

  /** Seconds until the window's count is below `limit` again, if no further request comes. */
  secondsUntilBelow(limit: number, now: number): number {
    let total = [...this.slices.values()].reduce((sum, count) => sum + count, 0);
    for (const key of [...this.slices.keys()].sort((a, b) => a - b)) {
      total -= this.slices.get(key)!;
      if (total < limit) return Math.max(1, Math.ceil(((key + SLICES) * this.sliceMs - now) / 1000));
    }
    return 1;
  }

  /** True when nothing of the window is left (the address can be forgotten). */
  idle(now: number): boolean {
    const slice = Math.floor(now / this.sliceMs);
    return [...this.slices.keys()].every((key) => key <= slice - SLICES);
  }
}

/** The web ACL of the twin's front door. */
export class EdgeWaf {
  private readonly rules: readonly { rule: EdgeRateRule; windowMs: number; counts: Map<string, SlidingCount> }[];
  private lastSweep = Date.now();
  /** Requests refused at the edge and requests let through, since the start (the bench's figures). */
  readonly tally = { refused: 0, passed: 0 };

  constructor(options: Pick<EdgeOptions, 'windowScale'> = {}, rules: readonly EdgeRateRule[] = EDGE_RATE_RULES) {
    const scale = options.windowScale ?? 1;
    if (!(scale > 0)) throw new Error(`edge.windowScale must be above 0, not ${scale}`);
    this.rules = rules.map((rule) => ({ rule, windowMs: rule.windowSeconds * 1000 * scale, counts: new Map() }));
  }

  /** The refusal of a request from `address` to `path` (its URI path, as sent), or undefined to let it through. */
  check(req: IncomingMessage, address: string, path: string, now = Date.now()): EdgeRefusal | undefined {
    this.sweep(now);
    const method = (req.method ?? 'GET').toUpperCase();
    const signed = tokenShaped(req.headers.authorization);
    for (const { rule, windowMs, counts } of this.rules) {
      if (!inScope(rule.scope, path, method, signed)) continue;
      let count = counts.get(address);
      if (!count) counts.set(address, (count = new SlidingCount(windowMs / SLICES)));
      if (count.add(now) > rule.limit) return this.refuse(new TooManyRequests(count.secondsUntilBelow(rule.limit, now)));
    }
    const proofHeader = req.headers[CHALLENGE_HEADER];
    const unsolved = proofRefusal(method, path, Array.isArray(proofHeader) ? proofHeader.join(',') : proofHeader);
    if (unsolved) return this.refuse(new ChallengeRefused(unsolved));
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > EDGE_MAX_BODY_BYTES) return this.refuse(new PayloadTooLarge());
    this.tally.passed += 1;
    return undefined;
  }

  /** Forgets what `address` sent (the e2e tests: each test a new shopper behind the browser's one address). */
  forget(address: string): void {
    for (const { counts } of this.rules) counts.delete(address);
  }

  private refuse(error: TooManyRequests | PayloadTooLarge | ChallengeRefused): EdgeRefusal {
    this.tally.refused += 1;
    const answer = toErrorResponse(error);
    return {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers },
      body: JSON.stringify(answer.body),
    };
  }

  /** Forgets the addresses with nothing left in any window, once a window. */
  private sweep(now: number): void {
    const shortest = Math.min(...this.rules.map((r) => r.windowMs));
    if (now - this.lastSweep < shortest) return;
    this.lastSweep = now;
    for (const { counts } of this.rules) for (const [address, count] of counts) if (count.idle(now)) counts.delete(address);
  }
}
