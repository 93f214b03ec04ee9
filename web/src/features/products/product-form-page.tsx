/**
 * {prefix}/products/new and {prefix}/products/edit/{id}: one form for both (`ProductForm`). Editing
 * shows, next to the form, the "Ajustar stock" panel (stock changes only there) with its history, and
 * the piece's actions (duplicate, delete).
 */
import { useState } from 'react';
import { useLocation, useParams } from '#web/lib/router.tsx';
import type { AdminProduct, Collection } from '#shared/product.ts';
import { apiTexts } from '#shared/messages/index.ts';
import { hasSizes } from '#shared/variants.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { StockHistory } from './stock-history.tsx';
import { StockPanel } from './stock-panel.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { ProductActions, type CopyState } from './product-actions.tsx';
import { ProductForm } from './product-form.tsx';

const t = texts.productForm;

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
        {(data) =>
          data.product ? (
            <EditProduct product={data.product} collections={data.collections} />
          ) : (
            <ProductForm collections={data.collections} copyOf={copyOf} />
          )
        }
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
  const variantLabels = hasSizes(product) ? new Map(product.variants.map((variant) => [variant.id, variant.label])) : undefined;
  return (
    <div className="adm-detail">
      <div className="adm-detail-main">
        <ProductForm product={loaded} collections={collections} onProduct={setProduct} />
      </div>
      <aside className="adm-detail-side">
        <StockPanel product={product} onStock={onStock} />
        <StockHistory productId={product.id} refreshKey={historyKey} variantLabels={variantLabels} />
        <ProductActions product={product} />
      </aside>
    </div>
  );
}
