/**
 * The one-off migration of products stored before sizes existed (docs/design.md §16's stock by delta,
 * per size): each gets one unlabelled size (`DEFAULT_VARIANT_ID`) holding its SKU and all its stock.
 * The twin's bootstrap runs it at every start (it finds nothing to do once done); in the cloud,
 * `npm run recount` runs it once after the deploy that brings sizes.
 */
import { productsWithoutVariants, giveSoleVariant } from '../repositories/legacy-products.ts';

/**
 * Migrates every product without sizes (each read again strongly consistent, and its write conditioned
 * on the stock read: an order in between means reading it again); answers how many were migrated.
 */
export async function migrateProductVariants(): Promise<number> {
  let migrated = 0;
  for (const product of await productsWithoutVariants()) if (await giveSoleVariant(product.id)) migrated++;
  return migrated;
}
