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
import type { HeldUnits } from '#shared/proof-of-work.ts';
import { CHALLENGE_HEADER, checkPrice, checkProof, heldUnitsNow, spendProof, type Proof } from '../services/challenges.ts';
import { shopSettings } from '../services/settings.ts';
import type { HttpResult } from './response.ts';
import type { RouteRow } from './route-rows.ts';
import { bodyText } from './request-body.ts';

type Mw = MiddlewareObj<APIGatewayProxyEventV2WithJWTAuthorizer, HttpResult, Error, Context>;

/** The two steps of the guard of one route: `check` first of all, `spend` last before the use case. */
export interface ChallengeGuard {
  readonly check: Mw;
  readonly spend: Mw;
}

/**
 * The guard of a route whose writes cost by the unit (the checkout): a proof that does not pay for the
 * units the body reserves (`unitsOf` of the validated body) at today's price is refused
 * `challenge_invalid` and not spent (`checkPrice`; `shared/proof-of-work.ts`: holding ten units takes
 * ten units' work, and more as more of the catalogue is held).
 */
export function unitChallengeGuard(unitsOf: (body: unknown) => number): (route: RouteRow) => ChallengeGuard {
  return (route) => challengeGuard(route, unitsOf);
}

/** The proof each request's guard checked, by its event. */
const proofs = new WeakMap<object, Proof>();
/** The held units a priced guard read for the request's price check, by its event. */
const heldRead = new WeakMap<object, HeldUnits>();

/**
 * The proof of work the guard checked for `event`, and the held units it read to price it (a guard
 * priced by the unit: the checkout): the use case takes its units into that count (`admitHeldUnits`).
 */
export function checkedProof(event: object): { readonly proof: Proof; readonly held?: HeldUnits } | undefined {
  const proof = proofs.get(event);
  return proof && { proof, held: heldRead.get(event) };
}

/** The guard of one route (see the module's comment); `unitsOf` as in {@link unitChallengeGuard}. */
export function challengeGuard(route: RouteRow, unitsOf?: (body: unknown) => number): ChallengeGuard {
  const routeKey = `${route.method} ${route.path}`;
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
        const proof = proofs.get(event)!;
        // The body is valid by now (its validation runs before this step).
        if (unitsOf) {
          const [settings, held] = await Promise.all([shopSettings(), heldUnitsNow()]);
          heldRead.set(event, held);
          checkPrice(proof, unitsOf(JSON.parse(bodyText(event))), settings.challengeMaxNumber, held);
        }
        // Only a route whose idempotency record answers a repeat may see the same proof again
        // (the same key, the same body); on any other, a second use would be a second write.
        const idempotencyKey = route.idempotent ? header(event, 'idempotency-key') : undefined;
        const repeat = idempotencyKey ? { idempotencyKey, body: bodyText(event) } : undefined;
        await spendProof(proof, routeKey, repeat);
      },
    },
  };
}
