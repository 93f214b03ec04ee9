/**
 * "Recarregar" on a stale product form (`product-merge.ts`): the owner's edits stay where nobody else
 * changed the field, the other save's changes come in, and the fields both changed are named with
 * what the owner had typed.
 */
import { describe, expect, it } from 'vitest';
import { addressParts } from '#web/ui/admin/email-address.tsx';
import { mergeNotice, mergeValues } from '#web/features/products/product-merge.ts';
import { valuesOf, type FormValues } from '#web/features/products/product-values.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.productForm;

const base: FormValues = {
  ...valuesOf(undefined),
  name: 'Anel Sol',
  code: 'AN-02',
  type: 'anel',
  price: '19,90',
  description: 'Aço inoxidável.',
  variants: [
    { key: 'v14', id: 'v14', label: '14', sku: '', extra: '', stock: '1' },
    { key: 'v16', id: 'v16', label: '16', sku: '', extra: '2,50', stock: '2' },
  ],
};

describe('the product form after "Recarregar"', () => {
  it('keeps what only the owner changed and takes what only the other save changed', () => {
    const draft = { ...base, price: '21,00' };
    const fresh = { ...base, name: 'Anel Sol II' };
    const merged = mergeValues(draft, base, fresh);
    expect(merged.values).toMatchObject({ name: 'Anel Sol II', price: '21,00', description: 'Aço inoxidável.' });
    expect(merged.kept).toEqual(['price']);
    expect(merged.collisions).toEqual([]);
    expect(mergeNotice(merged)).toEqual([t.mergeKept([t.price])]);
  });

  it('a field both changed differently takes the saved value, named with what the owner typed; the same change is no collision', () => {
    const draft = { ...base, description: 'A minha.', type: 'colar', status: 'draft' as const };
    const fresh = { ...base, description: 'A da outra janela.', type: 'colar', status: 'archived' as const };
    const merged = mergeValues(draft, base, fresh);
    expect(merged.values).toMatchObject({ description: 'A da outra janela.', type: 'colar', status: 'archived' });
    expect(merged.collisions.map((c) => c.field)).toEqual(['status', 'description']);
    expect(mergeNotice(merged)).toEqual([
      t.mergeReloaded,
      t.mergeCollided,
      t.mergeCollisionTyped(t.status, t.statuses.draft),
      t.mergeCollisionTyped(t.description, 'A minha.'),
    ]);
  });

  it('compares sizes by what the owner edits (not row keys or stock), and names a collision of sizes without their values', () => {
    // The other save only changed stock (an order came in): the owner's renamed size stays.
    const draft = { ...base, variants: [{ ...base.variants[0]!, label: '14,5' }, base.variants[1]!] };
    const fresh = { ...base, variants: [{ ...base.variants[0]!, stock: '0' }, base.variants[1]!] };
    expect(mergeValues(draft, base, fresh)).toMatchObject({ kept: ['variants'], collisions: [] });
    // Both changed the sizes differently.
    const other = { ...base, variants: [base.variants[0]!] };
    const merged = mergeValues(draft, base, other);
    expect(merged.values.variants).toEqual(other.variants);
    expect(mergeNotice(merged)).toContain(t.mergeCollisionOf(texts.variants.title));
  });

  it('nothing typed: the saved values, said so', () => {
    const fresh = { ...base, name: 'Outro' };
    const merged = mergeValues(base, base, fresh);
    expect(merged.values).toEqual(fresh);
    expect(mergeNotice(merged)).toEqual([t.mergeNothingTyped]);
  });
});

describe('an e-mail address as text', () => {
  it('breaks before the "@" and after dots and dashes, never inside a name', () => {
    expect(addressParts('maria.francisca@exemplo-muito-comprido.pt')).toEqual([
      'maria.',
      'francisca',
      '@exemplo-',
      'muito-',
      'comprido.',
      'pt',
    ]);
  });
});
