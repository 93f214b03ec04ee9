/**
 * How many of the owner's calls one back-office route must run at once, so that its reserved
 * executions (`infra/common/concurrency.ts`) never refuse a page of the back-office: a page calls one
 * route at most {@link OWNER_CALLS_PER_ROUTE} times at once (the rest wait their turn in the page,
 * `web/src/lib/admin/route-turns.ts`), for {@link OWNER_SESSIONS} people or tabs at once.
 */

/** People (or tabs) working in the back-office at the same time that the owner's routes are sized for. */
export const OWNER_SESSIONS = 2;
/**
 * Calls one back-office tab sends to one route at once; more wait in the page (eight photos chosen
 * together upload three at a time, which also shares a phone's upstream better than eight at once).
 */
export const OWNER_CALLS_PER_ROUTE = 3;
/** Executions each owner route runs at once at most: its reservation where the quota allows one. */
export const OWNER_ROUTE_EXECUTIONS = OWNER_SESSIONS * OWNER_CALLS_PER_ROUTE;
