/**
 * The product form's state: the values as typed, each field's message (gone once the field is
 * edited), and the draft kept in this browser until saved (`useFormDraft`).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ProductPhoto } from '#shared/photos.ts';
import type { AdminProduct, ProductStatus } from '#shared/product.ts';
import { useFormDraft, type FormDraft } from '#web/lib/admin/form-draft.ts';
import type { VariantRow } from './variants-field.tsx';
import { mergeValues, type Merged } from './product-merge.ts';
import { errorKeyOf, valuesOf, type Errors, type FormValues, type TextKey } from './product-values.ts';

export interface ProductValues {
  readonly values: FormValues;
  readonly errors: Errors;
  readonly draft: FormDraft;
  setErrors(errors: Errors): void;
  /** A text field's change (its message goes). */
  setText(field: TextKey): (value: string) => void;
  setStatus(status: ProductStatus): void;
  setPhotos(update: (photos: readonly ProductPhoto[]) => readonly ProductPhoto[]): void;
  setVariants(variants: readonly VariantRow[]): void;
  /** The values of the product as saved or loaded now; the draft and the messages go. */
  reset(product: AdminProduct): void;
  /**
   * The product as saved now by someone else (`current`), merged with what was typed since `saved`
   * loaded, field by field (`mergeValues`); the messages go.
   */
  merge(current: AdminProduct): Merged;
}

/**
 * `saved`: the product as last loaded or saved (undefined for a new one); `initial`: the values the
 * form opened with; `draftKey`: where this form's draft is kept.
 */
export function useProductValues(saved: AdminProduct | undefined, initial: FormValues, draftKey: string): ProductValues {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  // What was loaded or last saved: the draft is what differs from it (kept in this browser until saved).
  const baseline = useMemo(() => (saved ? valuesOf(saved) : initial), [saved, initial]);
  // A draft kept before variants existed has none: it keeps the variants as loaded. One kept before they
  // were called `variants` in this form has them under `sizes`.
  const restoreDraft = useCallback((restored: FormValues) => setValues(withVariants(restored, baseline.variants)), [baseline]);
  const draft = useFormDraft(draftKey, values, baseline, restoreDraft);

  const setText = (field: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const key = errorKeyOf(field);
      if (!e[key]) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };
  return {
    values,
    errors,
    draft,
    setErrors,
    setText,
    setStatus: (status) => setValues((v) => ({ ...v, status })),
    setPhotos: (update) => {
      setValues((v) => ({ ...v, photos: update(v.photos) }));
      setErrors(({ photos: _photos, ...rest }) => rest);
    },
    setVariants: (variants) => {
      setValues((v) => ({ ...v, variants }));
      setErrors(({ variants: _variants, ...rest }) => rest);
    },
    reset: (product) => {
      draft.clear();
      setValues(valuesOf(product));
      setErrors({});
    },
    merge: (current) => {
      const merged = mergeValues(values, baseline, valuesOf(current));
      setValues(merged.values);
      setErrors({});
      return merged;
    },
  };
}

/** A restored draft with its variant rows: its own, those of a draft from before the rename (`sizes`), or `loaded`. */
function withVariants(restored: FormValues & { readonly sizes?: unknown }, loaded: FormValues['variants']): FormValues {
  const { sizes, ...values } = restored;
  const rows = Array.isArray(restored.variants) ? restored.variants : Array.isArray(sizes) ? (sizes as FormValues['variants']) : loaded;
  return { ...values, variants: rows };
}
