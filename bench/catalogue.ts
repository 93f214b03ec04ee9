/** The bench's catalogue: plain pieces without photos, numbered (`bench-0000` …). */
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { localBucketName, type Twin } from '#infra/twin/twin.ts';
import { pageObjectKey } from '#shared/pages.ts';
import type { Product } from '#shared/product.ts';
import { PRODUCT_TYPES } from '#shared/product-types.ts';
import { soleSize } from '#shared/variants.ts';

/** The bench's piece number `i`, with `overrides` (one unlabelled size holding its stock and SKU). */
export function benchProduct(i: number, overrides: Partial<Omit<Product, 'variants'>> = {}): Product {
  const id = `bench-${String(i).padStart(4, '0')}`;
  const fields = {
    id,
    slug: id,
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

/** Waits until the products stream kept a page in the site bucket (looked up in the bucket, never requested). */
export async function waitForKeptPage(twin: Twin, path: string): Promise<void> {
  const s3 = new S3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: twin.endpoints.s3, forcePathStyle: true });
  const until = Date.now() + 300_000;
  try {
    for (;;) {
      const kept = await s3.send(new HeadObjectCommand({ Bucket: localBucketName('site'), Key: pageObjectKey(path) })).then(
        () => true,
        () => false,
      );
      if (kept) return;
      if (Date.now() > until) throw new Error(`${path} was not rendered within 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    s3.destroy();
  }
}
