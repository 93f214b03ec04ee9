/**
 * What a start of the twin does to its data (docs/local-twin.md): the tables, the user pool, the mail
 * templates, the first settings, counters and search terms of older data; then the catalogue brought
 * up to date and the kept pages emptied, as a deploy does.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { DOCUMENTS_PREFIX, PAGES_PREFIX } from '#shared/pages.ts';
import { checkSender } from '#lambdas/services/sender-check.ts';
import { recountIfEmpty } from '#lambdas/services/counters.ts';
import { indexOrdersIfEmpty } from '#lambdas/repositories/order-search.ts';
import { migrateLegacyPhotos } from '#lambdas/services/photo-migration.ts';
import { migrateProductVariants } from '#lambdas/services/variant-migration.ts';
import { createMailTemplates, createTables, ensureUserPool, type AdminAccount } from './bootstrap.ts';
import { seedLocalSettings } from './seed/seller.ts';
import { migrateSlugs, prepareDemoPhotos, seedCatalogue } from './seed.ts';
import { timed } from './timings.ts';
import type { TwinOptions } from './twin-options.ts';
import type { TwinPayments } from './twin-payments.ts';
import { localBucketName, MAIL_TEMPLATE_PREFIX, type TwinEndpoints } from './twin-env.ts';

/** Deletes every pre-rendered page of the site bucket, not the documents (what a deploy's pruning does in the cloud). */
async function emptyPages(s3: S3Client, bucket: string): Promise<void> {
  for (let token: string | undefined, first = true; first || token; first = false) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PAGES_PREFIX, ContinuationToken: token }));
    const keys = (page.Contents ?? [])
      .filter((object) => !object.Key!.startsWith(DOCUMENTS_PREFIX))
      .map((object) => ({ Key: object.Key! }));
    if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  }
}

/**
 * What every start does to the data (`docs/local-twin.md`): the tables, the user pool with its admin,
 * the mail templates, the first settings, the counters and search terms of older data.
 */
export async function bootstrapData(
  endpoints: TwinEndpoints,
  admin: AdminAccount,
  options: TwinOptions,
  payments: TwinPayments,
): Promise<{ userPoolId: string; clientId: string }> {
  const [, pool] = await Promise.all([
    timed('tables', () => createTables(endpoints.dynamodb)),
    timed('user pool', () => ensureUserPool(endpoints.cognito, admin)),
    timed('mail templates', () => createMailTemplates(endpoints.ses, MAIL_TEMPLATE_PREFIX)),
  ]);
  const { ownerMailsPerHour, challengeMaxNumber } = options;
  const settings = {
    ownerMailsPerHour,
    challengeMaxNumber,
    automaticPayments: payments.automaticPayments,
    invoicing: payments.invoicing.settings,
  };
  await timed('settings', () => seedLocalSettings(settings, options.demoSeller ?? true));
  // What SES says of the sender, kept for the go-live checklist (as "Definições" does in the cloud).
  await timed('sender', () => checkSender());
  // Counters kept since this twin's data began; data from before them (an older `.data/`) is counted once.
  await timed('counters', () => recountIfEmpty());
  // Orders from before the back-office search (an older `.data/`) get their search terms once.
  await timed('order search', () => indexOrdersIfEmpty());
  return pool;
}

/**
 * The demo photos, begun at once on a new data folder, encoded while the services start (kept data: the seed makes them if it needs them).
 */
export function earlyDemoPhotos(options: TwinOptions): Promise<void> | undefined {
  const fresh = !options.dataDir || !existsSync(join(options.dataDir, 'dynamodb'));
  if (!options.seed || !fresh) return undefined;
  const photos = prepareDemoPhotos((done, total) => options.onProgress?.(`fotos de demonstração: ${done}/${total}`));
  photos.catch(() => undefined);
  return photos;
}

/** The catalogue brought up to date (sizes, the demo catalogue, old photos, slugs), and the kept pages emptied, as a deploy does. */
export async function updateCatalogue(options: TwinOptions, s3: S3Client, photos: Promise<void> | undefined): Promise<void> {
  // Products from before sizes (an older `.data/`) get their one size first: the seed's writes have theirs.
  await timed('variants', () => migrateProductVariants());
  await timed('photos (wait)', async () => photos);
  options.onProgress?.('catálogo de demonstração');
  if (options.seed) await timed('catalogue', () => seedCatalogue());
  await timed('migrations', () => Promise.all([migrateLegacyPhotos(), migrateSlugs()]));
  // As a deploy does: the pages kept from before name the old build's files; each is rendered again.
  await timed('pages emptied', () => emptyPages(s3, localBucketName('site')));
}
