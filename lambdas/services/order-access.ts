/**
 * The customer's key to "A minha encomenda": the access token of an order is the HMAC-SHA256 of its id
 * under the stage's order-link key (`ORDER_LINK_ENV`), URL-safe (43 characters). A link opens its order
 * when its token is the order's token under a key accepted now: the current key, or during a
 * rotation's overlap the previous one (`repositories/secrets.ts`), so links already e-mailed keep
 * working for the overlap window and stop after it. The key lets the outbox consumer rebuild the link
 * in every e-mail of the order, and the lookup by number and e-mail mail it again.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { paths } from '#shared/paths.ts';
import { MAIL_ENV, ORDER_LINK_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { readSecret, type SecretValues } from '../repositories/secrets.ts';

/**
 * The stage's order-link keys (needs the `orderLinks` grant): the one place a function reads them. The
 * proof-of-work keys are derived from them (`services/challenges.ts`), so both move together.
 */
export function orderLinkKeys(now = new Date()): Promise<SecretValues> {
  return readSecret(setting(ORDER_LINK_ENV.secretArn), now);
}

const tokenUnder = (key: string, orderId: string) => createHmac('sha256', key).update(`order-access:${orderId}`).digest('base64url');

/** The order's access token under the current key (needs the `orderLinks` grant). */
export async function orderAccessToken(orderId: string): Promise<string> {
  return tokenUnder((await orderLinkKeys()).current, orderId);
}

/** Whether `token` is the order's access token under a key accepted at `now` (compared in constant time). */
export async function isOrderAccessToken(orderId: string, token: string, now = new Date()): Promise<boolean> {
  const given = Buffer.from(token);
  let matches = false;
  for (const key of (await orderLinkKeys(now)).accepted) {
    const expected = Buffer.from(tokenUnder(key, orderId));
    if (expected.length === given.length && timingSafeEqual(expected, given)) matches = true;
  }
  return matches;
}

/** What the order stores of a token: its SHA-256, hex. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The absolute link to the order's page for the customer (needs the `orderLinks` grant and the shop's URL). */
export async function orderPageUrl(orderId: string): Promise<string> {
  return `${setting(MAIL_ENV.shopUrl)}${paths.myOrder(orderId, await orderAccessToken(orderId))}`;
}
