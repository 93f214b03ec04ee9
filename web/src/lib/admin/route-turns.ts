/**
 * A back-office tab sends at most `OWNER_CALLS_PER_ROUTE` calls to one route at once; the rest wait
 * their turn, in the order they were made. Each owner route runs a fixed number of executions at once
 * in the cloud (its reservation, `shared/owner-calls.ts`), and a call beyond them is refused by Lambda
 * and answered 500 by API Gateway: eight photos chosen together must not be eight uploads at once.
 */
import { OWNER_CALLS_PER_ROUTE } from '#shared/owner-calls.ts';

interface Lane {
  running: number;
  readonly waiting: (() => void)[];
}

const lanes = new Map<string, Lane>();

/** Runs `call` once fewer than `OWNER_CALLS_PER_ROUTE` calls of `route` are under way in this tab. */
export async function inTurn<T>(route: string, call: () => Promise<T>): Promise<T> {
  let lane = lanes.get(route);
  if (!lane) lanes.set(route, (lane = { running: 0, waiting: [] }));
  // A finished call hands its place straight to the next in line, so `running` never passes the limit.
  if (lane.running < OWNER_CALLS_PER_ROUTE) lane.running++;
  else await new Promise<void>((resolve) => lane.waiting.push(resolve));
  try {
    return await call();
  } finally {
    const next = lane.waiting.shift();
    if (next) next();
    else lane.running--;
  }
}
