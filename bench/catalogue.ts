/** The bench's catalogue: plain pieces without photos, numbered (`bench-0000` …). */
import type { Product } from '#shared/product.ts';
import { PRODUCT_TYPES } from '#shared/product-types.ts';
import { soleSize } from '#shared/variants.ts';

/** The bench's piece number `i`, with `overrides` (one unlabelled size holding its stock and SKU). */
export function benchProduct(i: number, overrides: Partial<Omit<Product, 'variants'>> = {}): Product {
  const fields = {
    id: `bench-${String(i).padStart(4, '0')}`,
    code: `B-${i}`,
    sku: `SKU-B-${i}`,
    name: `Peça de teste ${i}`,
    description: 'Aço inoxidável.\nFeita à mão.',
    type: PRODUCT_TYPES[i % PRODUCT_TYPES.length]!,
    collection: 'Essenciais',
    priceCents: 990 + (i % 40) * 100,
    discountPercent: i % 7 === 0 ? 10 : 0,
    stock: 20,
    photos: [],
    mainImage: '',
    secondaryImage: '',
    ...overrides,
  };
  return { ...fields, variants: [soleSize(fields.sku, fields.stock)] };
}
