/**
 * The functions that run on a schedule, not on a request: one row each, like the route table. The
 * CDK stack (`infra/jobs.ts`) makes one function per row with exactly its grants and a schedule; the
 * local twin runs the same handler on a timer with the same period.
 */
import { CLOSE_ORDER_GRANTS, type Grant } from './routes.ts';

export interface Job {
  /** A stable name (also the CloudFormation id's base). */
  readonly name: string;
  /** Module under `lambdas/consumers/`, without extension; it exports `handler`. */
  readonly handler: string;
  /** How often it runs. */
  readonly everyMinutes: number;
  readonly grants: readonly Grant[];
}

export const jobs = [
  {
    // Reservations nobody paid in time give back their stock and MB WAY slot.
    name: 'ExpireReservations',
    handler: 'expire-reservations',
    everyMinutes: 5,
    grants: CLOSE_ORDER_GRANTS,
  },
] as const satisfies readonly Job[];
