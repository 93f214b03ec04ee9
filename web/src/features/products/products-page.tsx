/**
 * {prefix}/products, 'Produtos': every product (the admin API answers them all), filtered in the
 * browser by name (case- and accent-insensitive contains), type and "sold out only"; the filters live
 * in the address.
 */
import { foldText } from '#shared/order-search.ts';
import { hasLowStockSize, hasSoldOutSize, isLowStock, LOW_STOCK_THRESHOLD } from '#shared/stock.ts';
import { hasSizes } from '#shared/variants.ts';
import { Link, useSearchParams } from '#web/lib/router.tsx';
import type { AdminProduct } from '#shared/product.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { isProductType, PRODUCT_TYPES, PRODUCT_TYPE_INFO } from '#shared/product-types.ts';
import { adminPaths, listParams } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { SelectField, TextField } from '#web/ui/field.tsx';
import { PriceTag } from '#web/ui/price-tag.tsx';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';
import { AdminPage, Feedback, LoadView, useFlash } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.products;

/** The filters in the address: a name (contains), a type, "sold out only" and "low stock only". */
function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const p = listParams.products;
  const rawType = params.get(p.type);
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return {
    name: params.get(p.name) ?? '',
    type: isProductType(rawType) ? rawType : '',
    soldOut: params.get(p.soldOut) === '1',
    lowStock: params.get(p.lowStock) === '1',
    setName: (value: string) => set(p.name, value),
    setType: (value: string) => set(p.type, value),
    setSoldOut: (on: boolean) => set(p.soldOut, on ? '1' : ''),
    setLowStock: (on: boolean) => set(p.lowStock, on ? '1' : ''),
  };
}

type ProductFilterState = ReturnType<typeof useProductFilters>;

export function ProductsPage() {
  const flash = useFlash();
  const { state, reload } = useLoad((api) => api.products(), []);
  // The shop's setting (Definições); the default until the list has loaded.
  const threshold = state.status === 'ready' ? state.data.lowStockThreshold : LOW_STOCK_THRESHOLD;
  const filters = useProductFilters();
  const { name, type, soldOut, lowStock } = filters;

  const matches = (product: AdminProduct) =>
    // Lower case without accents, so 'anel sao' finds 'Anel São'.
    foldText(product.name).includes(foldText(name).trim()) &&
    (!type || product.type === type) &&
    // By size, as the dashboard counts: a ring whose size 16 is out is on the sold-out list.
    (!soldOut || hasSoldOutSize(product)) &&
    (!lowStock || hasLowStockSize(product, threshold));

  return (
    <AdminPage
      title={t.title}
      actions={
        <Link className="button" to={adminPaths.newProduct}>
          {t.create}
        </Link>
      }
    >
      {flash && <Feedback kind="success">{flash}</Feedback>}
      <ProductFilters filters={filters} threshold={threshold} />
      <LoadView state={state} onRetry={reload}>
        {({ products }) => {
          const shown = products.filter(matches).sort((a, b) => a.name.localeCompare(b.name, 'pt'));
          return (
            <>
              <ProductsTable products={shown} threshold={threshold} />
              <p className="muted adm-pager">{t.count(shown.length, products.length)}</p>
            </>
          );
        }}
      </LoadView>
    </AdminPage>
  );
}

function ProductFilters({ filters, threshold }: { readonly filters: ProductFilterState; readonly threshold: number }) {
  return (
    <form className="adm-filters" role="search" onSubmit={(e) => e.preventDefault()}>
      <TextField
        label={<span className="visually-hidden">{t.search}</span>}
        className="adm-field-grow"
        type="search"
        placeholder={t.searchPlaceholder}
        value={filters.name}
        onChange={(e) => filters.setName(e.target.value)}
      />
      <SelectField
        label={<span className="visually-hidden">{t.type}</span>}
        value={filters.type}
        onChange={(e) => filters.setType(e.target.value)}
      >
        <option value="">{t.allTypes}</option>
        {PRODUCT_TYPES.map((value) => (
          <option key={value} value={value}>
            {PRODUCT_TYPE_INFO[value].displayName}
          </option>
        ))}
      </SelectField>
      <label className="adm-check">
        <input type="checkbox" checked={filters.soldOut} onChange={(e) => filters.setSoldOut(e.target.checked)} />
        <span>{t.onlySoldOut}</span>
      </label>
      <label className="adm-check">
        <input type="checkbox" checked={filters.lowStock} onChange={(e) => filters.setLowStock(e.target.checked)} />
        <span>{t.onlyLowStock(threshold)}</span>
      </label>
    </form>
  );
}

function ProductsTable({ products, threshold }: { readonly products: readonly AdminProduct[]; readonly threshold: number }) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards">
        <thead>
          <tr>
            <th scope="col">{t.name}</th>
            <th scope="col">{t.type}</th>
            <th scope="col" className="adm-num">
              {t.price}
            </th>
            <th scope="col" className="adm-num">
              {t.stock}
            </th>
            <th scope="col">{t.code}</th>
            <th scope="col">
              <span className="visually-hidden">{t.edit}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {products.length === 0 && (
            <tr>
              <td colSpan={6} className="adm-empty">
                {adminTexts.noProducts}
              </td>
            </tr>
          )}
          {products.map((product) => (
            <ProductRow key={product.id} product={product} threshold={threshold} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductRow({ product, threshold }: { readonly product: AdminProduct; readonly threshold: number }) {
  return (
    <tr>
      <td data-label={t.name}>
        <span className="adm-product-cell">
          <ProductPhotoImage photo={product.photos[0]} alt="" sizes="2.5rem" />
          <span className="adm-strong">{product.name}</span>
          {product.status !== 'active' && <span className="adm-pill adm-pill-muted">{texts.productForm.statuses[product.status]}</span>}
        </span>
      </td>
      <td data-label={t.type}>{PRODUCT_TYPE_INFO[product.type]?.displayName ?? product.type}</td>
      <td className="adm-num" data-label={t.price}>
        <PriceTag priceCents={product.priceCents} discountPercent={product.discountPercent} />
      </td>
      <td className="adm-num adm-stock-cell" data-label={t.stock}>
        <span>
          {product.stock === 0 && <span className="adm-pill adm-pill-failed">{t.soldOut}</span>} {product.stock}
        </span>
        {hasSizes(product) && <VariantsStock product={product} threshold={threshold} />}
      </td>
      <td data-label={t.code}>
        <code>{product.code}</code>
      </td>
      <td className="adm-row-action">
        <Link className="button button--small button--secondary" to={adminPaths.editProduct(product.id)}>
          {t.edit}
        </Link>
      </td>
    </tr>
  );
}

/** Each size's stock ("14: 1 · 16: 0"), a sold-out size and a low one marked, in words as well as colour. */
function VariantsStock({ product, threshold }: { readonly product: AdminProduct; readonly threshold: number }) {
  return (
    <span className="adm-small adm-size-stock" data-testid="size-stock">
      {product.variants.map((variant, index) => {
        const state = variant.stock <= 0 ? 'out' : isLowStock(variant.stock, threshold) ? 'low' : undefined;
        return (
          <span key={variant.id}>
            {index > 0 && ' · '}
            <span className={state ? `adm-size-${state}` : 'muted'}>
              {variant.label}: {variant.stock}
              {state && <span className="visually-hidden"> ({state === 'out' ? t.variantOut : t.variantLow})</span>}
            </span>
          </span>
        );
      })}
    </span>
  );
}
