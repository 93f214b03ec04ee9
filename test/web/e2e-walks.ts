/**
 * Helpers of the browser walks that place orders through the public API (`test/e2e/order-steps`,
 * `admin-week`, `pages`), beside `e2e-support.ts`.
 */
import { randomInt } from 'node:crypto';

/**
 * A Portuguese mobile number of a customer of their own. Open reservations are capped per phone as well
 * as per e-mail and client address (docs/design.md §27): orders of different customers of one test
 * file must not share a phone, or the third one meets 409 `hold_limit`.
 */
export function customerPhone(): string {
  return `9${randomInt(10_000_000, 100_000_000)}`;
}
