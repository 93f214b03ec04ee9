/**
 * The one-off migration of products stored before sizes existed (DESIGN rule 16's stock by delta,
 * per size): each gets one unlabelled size (`DEFAULT_VARIANT_ID`) holding its SKU and all its stock.
 * The twin's bootstrap runs it at every start (it finds nothing to do once done); in the cloud,
 * `npm run recount` runs it once after the deploy that brings sizes.
 */
import { productsWithoutVariants, setDefaultVariant } from '../repositories/products.ts';

/** Rounds of reading again a product whose stock changed between the read and the write (an order). */
const MAX_ROUNDS = 20;

/** Migrates every product without sizes; answers how many were migrated. */
export async function migrateProductVariants(): Promise<number> {
  let migrated = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const pending = await productsWithoutVariants();
    if (pending.length === 0) return migrated;
    for (const product of pending) if (await setDefaultVariant(product.id, product.sku, product.stock)) migrated++;
  }
  throw new Error('products kept changing while they were given their sizes: run the migration again');
}
