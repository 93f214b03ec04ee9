/**
 * {prefix}/products/new and {prefix}/products/edit/{id}: one form for both. The price
 * is typed in euros and read with `parseEuroInput`; photos are uploaded and processed before saving. Creating sets
 * the initial stock; editing changes everything but stock and is saved only over the version it
 * loaded: when someone changed the product meanwhile, nothing is saved and the
 * owner can reload the current values. Stock changes in the "Ajustar stock" panel next to the form,
 * with its history. Saving shows the success or the Portuguese error with each field's message; it
 * never fails silently.
 */
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from '#web/lib/router.tsx';
import type { ProductPhoto } from '#shared/photos.ts';
import { PRODUCT_STATUSES, type AdminProduct, type Collection, type ProductStatus } from '#shared/product.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts, apiTexts, validationTexts } from '#shared/messages.ts';
import { hasSizes } from '#shared/variants.ts';
import { parseEuroInput } from '#shared/money.ts';
import { PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '#shared/product-types.ts';
import { fieldErrors, FORM_ERROR_KEY, productInputSchema, productUpdateSchema, type ProductInput, type ProductUpdateInput } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { MAX_DISCOUNT_PERCENT } from '#shared/pricing.ts';
import { paths } from '#shared/paths.ts';
import { serverFieldErrors } from '#web/lib/form.ts';
import { adminPaths } from '../admin-paths.ts';
import { failureMessage, isChangedMeanwhile } from '../api/admin-api.ts';
import { useLoad } from '../api/use-load.ts';
import { useAdminApi } from '../auth/session.tsx';
import { SelectField, TextAreaField, TextField } from '#web/ui/field.tsx';
import { PhotosField } from '../components/photos-field.tsx';
import { newSizeRow, SizesField, type SizeRow } from '../components/sizes-field.tsx';
import { StockHistory, StockPanel } from '../components/stock-panel.tsx';
import { AdminPage, Feedback, LoadView, useFlash, type FlashState } from '../components/ui.tsx';
import { useFormDraft } from '../components/form-draft.ts';
import { texts } from '../texts.ts';

const t = texts.productForm;

/** The form's fields as typed (texts), before parsing. */
interface FormValues {
  name: string;
  code: string;
  sku: string;
  type: string;
  collection: string;
  price: string;
  discount: string;
  /** The initial stock (creation only). */
  stock: string;
  description: string;
  /** The photos, in order, with their alt texts as typed ('' = the product name). */
  photos: readonly ProductPhoto[];
  /** Ativo, Rascunho or Arquivado. */
  status: ProductStatus;
  /** Its sizes, in order ([] = sold as one piece). */
  sizes: readonly SizeRow[];
}

type Errors = Partial<Record<keyof ProductInput | 'version' | typeof FORM_ERROR_KEY, string>>;

/** Cents as the price field shows them: '24,90'. */
function centsToInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

function valuesOf(product: AdminProduct | undefined): FormValues {
  if (!product) {
    return { name: '', code: '', sku: '', type: '', collection: '', price: '', discount: '0', stock: '', description: '', photos: [], status: 'active', sizes: [] };
  }
  return {
    name: product.name,
    code: product.code,
    sku: product.sku,
    type: product.type,
    collection: product.collection,
    price: centsToInput(product.priceCents),
    discount: String(product.discountPercent),
    stock: String(product.stock),
    description: product.description,
    // An alt text equal to the name is shown empty: it then follows a renamed product.
    photos: product.photos.map((photo) => (photo.alt === product.name ? { ...photo, alt: '' } : photo)),
    status: product.status,
    sizes: hasSizes(product)
      ? product.variants.map((variant) => ({
          key: variant.id,
          id: variant.id,
          label: variant.label,
          sku: variant.sku,
          extra: variant.priceDeltaCents > 0 ? centsToInput(variant.priceDeltaCents) : '',
          stock: String(variant.stock),
        }))
      : [],
  };
}

function wholeOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

type Read<T> = { input: T; errors?: undefined } | { input?: undefined; errors: Errors };

/** The sizes as the schemas take them (each price difference read with `parseEuroInput`), or the first problem. */
function formSizes(values: FormValues, withStock: boolean): { variants?: unknown[]; error?: string } {
  if (values.sizes.length === 0) return {};
  const variants: unknown[] = [];
  for (const row of values.sizes) {
    const extra = row.extra.trim() === '' ? { ok: true as const, cents: 0 } : parseEuroInput(row.extra);
    if (!extra.ok) return { error: validationTexts.variants.priceDelta };
    variants.push({ ...(row.id ? { id: row.id } : {}), label: row.label, sku: row.sku, priceDeltaCents: extra.cents, ...(withStock ? { stock: wholeOrUndefined(row.stock) ?? 0 } : {}) });
  }
  return { variants };
}

/** The typed values as the schemas take them (the price read with `parseEuroInput`). */
function formFields(values: FormValues) {
  const price = parseEuroInput(values.price);
  const fields = {
    name: values.name,
    code: values.code,
    sku: values.sku,
    description: values.description,
    type: values.type || undefined,
    collection: values.collection,
    priceCents: price.ok ? price.cents : undefined,
    discountPercent: wholeOrUndefined(values.discount),
    photos: values.photos.map(({ id, alt }) => ({ id, alt })),
    status: values.status,
  };
  return { fields, priceError: price.ok ? undefined : price.message };
}

function readWith<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof fieldErrors>[0] }, priceError: string | undefined, sizesError?: string): Read<T> {
  const errors: Errors = result.success ? {} : (fieldErrors(result.error) as Errors);
  if (priceError) errors.priceCents = priceError;
  if (sizesError) errors.variants = sizesError;
  if (!result.success || priceError || sizesError) return { errors };
  return { input: result.data };
}

