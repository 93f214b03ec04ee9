/**
 * "Recarregar" after someone else saved the product meanwhile (409 `product_changed`): a three-way
 * merge of the form, field by field, of what the owner typed (the draft), the version the form loaded
 * (the base) and the version saved now (the fresh one). A field only the owner changed keeps what she
 * typed; a field only the other save changed takes its value; a field both changed differently
 * collides: it takes the saved value, and the owner is told what she had typed there.
 */
import { PRODUCT_TYPE_INFO, isProductType } from '#shared/product-types.ts';
import { PRODUCT_STATUSES, type ProductStatus } from '#shared/product.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import type { FormValues } from './product-values.ts';

/** The fields the owner edits on an existing piece (its stock changes only in "Ajustar stock"). */
export const MERGED_FIELDS = [
  'name',
  'code',
  'sku',
  'type',
  'collection',
  'status',
  'price',
  'discount',
  'description',
  'variants',
  'photos',
] as const satisfies readonly (keyof FormValues)[];
export type MergedField = (typeof MERGED_FIELDS)[number];

/** A field both saves changed: what the owner had typed there (the form now shows the saved value). */
export interface Collision {
  readonly field: MergedField;
  readonly typed: FormValues[MergedField];
}

export interface Merged {
  readonly values: FormValues;
  /** The fields whose typed value was kept, in the form's order. */
  readonly kept: readonly MergedField[];
  readonly collisions: readonly Collision[];
}

/** A field's value as compared: sizes by what the owner edits (not their row keys or stock). */
function comparable(field: MergedField, values: FormValues): unknown {
  if (field === 'variants')
    return values.variants.map(({ id, label, sku, extra }) => ({
      id: id ?? null,
      label: label.trim(),
      sku: sku.trim(),
      extra: extra.trim(),
    }));
  const value = values[field];
  return typeof value === 'string' ? value.trim() : value;
}

function same(field: MergedField, a: FormValues, b: FormValues): boolean {
  return JSON.stringify(comparable(field, a)) === JSON.stringify(comparable(field, b));
}

/**
 * The form after "Recarregar": `fresh` where the owner changed nothing, the owner's value where only
 * she changed it, `fresh` (and a collision) where both changed it differently.
 *
 * @example mergeValues({ ...base, price: '21,00' }, base, { ...base, name: 'Anel Sol II' }) // price kept, name taken
 */
export function mergeValues(draft: FormValues, base: FormValues, fresh: FormValues): Merged {
  const values: FormValues = { ...fresh };
  const kept: MergedField[] = [];
  const collisions: Collision[] = [];
  for (const field of MERGED_FIELDS) {
    if (same(field, draft, base) || same(field, draft, fresh)) continue;
    if (same(field, fresh, base)) {
      Object.assign(values, { [field]: draft[field] });
      kept.push(field);
    } else collisions.push({ field, typed: draft[field] });
  }
  return { values, kept, collisions };
}

const t = texts.productForm;

/** A field's name as the form labels it. */
export function fieldLabel(field: MergedField): string {
  const labels: Record<MergedField, string> = {
    name: t.name,
    code: t.code,
    sku: t.sku,
    type: t.type,
    collection: t.collection,
    status: t.status,
    price: t.price,
    discount: t.discount,
    description: t.description,
    variants: texts.variants.title,
    photos: t.photos,
  };
  return labels[field];
}

/** What the owner typed in a collided field, as she would read it (photos and sizes are only named). */
function typedText(collision: Collision): string | undefined {
  const { field, typed } = collision;
  if (typeof typed !== 'string') return undefined;
  if (field === 'type') return isProductType(typed) ? PRODUCT_TYPE_INFO[typed].displayName : typed;
  if (field === 'status') return PRODUCT_STATUSES.includes(typed as ProductStatus) ? t.statuses[typed as ProductStatus] : typed;
  if (field === 'collection' && typed === '') return t.noCollection;
  const text = typed.trim() || t.mergeEmpty;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** What "Recarregar" says: what was kept of the owner's, and each collision with what she had typed. */
export function mergeNotice(merged: Merged): string[] {
  if (merged.kept.length === 0 && merged.collisions.length === 0) return [t.mergeNothingTyped];
  const lines = [merged.kept.length > 0 ? t.mergeKept(merged.kept.map(fieldLabel)) : t.mergeReloaded];
  if (merged.collisions.length > 0) {
    lines.push(t.mergeCollided);
    for (const collision of merged.collisions) {
      const typed = typedText(collision);
      lines.push(
        typed === undefined ? t.mergeCollisionOf(fieldLabel(collision.field)) : t.mergeCollisionTyped(fieldLabel(collision.field), typed),
      );
    }
  }
  return lines;
}
