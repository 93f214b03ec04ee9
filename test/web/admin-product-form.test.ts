/**
 * The back-office product form's reading of what the owner typed (`product-values.ts`): prices in
 * euros, sizes, a copy's values, and which messages go to which field.
 */
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '#shared/product.ts';
import { validationTexts } from '#shared/messages/index.ts';
import {
  copyValues,
  errorKeyOf,
  readProductForm,
  readProductUpdate,
  valuesOf,
  type FormValues,
} from '#web/features/products/product-values.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const typed = (overrides: Partial<FormValues> = {}): FormValues => ({
  ...valuesOf(undefined),
  name: 'Colar Lua',
  code: 'CL-01',
  type: 'colar',
  price: '24,90',
  stock: '3',
  ...overrides,
});

const product: AdminProduct = {
  id: 'anel-sol',
  slug: 'anel-sol',
  code: 'AN-02',
  sku: 'JI-AN-02',
  name: 'Anel Sol',
  description: 'Aço inoxidável.',
  type: 'anel',
  collection: '',
  priceCents: 1990,
  discountPercent: 0,
  stock: 3,
  photos: [
    { id: 'a'.repeat(24), alt: 'Anel Sol' } as AdminProduct['photos'][number],
    { id: 'b'.repeat(24), alt: 'De lado' } as AdminProduct['photos'][number],
  ],
  mainImage: '',
  secondaryImage: '',
  status: 'active',
  version: 4,
  variants: [
    { id: 'v14', label: '14', sku: 'JI-AN-02-14', stock: 1, priceDeltaCents: 0 },
    { id: 'v16', label: '16', sku: 'JI-AN-02-16', stock: 2, priceDeltaCents: 250 },
  ],
} as AdminProduct;

describe('admin product form values', () => {
  it('reads a new piece: the price in euros into cents, the initial stock', () => {
    const read = readProductForm(typed());
    expect(read.errors).toBeUndefined();
    expect(read.input).toMatchObject({ name: 'Colar Lua', code: 'CL-01', type: 'colar', priceCents: 2490, stock: 3, discountPercent: 0 });
  });

  it("names the price field's message after the schema's field, and keeps the others", () => {
    const read = readProductForm(typed({ price: '12,345', name: '' }));
    expect(read.input).toBeUndefined();
    expect(read.errors?.priceCents).toBe('Usa no máximo duas casas decimais.');
    expect(read.errors?.name).toBeTruthy();
    expect(errorKeyOf('price')).toBe('priceCents');
    expect(errorKeyOf('discount')).toBe('discountPercent');
    expect(errorKeyOf('code')).toBe('code');
  });

  it("reads sizes with their price differences; a wrong difference is the sizes' message", () => {
    const rows = [
      { key: 'a', label: '14', sku: '', extra: '', stock: '2' },
      { key: 'b', label: '16', sku: '', extra: '2,50', stock: '1' },
    ];
    const read = readProductForm(typed({ variants: rows, stock: '' }));
    expect(read.input?.variants?.map((v) => [v.label, v.priceDeltaCents, v.stock])).toEqual([
      ['14', 0, 2],
      ['16', 250, 1],
    ]);
    expect(readProductForm(typed({ variants: [{ ...rows[0]!, extra: 'abc' }] })).errors?.variants).toBe(
      validationTexts.variants.priceDelta,
    );
  });

  it('shows a loaded piece as typed text, an alt text equal to the name empty, and reads it back as an edit of its version', () => {
    const values = valuesOf(product);
    expect(values.price).toBe('19,90');
    expect(values.photos.map((photo) => photo.alt)).toEqual(['', 'De lado']);
    expect(values.variants.map((row) => [row.id, row.extra, row.stock])).toEqual([
      ['v14', '', '1'],
      ['v16', '2,50', '2'],
    ]);
    const read = readProductUpdate(values, product.version, true);
    expect(read.errors).toBeUndefined();
    expect(read.input).toMatchObject({ version: 4, priceCents: 1990 });
    expect(read.input).not.toHaveProperty('stock');
    expect(readProductUpdate({ ...values, variants: [] }, product.version, true).errors?.variants).toBe(texts.variants.keepOne);
  });

  it('starts a copy as a draft with a new name, no code, SKU or stock, and new sizes of the same names', () => {
    const copy = copyValues(product);
    expect(copy).toMatchObject({
      name: texts.productForm.copyName('Anel Sol'),
      code: '',
      sku: '',
      stock: '0',
      status: 'draft',
      price: '19,90',
    });
    expect(copy.variants.map((row) => [row.id, row.label, row.extra, row.sku, row.stock])).toEqual([
      [undefined, '14', '', '', '0'],
      [undefined, '16', '2,50', '', '0'],
    ]);
    expect(new Set(copy.variants.map((row) => row.key)).size).toBe(2);
  });
});