/** A new product: the typed values and the initial stock (the piece's, or each size's), read with `productInputSchema`. */
export function readProductForm(values: FormValues): Read<ProductInput> {
  const { fields, priceError } = formFields(values);
  const sizes = formSizes(values, true);
  const stock = sizes.variants ? {} : { stock: wholeOrUndefined(values.stock) };
  return readWith(productInputSchema.safeParse({ ...fields, ...stock, ...(sizes.variants ? { variants: sizes.variants } : {}) }), priceError, sizes.error);
}

/**
 * An edit: the typed values (no stock) and the version the form loaded, read with
 * `productUpdateSchema`. A piece sold in sizes keeps at least one (`hadSizes`).
 */
export function readProductUpdate(values: FormValues, version: number, hadSizes = false): Read<ProductUpdateInput> {
  const { fields, priceError } = formFields(values);
  const sizes = formSizes(values, false);
  const sizesError = sizes.error ?? (hadSizes && !sizes.variants ? texts.sizes.keepOne : undefined);
  return readWith(productUpdateSchema.safeParse({ ...fields, version, ...(sizes.variants ? { variants: sizes.variants } : {}) }), priceError, sizesError);
}

export function ProductFormPage() {
  const { id } = useParams();
  return <ProductFormScreen key={id ?? 'new'} id={id} />;
}

function ProductFormScreen({ id }: { readonly id: string | undefined }) {
  const copyOf = (useLocation().state as CopyState | null)?.copyOf;
  const { state, reload } = useLoad(
    async (api) => {
      const [collections, product] = await Promise.all([
        api.collections().then((r) => r.collections),
        id === undefined ? Promise.resolve(undefined) : api.product(id).then((r) => r.product),
      ]);
      return { collections, product };
    },
    [id],
  );
  const title = id === undefined ? t.createTitle : t.editTitle(state.status === 'ready' ? (state.data.product?.name ?? '') : '');
  return (
    <AdminPage title={title} back={{ to: adminPaths.products, label: t.backToList }}>
      <LoadView state={state} onRetry={reload} notFound={apiTexts.productNotFound}>
        {(data) => (data.product ? <EditProduct product={data.product} collections={data.collections} /> : <ProductForm collections={data.collections} copyOf={copyOf} />)}
      </LoadView>
    </AdminPage>
  );
}

