/**
 * The product form's state: the values as typed, each field's message (gone once the field is
 * edited), the draft kept in this browser until saved (`useFormDraft`), and its submit
 * (`useFormSubmit` over `productInputSchema` for a new piece, `productUpdateSchema` for an edit, the
 * schemas the server uses; the price and the sizes read from their texts first).
 */
import { useCallback, useMemo, useState } from 'react';
import type { ProductPhoto } from '#shared/photos.ts';
import type { AdminProduct, ProductStatus } from '#shared/product.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { hasSizes } from '#shared/variants.ts';
import { productInputSchema, productUpdateSchema, type ProductInput, type ProductUpdateInput } from '#shared/schemas/index.ts';
import { useFormDraft, type FormDraft } from '#web/lib/admin/form-draft.ts';
import { useFormSubmit, type FormSubmit, type FormSubmitOptions } from '#web/lib/use-submit.ts';
import type { VariantRow } from './variants-field.tsx';
import { mergeValues, type Merged } from './product-merge.ts';
import {
  errorKeyOf,
  newProductCandidate,
  updateCandidate,
  valuesOf,
  type Errors,
  type FormValues,
  type TextKey,
} from './product-values.ts';

/** The fields in the order shown (named by their messages' keys): the first with a message takes the focus. */
const FIELD_ORDER = [
  'name',
  'code',
  'sku',
  'type',
  'collection',
  'status',
  'priceCents',
  'discountPercent',
  'stock',
  'description',
  'photos',
];

type ProductSchema = typeof productInputSchema | typeof productUpdateSchema;

/** How the form is sent and what it says: the rest of `useFormSubmit`'s options (the schema, values and checks are the form's). */
export type ProductSubmitOptions<R> = Omit<
  FormSubmitOptions<ProductSchema, R>,
  'schema' | 'fieldOrder' | 'values' | 'readValues' | 'check'
> & {
  readonly send: (input: ProductInput | ProductUpdateInput) => Promise<R>;
};

export interface ProductValues<R = unknown> {
  readonly values: FormValues;
  /** The form's submit: `onSubmit` checks, focuses the first field with a message, sends. */
  readonly submit: FormSubmit<R>;
  readonly errors: Errors;
  readonly draft: FormDraft;
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
export function useProductValues<R>(
  saved: AdminProduct | undefined,
  initial: FormValues,
  draftKey: string,
  sending: ProductSubmitOptions<R>,
): ProductValues<R> {
  const [values, setValues] = useState<FormValues>(initial);
  const candidate = saved ? updateCandidate(values, saved.version, hasSizes(saved)) : newProductCandidate(values);
  const submit = useFormSubmit<ProductSchema, R>({
    ...sending,
    schema: saved ? productUpdateSchema : productInputSchema,
    fieldOrder: FIELD_ORDER,
    values: candidate.body,
    check: () => candidate.errors,
    invalidAlert: () => apiTexts.invalidInput,
  });
  const errors = submit.errors as Errors;
  const { setErrors } = submit;
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
    submit,
    errors,
    draft,
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
