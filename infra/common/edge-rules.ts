/**
 * The edge's per-address rules (docs/design.md §30), without CDK: the AWS WAF web ACL in front of
 * CloudFront (`infra/cloud/waf.ts`) is built from them, and any local model of the front door can
 * apply the same figures.
 *
 * Each rate rule counts the requests of one client address that match it in a sliding window of
 * `windowSeconds` (AWS WAF allows 60, 120, 300 or 600 s; the lowest limit is 10) and, over `limit`,
 * answers 429 until the address's rate is below it again. AWS WAF acts on an estimate, usually within
 * 30 s of the rate being crossed ("Rate-based rule caveats in AWS WAF",
 * https://docs.aws.amazon.com/waf/latest/developerguide/waf-rule-statement-type-rate-based-caveats.html).
 */

import { routes } from '#lambdas/routes.ts';
import { CHALLENGE_HEADER, MAX_PROOF_HEADER_BYTES } from '#lambdas/contracts/env.ts';

/** Which requests a rate rule counts. */
export type EdgeScope =
  /**
   * `/api/admin/*` without an `Authorization` header of a token's shape (`Bearer` and a JWT's three
   * base64url parts, {@link TOKEN_SHAPE}): nobody the back-office knows. `Bearer x` is no pass.
   */
  | 'anonymousAdmin'
  /** `/api/admin/*`, signed in or not. */
  | 'admin'
  /** `POST /api/orders`: the checkout, whose stage bucket is the smallest (sized from its reserved executions). */
  | 'checkout'
  /** `GET /api/challenge`: a new proof-of-work challenge (a page asks for one per form it shows). */
  | 'challenge'
  /** Writes (any method but GET, HEAD, OPTIONS) under `/api/` outside `/api/admin/`. */
  | 'publicWrites'
  /** Every request under `/api/` outside `/api/admin/` (the catalogue, payment methods, order views, writes). */
  | 'publicApi';

export interface EdgeRateRule {
  readonly scope: EdgeScope;
  readonly limit: number;
  readonly windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * The rate rules, strictest first (the order the web ACL evaluates them). The figures leave a real
 * customer (several behind one mobile operator's shared address included) and the owner room to spare:
 * a checkout is a handful of writes, a page a handful of uncached API reads; the back-office polls.
 */
export const EDGE_RATE_RULES: readonly EdgeRateRule[] = [
  { scope: 'anonymousAdmin', limit: 10, windowSeconds: 60 },
  { scope: 'admin', limit: 600, windowSeconds: 60 },
  // The checkout function's own per-client limit (20 in 10 minutes, `lambdas/routes.ts`), applied
  // before the stage: past it nothing an address sends can be served anyway, so at the edge it costs
  // a customer nothing and keeps an address from spending the checkout's small bucket.
  { scope: 'checkout', limit: 20, windowSeconds: 600 },
  // A page asks for one per form shown and per new try; 30 a minute leaves room for several people
  // behind one address, and 60 addresses at the limit ask for 30 a second, far below the route's bucket.
  { scope: 'challenge', limit: 30, windowSeconds: 60 },
  { scope: 'publicWrites', limit: 60, windowSeconds: 60 },
  { scope: 'publicApi', limit: 120, windowSeconds: 60 },
];

/**
 * The shape of a back-office token in `Authorization` (a regular expression AWS WAF and the twin both
 * apply): `Bearer` and a JWT's three base64url parts. Only the JWT authorizer can tell a valid one, and
 * it costs no function; this only keeps a junk header such as `Bearer x` under the anonymous rule.
 */
export const TOKEN_SHAPE = '^Bearer [A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$';

/**
 * The edge's check of a public write's proof of work (docs/design.md §28): a write of a guarded route
 * (`challenge` rows) without the header is refused 400 `challenge_required`, one whose header is not of
 * a solved payload's shape (base64, {@link PROOF_SHAPE}, from `minBytes` to `maxBytes`) 400
 * `challenge_invalid`, as the function would answer, before the stage: an unsolved write never spends
 * the route's bucket a solving customer needs. Signature, expiry and solution are checked next by the
 * API behaviour's CloudFront Function (`edge-proof.ts`); single use and price stay the function's
 * (`lambdas/services/challenges.ts`).
 */
export const EDGE_PROOF_RULE = {
  header: CHALLENGE_HEADER,
  /** The guarded writes, as `METHOD path` (paths without parameters: the guarded rows have none). */
  routes: /* @__PURE__ */ routes
    .filter((route) => 'challenge' in route && route.challenge)
    .map((route) => ({ method: route.method, path: route.path })),
  /** A solved payload is a few hundred bytes: a shorter header is none. */
  minBytes: 64,
  maxBytes: MAX_PROOF_HEADER_BYTES,
} as const;
/** Base64 (the widget's encoding of the JSON payload). */
export const PROOF_SHAPE = '^[A-Za-z0-9+/]+={0,2}$';

/** What the edge answers a guarded write's header: nothing (let through), or the function's own refusal code. */
export function proofRefusal(
  method: string,
  path: string,
  header: string | undefined,
): 'challenge_required' | 'challenge_invalid' | undefined {
  if (!EDGE_PROOF_RULE.routes.some((route) => route.method === method && route.path === path)) return undefined;
  if (header === undefined || header === '') return 'challenge_required';
  const size = Buffer.byteLength(header);
  if (size < EDGE_PROOF_RULE.minBytes || size > EDGE_PROOF_RULE.maxBytes || !new RegExp(PROOF_SHAPE).test(header))
    return 'challenge_invalid';
  return undefined;
}

/** Bodies above this many bytes are refused at the edge (CloudFront's web ACLs inspect 16 KB by default). */
export const EDGE_MAX_BODY_BYTES = 16 * 1024;

/** The prefix of the back-office API (its own HTTP API and stage behind CloudFront). */
export const ADMIN_API_PREFIX = '/api/admin/';

/** A rule's steady rate, in requests a second, that one address may keep up without being stopped. */
export function sustainedRate(rule: EdgeRateRule): number {
  return rule.limit / rule.windowSeconds;
}