/** The edit page: the form, and next to it the stock panel and its history, sharing the product as last known. */
function EditProduct({ product: loaded, collections }: { readonly product: AdminProduct; readonly collections: readonly Collection[] }) {
  const [product, setProduct] = useState(loaded);
  const [historyKey, setHistoryKey] = useState(0);
  const onStock = (changed: AdminProduct) => {
    setProduct((p) => ({ ...p, stock: changed.stock, variants: changed.variants }));
    setHistoryKey((n) => n + 1);
  };
  const sizes = hasSizes(product) ? new Map(product.variants.map((variant) => [variant.id, variant.label])) : undefined;
  return (
    <div className="adm-detail">
      <div className="adm-detail-main">
        <ProductForm product={loaded} collections={collections} onProduct={setProduct} />
      </div>
      <aside className="adm-detail-side">
        <StockPanel product={product} onStock={onStock} />
        <StockHistory productId={product.id} refreshKey={historyKey} sizes={sizes} />
        <ProductActions product={product} />
      </aside>
    </div>
  );
}

/** What the copy of a product starts as: its fields and photos, a new name, no code or SKU, no stock, a draft. */
export interface CopyState {
  readonly copyOf: AdminProduct;
}

/**
 * "Duplicar" (a new draft from this piece: another size, another colour) and "Apagar" (only a piece no
 * order ever took; otherwise the server says to archive it).
 */
function ProductActions({ product }: { readonly product: AdminProduct }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.deleteProduct(product.id);
      navigate(adminPaths.products, { state: { flash: adminTexts.productDeleted } satisfies FlashState });
    } catch (failure) {
      setError(failureMessage(adminTexts.productDeleteFailed, failure));
      setConfirming(false);
      setBusy(false);
    }
  };
  return (
    <section className="adm-panel" aria-labelledby="adm-product-actions">
      <h2 id="adm-product-actions" className="adm-section-title">{t.actions}</h2>
      <p>
        <Link className="button button--secondary button--small" to={adminPaths.newProduct} state={{ copyOf: product } satisfies CopyState}>
          {t.duplicate}
        </Link>
      </p>
      <p className="adm-small muted">{t.duplicateHint}</p>
      {error && <Feedback kind="error">{error}</Feedback>}
      {confirming ? (
        <p className="adm-inline-form">
          <span>{t.deleteConfirm}</span>{' '}
          <button type="button" className="button button--small" disabled={busy} onClick={() => void remove()}>
            {busy ? t.deleting : t.deleteYes}
          </button>{' '}
          <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => setConfirming(false)}>
            {t.deleteNo}
          </button>
        </p>
      ) : (
        <p>
          <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(true)}>
            {t.delete}
          </button>
        </p>
      )}
      <p className="adm-small muted">{t.deleteHint}</p>
    </section>
  );
}

type Result = { kind: 'success' | 'error' | 'info'; lines: string[]; reload?: boolean };

