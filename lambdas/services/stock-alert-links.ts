/**
 * The confirmation link of a back-in-stock request (double opt-in, docs/email.md): its token is the
 * HMAC-SHA256 of the request's id and creation under the stage's current link key (the orders' key,
 * `ORDER_LINK_ENV`), URL-safe (43 characters). The request stores only the token's SHA-256
 * (`hashAccessToken`, as an order does); the key lets the outbox consumer rebuild the link when it sends.
 */
import { createHmac } from 'node:crypto';
import { paths } from '#shared/paths.ts';
import { MAIL_ENV } from '../contracts/env.ts';
import { setting } from '../repositories/environment.ts';
import { orderLinkKeys } from './order-access.ts';

/** The request's confirmation token (needs the `orderLinks` grant); a new request of the pair gets a new one. */
export async function stockAlertToken(id: string, createdAt: string): Promise<string> {
  return createHmac('sha256', (await orderLinkKeys()).current)
    .update(`stock-alert-confirm:${id}:${createdAt}`)
    .digest('base64url');
}

/** The absolute confirmation link, token in the fragment (needs the `orderLinks` grant and the shop's URL). */
export async function stockAlertConfirmUrl(id: string, createdAt: string): Promise<string> {
  return `${setting(MAIL_ENV.shopUrl)}${paths.stockAlertConfirmation(id, await stockAlertToken(id, createdAt))}`;
}
