/**
 * The proof-of-work guard of the public writes (docs/design.md §28), declared per route in the route
 * table (`challenge: true`): the `x-altcha` header is checked before anything else is done (no database),
 * and recorded as used just before the use case, once the body is valid, so a customer's typo does
 * not cost them their proof. A refusal is 400 `challenge_required` / `challenge_invalid` /
 * `challenge_used`, and nothing is written.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { CHALLENGE_HEADER, checkProof, spendProof, type Proof } from '../services/challenges.ts';
import type { HttpResult } from './response.ts';
import type { RouteRow } from './route-rows.ts';
import { bodyText } from './request-body.ts';

type Mw = MiddlewareObj<APIGatewayProxyEventV2WithJWTAuthorizer, HttpResult, Error, Context>;

/** The two steps of the guard of one route: `check` first of all, `spend` last before the use case. */
export function challengeGuard(route: RouteRow): { readonly check: Mw; readonly spend: Mw } {
  const routeKey = `${route.method} ${route.path}`;
  const proofs = new WeakMap<object, Proof>();
  const header = (event: APIGatewayProxyEventV2WithJWTAuthorizer, name: string) =>
    Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return {
    check: {
      name: 'challenge-check',
      before: async ({ event }) => {
        proofs.set(event, await checkProof(header(event, CHALLENGE_HEADER)));
      },
    },
    spend: {
      name: 'challenge-spend',
      before: async ({ event }) => {
        // Only a route whose idempotency record answers a repeat may see the same proof again
        // (the same key, the same body); on any other, a second use would be a second write.
        const idempotencyKey = route.idempotent ? header(event, 'idempotency-key') : undefined;
        const repeat = idempotencyKey ? { idempotencyKey, body: bodyText(event) } : undefined;
        await spendProof(proofs.get(event)!, routeKey, repeat);
      },
    },
  };
}
