/** The bench's catalogue: plain pieces without photos, numbered (`bench-0000` …). */
import type { Product } from '../shared/product.ts';
import { PRODUCT_TYPES } from '../shared/product-types.ts';

/** The bench's piece number `i`, with `overrides`. */
export function benchProduct(i: number, overrides: Partial<Product> = {}): Product {
  return {
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
}
