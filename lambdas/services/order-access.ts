/**
 * The customer's key to "A minha encomenda": the access token of an order is the HMAC-SHA256 of its id
 * under the stage's order-link key (`ORDER_LINK_ENV`), URL-safe (43 characters). The order stores only
 * the token's SHA-256 (a database read never yields a working link); the key lets the outbox consumer
 * rebuild the link in every e-mail of the order, and the lookup by number and e-mail mail it again.
 */
import { createHash, createHmac } from 'node:crypto';
import { paths } from '#shared/paths.ts';
import { MAIL_ENV, ORDER_LINK_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';

/**
 * The stage's order-link key (needs the `orderLinks` grant): the one place a function reads it. The
 * proof-of-work key is derived from it (`services/challenges.ts`), so both move together.
 */
export function orderLinkKey(): string {
  return setting(ORDER_LINK_ENV.key);
}

/** The order's access token (needs the `orderLinks` grant). */
export function orderAccessToken(orderId: string): string {
  return createHmac('sha256', orderLinkKey()).update(`order-access:${orderId}`).digest('base64url');
}

/** What the order stores of a token: its SHA-256, hex. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The absolute link to the order's page for the customer (needs the `orderLinks` grant and the shop's URL). */
export function orderPageUrl(orderId: string): string {
  return `${setting(MAIL_ENV.shopUrl)}${paths.myOrder(orderId, orderAccessToken(orderId))}`;
}
