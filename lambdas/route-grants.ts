/**
 * What the route table's functions may reach (`lambdas/routes.ts` rows and `lambdas/jobs.ts`): the grant
 * type that drives IAM in the cloud (`infra/cloud/constructs/bind.ts`) and the twin's scoped clients
 * (`infra/twin/function-scope.ts`), and the groups of grants several rows share.
 */
import type { BucketKey, TableKey } from './contracts/data-model.ts';
import { PAGES_PREFIX } from '#shared/pages.ts';

export type Grant =
  /**
   * `write`: PutItem and UpdateItem. `delete`: DeleteItem and BatchWriteItem too (a batch write may
   * delete, and IAM checks only `dynamodb:BatchWriteItem`): only rows that remove items have it.
   */
  | { readonly table: TableKey; readonly access: 'read' | 'write' | 'readWrite'; readonly delete?: true }
  /**
   * `delete`: DeleteObject only (a function that removes files it never reads). `prefix`: only the
   * objects under it (e.g. `pages/` of the site bucket, never the shop's own files). `signed`: the
   * function reaches the bucket only through links it signs itself (`repositories/signed-s3.ts`), so
   * its bundle carries no S3 client (and leaves out the event streams only that client needs).
   */
  | {
      readonly bucket: BucketKey;
      readonly access: 'read' | 'put' | 'readWrite' | 'readDelete' | 'readWriteDelete' | 'delete';
      readonly prefix?: string;
      readonly signed?: true;
    }
  | { readonly mail: true }
  /** Reading the sender's SES identity (`ses:GetEmailIdentity` on it alone): whether SES verified it (the go-live checklist). */
  | { readonly senderIdentity: true }
  /** Reading the account's SES state (`ses:GetAccount`, an account-wide read): production access or the sandbox (the go-live checklist). */
  | { readonly sesAccount: true }
  /**
   * The key of the customers' order links (`ORDER_LINK_ENV`): its secret's ARN and `secretsmanager:GetSecretValue` on it, read at run time.
   */
  | { readonly orderLinks: true }
  /**
   * The payment provider's keys (`PAYMENT_KEYS_ENV`, docs/design.md §34): their secret's ARN and
   * `secretsmanager:GetSecretValue` on it, read at run time; `write`: `PutSecretValue` too, only for the
   * route that saves the keys (`PUT /api/admin/settings/payment-keys`).
   */
  | { readonly paymentKeys: true; readonly write?: true }
  /**
   * The invoicing provider's API key (`INVOICING_ENV`, docs/invoices.md): its secret's ARN and
   * `secretsmanager:GetSecretValue` on it, read at run time; `write`: `PutSecretValue` too, only for the
   * route that saves the key.
   */
  | { readonly invoicingKey: true; readonly write?: true }
  /** A setting of the deployment, no IAM: the shop's public URL (environment). */
  | { readonly config: 'shopUrl' };

export const RATE_LIMITS_GRANT = { table: 'rateLimits', access: 'write' } as const satisfies Grant;
/**
 * What claiming a proof of payment needs (`services/proof-claims.ts`, docs/design.md §29): the upload
 * read, checked and deleted once the order holds its safe copy, and that copy put in the proofs bucket.
 */
export const PROOF_CLAIM_GRANTS = [
  { bucket: 'uploads', access: 'readDelete' },
  { bucket: 'proofs', access: 'put' },
] as const satisfies readonly Grant[];

/**
 * A row's grants from single grants and groups of them. Called, never spread into the table: esbuild
 * must keep an array spread (it may run an iterator), and with it the whole table in every function's
 * bundle (`test/lambdas/bundles.test.ts`); a call marked pure it may drop.
 */
export function grantsOf<const G extends readonly (Grant | readonly Grant[])[]>(
  ...groups: G
): G[number] extends infer E ? (E extends readonly Grant[] ? E[number] : E)[] : never {
  return groups.flat() as never;
}
/** The order-link key: making and checking the access tokens of orders, and the proof of work's keys derived from it. */
export const ORDER_LINKS = { orderLinks: true } as const satisfies Grant;
/** The shop's settings (payment instructions, caps, thresholds): read with a short cache. */
export const SETTINGS_READ = { table: 'settings', access: 'read' } as const satisfies Grant;
/** What rendering and keeping pre-rendered pages needs: the catalogue, the settings, the shop's address, `pages/` of the site bucket. */
export const PRODUCTS_READ = { table: 'products', access: 'read' } as const satisfies Grant;
export const COLLECTIONS_READ = { table: 'collections', access: 'read' } as const satisfies Grant;
export const SHOP_URL = { config: 'shopUrl' } as const satisfies Grant;
export const PAGE_PUBLISHING_GRANTS = [
  SETTINGS_READ,
  PRODUCTS_READ,
  COLLECTIONS_READ,
  SHOP_URL,
  { bucket: 'site', access: 'readWriteDelete', prefix: PAGES_PREFIX },
] as const satisfies readonly Grant[];

/**
 * What moving an order to closed needs: the order, the stock it gives back (with movements), its MB
 * WAY slot, the dashboard's counters (moved in the same transaction), the customer's e-mail (queued
 * in the outbox in that transaction; no function but the outbox consumer talks to SES).
 */
export const CLOSE_ORDER_GRANTS = [
  { table: 'orders', access: 'readWrite' },
  { table: 'products', access: 'write' },
  { table: 'stockMovements', access: 'write' },
  { table: 'mbwayCounters', access: 'write' },
  { table: 'counters', access: 'write' },
  { table: 'outbox', access: 'write' },
] as const satisfies readonly Grant[];

/**
 * What the held-share check (`services/held-share.ts`) needs: the counters, the catalogue's stock, its
 * flag (abuse table) and the owner's e-mail (outbox).
 */
export const HELD_SHARE_GRANTS = [
  { table: 'counters', access: 'readWrite' },
  { table: 'products', access: 'read' },
  { table: 'abuse', access: 'readWrite' },
  { table: 'outbox', access: 'write' },
] as const satisfies readonly Grant[];

/** Closing orders as suspicious: what closing needs, the block list and the held-share check. */
export const SUSPICIOUS_CLOSE_GRANTS = [
  { table: 'orders', access: 'readWrite' },
  { table: 'products', access: 'readWrite' },
  { table: 'stockMovements', access: 'write' },
  { table: 'mbwayCounters', access: 'write' },
  { table: 'counters', access: 'readWrite' },
  { table: 'outbox', access: 'write' },
  { table: 'abuse', access: 'readWrite' },
] as const satisfies readonly Grant[];
