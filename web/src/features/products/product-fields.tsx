/**
 * The product form's own fields, in two groups of the same grid: what the piece is (name, code, SKU,
 * type, collection, whether it is shown) and what it costs (price, discount, and a new piece's stock).
 */
import type { Collection, ProductStatus } from '#shared/product.ts';
import { PRODUCT_STATUSES } from '#shared/product.ts';
import { PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '#shared/product-types.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { MAX_DISCOUNT_PERCENT } from '#shared/pricing.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import type { ProductValues } from './use-product-values.ts';

const t = texts.productForm;

/** The piece's collection: one of the shop's, or none; its current one stays listed even if it is gone. */
function CollectionSelect({ form, collections }: { readonly form: ProductValues; readonly collections: readonly Collection[] }) {
  const { values, errors, setText } = form;
  const collectionNames = collections.map((c) => c.name);
  if (values.collection && !collectionNames.includes(values.collection)) collectionNames.push(values.collection);
  return (
    <SelectField
      label={t.collection}
      error={errors.collection}
      name="collection"
      value={values.collection}
      onChange={(e) => setText('collection')(e.target.value)}
    >
      <option value="">{t.noCollection}</option>
      {collectionNames.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

/** Name, code, SKU, type, collection (those of the shop, and the piece's own if it has gone) and status. */
export function IdentityFields({ form, collections }: { readonly form: ProductValues; readonly collections: readonly Collection[] }) {
  const { values, errors, setText } = form;
  return (
    <>
      <TextField
        label={`${t.name} *`}
        error={errors.name}
        className="adm-span-2"
        name="name"
        value={values.name}
        maxLength={TEXT_LIMITS.productName}
        required
        onChange={(e) => setText('name')(e.target.value)}
      />
      <TextField
        label={`${t.code} *`}
        error={errors.code}
        name="code"
        value={values.code}
        maxLength={TEXT_LIMITS.productCode}
        required
        onChange={(e) => setText('code')(e.target.value)}
      />
      <TextField
        label={t.sku}
        hint={t.skuHint}
        error={errors.sku}
        name="sku"
        value={values.sku}
        maxLength={TEXT_LIMITS.sku}
        onChange={(e) => setText('sku')(e.target.value)}
      />
      <SelectField
        label={`${t.type} *`}
        error={errors.type}
        name="type"
        value={values.type}
        required
        onChange={(e) => setText('type')(e.target.value)}
      >
        <option value="" disabled>
          {t.chooseType}
        </option>
        {PRODUCT_TYPES.map((type) => (
          <option key={type} value={type}>
            {PRODUCT_TYPE_INFO[type].displayName}
          </option>
        ))}
      </SelectField>
      <CollectionSelect form={form} collections={collections} />
      <SelectField
        label={t.status}
        hint={t.statusHints[values.status]}
        error={errors.status}
        name="status"
        value={values.status}
        onChange={(e) => form.setStatus(e.target.value as ProductStatus)}
      >
        {PRODUCT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t.statuses[status]}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** Price and discount; a new piece sold as one also its initial stock (its sizes have their own). */
export function PriceFields({ form, isNew }: { readonly form: ProductValues; readonly isNew: boolean }) {
  const { values, errors, setText } = form;
  return (
    <>
      <TextField
        label={`${t.price} *`}
        error={errors.priceCents}
        name="priceCents"
        inputMode="decimal"
        value={values.price}
        placeholder={t.pricePlaceholder}
        required
        onChange={(e) => setText('price')(e.target.value)}
      />
      <TextField
        label={t.discount}
        hint={t.discountHint}
        error={errors.discountPercent}
        name="discountPercent"
        type="number"
        min={0}
        max={MAX_DISCOUNT_PERCENT}
        step={1}
        value={values.discount}
        onChange={(e) => setText('discount')(e.target.value)}
      />
      {isNew && values.variants.length === 0 && (
        <TextField
          label={`${t.initialStock} *`}
          hint={t.initialStockHint}
          error={errors.stock}
          name="stock"
          type="number"
          min={0}
          max={MAX_STOCK}
          step={1}
          value={values.stock}
          required
          onChange={(e) => setText('stock')(e.target.value)}
        />
      )}
    </>
  );
}