function ProductForm(props: {
  readonly product?: AdminProduct;
  readonly collections: readonly Collection[];
  readonly onProduct?: (product: AdminProduct) => void;
  /** A new product started from this one ("Duplicar"). */
  readonly copyOf?: AdminProduct;
}) {
  const { product, collections, onProduct, copyOf } = props;
  const api = useAdminApi();
  const navigate = useNavigate();
  const flash = useFlash();
  const formRef = useRef<HTMLFormElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const [saved, setSaved] = useState(product);
  const [initial] = useState<FormValues>(() =>
    copyOf
      ? {
          ...valuesOf(copyOf),
          name: t.copyName(copyOf.name),
          code: '',
          sku: '',
          stock: '0',
          status: 'draft',
          // The copy's sizes are new ones: same names and price differences, no SKU, no stock.
          sizes: valuesOf(copyOf).sizes.map(({ label, extra }) => ({ ...newSizeRow(), label, extra })),
        }
      : valuesOf(product),
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [uploads, setUploads] = useState(0);
  const [result, setResult] = useState<Result | undefined>(flash ? { kind: 'success', lines: [flash] } : undefined);
  // What was loaded or last saved: the draft is what differs from it (kept in this browser until saved).
  const baseline = useMemo(() => (saved ? valuesOf(saved) : initial), [saved, initial]);
  // A draft kept before sizes existed has none: it keeps the sizes as loaded.
  const restoreDraft = useCallback((restored: FormValues) => setValues({ ...restored, sizes: Array.isArray(restored.sizes) ? restored.sizes : baseline.sizes }), [baseline]);
  const draft = useFormDraft(saved ? `product:${saved.id}` : copyOf ? `product:copy:${copyOf.id}` : 'product:new', values, baseline, restoreDraft);

  const setPhotos = (update: (photos: readonly ProductPhoto[]) => readonly ProductPhoto[]) => {
    setValues((v) => ({ ...v, photos: update(v.photos) }));
    setErrors(({ photos: _photos, ...rest }) => rest);
  };
  const setSizes = (sizes: readonly SizeRow[]) => {
    setValues((v) => ({ ...v, sizes }));
    setErrors(({ variants: _variants, ...rest }) => rest);
  };
  const set = (field: Exclude<keyof FormValues, 'photos' | 'status' | 'sizes'>) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const key = (field === 'price' ? 'priceCents' : field === 'discount' ? 'discountPercent' : field) as keyof Errors;
      if (!e[key]) return e;
      const { [key]: _removed, ...rest } = e;
      return rest;
    });
  };
  const onBusy = (busy: boolean) => setUploads((n) => Math.max(0, n + (busy ? 1 : -1)));

  const showErrors = (fields: Errors, message: string) => {
    setErrors(fields);
    setResult({ kind: 'error', lines: [message] });
    // Move to the first field with a message, so that it is seen and heard.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const showSaved = (current: AdminProduct, lines: string[], kind: Result['kind'] = 'success') => {
    draft.clear();
    setSaved(current);
    setValues(valuesOf(current));
    setErrors({});
    onProduct?.(current);
    setResult({ kind, lines });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || reloading || uploads > 0) return;
    const read = saved ? readProductUpdate(values, saved.version, hasSizes(saved)) : readProductForm(values);
    if (!read.input) return showErrors(read.errors, apiTexts.invalidInput);
    setSaving(true);
    setResult(undefined);
    setErrors({});
    try {
      if (!saved) {
        const { product: created } = await api.createProduct(read.input as ProductInput);
        draft.clear();
        navigate(adminPaths.editProduct(created.id), { replace: true, state: { flash: adminTexts.productSaved } satisfies FlashState });
        return;
      }
      const { product: updated } = await api.updateProduct(saved.id, read.input as ProductUpdateInput);
      showSaved(updated, [adminTexts.productSaved]);
    } catch (failure) {
      if (isChangedMeanwhile(failure, 'product_changed')) {
        // Someone saved this product since it was loaded: nothing was saved; the typed values stay on
        // screen until the owner chooses to reload the current ones.
        setResult({ kind: 'error', lines: [failure.message], reload: true });
        // Bring the message and its "reload" into view (the save button is far below it).
        requestAnimationFrame(() => reloadRef.current?.focus());
        return;
      }
      const fields = (serverFieldErrors(failure) ?? {}) as Errors;
      showErrors(fields, failureMessage(adminTexts.productSaveFailed, failure));
    } finally {
      setSaving(false);
    }
  };

  const reloadCurrent = async () => {
    if (!saved || reloading) return;
    setReloading(true);
    try {
      const { product: current } = await api.product(saved.id);
      showSaved(current, [adminTexts.productReloaded], 'info');
    } catch (failure) {
      setResult({ kind: 'error', lines: [failureMessage(adminTexts.productSaveFailed, failure)], reload: true });
    } finally {
      setReloading(false);
    }
  };

  const collectionNames = collections.map((c) => c.name);
  if (values.collection && !collectionNames.includes(values.collection)) collectionNames.push(values.collection);

  return (
    <form ref={formRef} className="adm-form" onSubmit={submit} noValidate>
      {draft.restoredAt && (
        <Feedback kind="info">
          <p>{t.draftRestored(formatDateTime(draft.restoredAt))}</p>
          <button type="button" className="button button--small button--secondary" onClick={draft.discard}>
            {t.draftDiscard}
          </button>
        </Feedback>
      )}
      {result && (
        <Feedback kind={result.kind}>
          {result.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          {/* Messages about the whole form, or about what has no field on screen (the version, stock when editing). */}
          {[errors[FORM_ERROR_KEY], errors.version, saved ? errors.stock : undefined].filter(Boolean).map((line) => (
            <p key={line}>{line}</p>
          ))}
          {result.reload && (
            <button ref={reloadRef} type="button" className="button button--small" onClick={reloadCurrent} disabled={reloading}>
              {reloading ? t.reloading : t.reload}
            </button>
          )}
        </Feedback>
      )}
      <div className="adm-form-grid">
        <TextField label={`${t.name} *`} error={errors.name} className="adm-span-2" name="name" value={values.name} maxLength={TEXT_LIMITS.productName} required onChange={(e) => set('name')(e.target.value)} />
        <TextField label={`${t.code} *`} error={errors.code} name="code" value={values.code} maxLength={TEXT_LIMITS.productCode} required onChange={(e) => set('code')(e.target.value)} />
        <TextField label={t.sku} hint={t.skuHint} error={errors.sku} name="sku" value={values.sku} maxLength={TEXT_LIMITS.sku} onChange={(e) => set('sku')(e.target.value)} />
        <SelectField label={`${t.type} *`} error={errors.type} name="type" value={values.type} required onChange={(e) => set('type')(e.target.value)}>
          <option value="" disabled>
            {t.chooseType}
          </option>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {PRODUCT_TYPE_INFO[type].displayName}
            </option>
          ))}
        </SelectField>
        <SelectField label={t.collection} error={errors.collection} name="collection" value={values.collection} onChange={(e) => set('collection')(e.target.value)}>
          <option value="">{t.noCollection}</option>
          {collectionNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.status}
          hint={t.statusHints[values.status]}
          error={errors.status}
          name="status"
          value={values.status}
          onChange={(e) => setValues((v) => ({ ...v, status: e.target.value as ProductStatus }))}
        >
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t.statuses[status]}
            </option>
          ))}
        </SelectField>
        <TextField label={`${t.price} *`} error={errors.priceCents} name="price" inputMode="decimal" value={values.price} placeholder={t.pricePlaceholder} required onChange={(e) => set('price')(e.target.value)} />
        <TextField label={t.discount} hint={t.discountHint} error={errors.discountPercent} name="discount" type="number" min={0} max={MAX_DISCOUNT_PERCENT} step={1} value={values.discount} onChange={(e) => set('discount')(e.target.value)} />
        {!saved && values.sizes.length === 0 && (
          <TextField label={`${t.initialStock} *`} hint={t.initialStockHint} error={errors.stock} name="stock" type="number" min={0} max={MAX_STOCK} step={1} value={values.stock} required onChange={(e) => set('stock')(e.target.value)} />
        )}
        <TextAreaField label={t.description} error={errors.description} className="adm-span-2" name="description" rows={5} value={values.description} maxLength={TEXT_LIMITS.description} onChange={(e) => set('description')(e.target.value)} />
        <div className="adm-span-2">
          <SizesField rows={values.sizes} withStock={!saved} error={errors.variants} onChange={setSizes} />
        </div>
        <div className="adm-span-2">
          <PhotosField value={values.photos} productName={values.name.trim()} error={errors.photos} onChange={setPhotos} onBusyChange={onBusy} />
        </div>
      </div>
      <div className="adm-form-actions">
        <button type="submit" className="button" disabled={saving || reloading || uploads > 0}>
          {saving ? t.saving : saved ? t.save : t.create}
        </button>
        {saved && (
          <Link to={paths.product(saved.id)} target="_blank" rel="noopener">
            {t.viewInShop}
          </Link>
        )}
      </div>
    </form>
  );
}
