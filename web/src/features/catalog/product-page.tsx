import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '#web/lib/router.tsx';
import { cartItemFromProduct, clampQuantity, exceedsStock, lineKey } from '#shared/cart.ts';
import { formatCents } from '#shared/money.ts';
import { hasSizes, variantPriceCents } from '#shared/variants.ts';
import { useOrderCaps } from '#web/lib/shop-info.ts';
import { apiTexts, catalogTexts, commonTexts, productTexts } from '#shared/messages/index.ts';
import { discountedPriceCents } from '#shared/pricing.ts';
import { heightAt, photoFallback, photoShareFile, SHARE_SIZE } from '#shared/photos.ts';
import type { Product } from '#shared/product.ts';
import { PRODUCT_TYPE_INFO } from '#shared/product-types.ts';
import { paths } from '#shared/paths.ts';
import { api, ApiError, errorMessage } from '#web/lib/api.ts';
import { useLoad } from '#web/lib/use-load.ts';
import { cartStore } from '#web/lib/cart-store.ts';
import { SITE_NAME, useJsonLd, usePageMeta, useSiteOrigin, type PageMeta } from '#web/lib/page-meta.ts';
import { usePageData } from '#web/lib/page-data.ts';
import { useHydrated } from '#web/lib/hydrated.ts';
import type { LoadState } from '#web/lib/use-load.ts';
import { LoadError, Loading } from '#web/ui/page-state.tsx';
import { Popups, usePopup } from '#web/ui/popup.tsx';
import { PriceTag } from '#web/ui/price-tag.tsx';
import { Gallery } from './gallery.tsx';
import './catalog.css';

/**
 * The back-in-stock form, in its own chunk: only a sold-out piece shows it, and its validation (zod)
 * is a quarter of the page's script. A pre-rendered sold-out page has it in its HTML already.
 */
const StockAlertForm = lazy(() => import('./stock-alert-form.tsx').then((module) => ({ default: module.StockAlertForm })));

/**
 * The back-in-stock form, in a chunk of its own (zod), behind a boundary that hydration leaves as the
 * server rendered it until the chunk arrives. `memo` keeps the detail's own render once the app runs
 * from reaching that boundary: React would render it afresh instead of hydrating it, and what the
 * shopper typed into the pre-rendered field would be lost.
 */
const LazyStockAlertForm = memo(function LazyStockAlertForm({
  productId,
  variantId,
}: {
  readonly productId: string;
  readonly variantId?: string;
}) {
  return (
    <Suspense fallback={null}>
      <StockAlertForm productId={productId} variantId={variantId} />
    </Suspense>
  );
});

/**
 * schema.org Product data for search engines (`origin`: the shop's address): one Offer, or one per
 * size (its SKU, price and availability) for a piece sold in sizes.
 */
function productJsonLd(product: Product, origin: string): object {
  const url = new URL(paths.product(product.slug), origin).href;
  const images = product.photos.map((photo) => new URL(photoFallback(photo), origin).href);
  const offer = (priceCents: number, stock: number) => ({
    '@type': 'Offer',
    url,
    priceCurrency: 'EUR',
    price: (discountedPriceCents(priceCents, product.discountPercent) / 100).toFixed(2),
    availability: stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku || product.code,
    productID: product.code,
    ...(images.length ? { image: images } : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    material: 'Aço inoxidável',
    category: PRODUCT_TYPE_INFO[product.type].displayName,
    offers: hasSizes(product)
      ? product.variants.map((variant) => ({
          ...offer(variantPriceCents(product, variant), variant.stock),
          name: `${product.name} (${variant.label})`,
          ...(variant.sku ? { sku: variant.sku } : {}),
        }))
      : offer(product.priceCents, product.stock),
  };
}

/** schema.org breadcrumbs: Início › Loja › the piece. */
function breadcrumbJsonLd(product: Product, origin: string): object {
  const crumbs = [
    { name: 'Início', path: paths.home },
    { name: 'Loja', path: paths.shop },
    { name: product.name, path: paths.product(product.slug) },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

/**
 * The product's main photo for link previews: its 1200×630 JPEG, or (a photo processed before those
 * existed) its JPEG fallback, with its size.
 */
function sharePicture(product: Product): PageMeta['image'] {
  const photo = product.photos[0];
  if (!photo) return undefined;
  if (photo.share) return { url: photoShareFile(photo.id), ...SHARE_SIZE, alt: photo.alt };
  return { url: photoFallback(photo), width: photo.fallbackWidth, height: heightAt(photo, photo.fallbackWidth), alt: photo.alt };
}

/** What a pre-rendered product page knows of its piece (a missing piece is a 404 already). */
function renderedProduct(id: string, data: ReturnType<typeof usePageData>): LoadState<Product> | undefined {
  if (data?.product?.id !== id) return undefined;
  const value = data.product.value;
  return value ? { status: 'ready', value } : { status: 'error', error: new ApiError(404, 'product_not_found', apiTexts.productNotFound) };
}

/**
 * Quantity with − / + and a field the customer can clear and retype: while typing, the field keeps
 * what was typed (empty included) and only a whole number changes the quantity; leaving the field
 * shows the quantity in force again. Off until the app runs (a pre-rendered page): a click or a typed
 * number before it would be lost, or kept by the field and not by the quantity. The cap per order is
 * said under it, so "+" stopping is never without a reason.
 */
export function QuantityPicker({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const hydrated = useHydrated();
  // The shop's cap of units of one piece per order (its settings).
  const max = useOrderCaps().lineQuantity;
  const step = (next: number) => {
    setDraft(null);
    onChange(next);
  };
  return (
    <div className="quantity">
      <span className="field-label" id="quantity-label">
        Quantidade
      </span>
      <div className="quantity__control" role="group" aria-labelledby="quantity-label">
        <button
          type="button"
          className="icon-button"
          aria-label="Diminuir quantidade"
          disabled={!hydrated || value <= 1}
          onClick={() => step(value - 1)}
        >
          −
        </button>
        <input
          className="input quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          aria-labelledby="quantity-label"
          aria-describedby="quantity-hint"
          disabled={!hydrated}
          value={draft ?? String(value)}
          onChange={(e) => {
            const typed = e.target.value;
            setDraft(typed);
            if (/^\d+$/.test(typed) && Number(typed) >= 1) onChange(Math.min(max, clampQuantity(Number(typed))));
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          className="icon-button"
          aria-label="Aumentar quantidade"
          disabled={!hydrated || value >= max}
          onClick={() => step(value + 1)}
        >
          +
        </button>
      </div>
      <span className="field-hint" id="quantity-hint">
        {productTexts.quantityMax(max)}
      </span>
    </div>
  );
}

/**
 * The sizes of a piece sold in sizes, as radio buttons: each with its price when it differs, a sold-out
 * one struck through and marked "esgotado" (choosing it offers its back-in-stock form instead of the
 * cart), and the link to the sizing guide. Off until the app runs (a choice before it would be lost).
 */
function VariantPicker({
  product,
  chosen,
  onChoose,
  error,
}: {
  product: Product;
  chosen: string | undefined;
  onChoose: (id: string) => void;
  error?: string;
}) {
  const hydrated = useHydrated();
  const differs = product.variants.some((variant) => variant.priceDeltaCents > 0);
  return (
    <fieldset className="size-picker" aria-describedby={error ? 'size-error' : undefined}>
      <legend className="field-label">{productTexts.sizeLabel}</legend>
      <div className="size-picker__options">
        {product.variants.map((variant) => {
          const soldOut = variant.stock <= 0;
          return (
            <label key={variant.id} className={`size-picker__option${soldOut ? ' size-picker__option--soldout' : ''}`}>
              <input
                type="radio"
                name="size"
                value={variant.id}
                checked={chosen === variant.id}
                disabled={!hydrated}
                onChange={() => onChoose(variant.id)}
              />
              <span>
                {variant.label}
                {differs && (
                  <span className="size-picker__price">
                    {' '}
                    {formatCents(discountedPriceCents(variantPriceCents(product, variant), product.discountPercent))}
                  </span>
                )}
                {/* The space outside the inline block, which would drop it ("17,90 €· esgotado"). */}
                {soldOut && (
                  <>
                    {' '}
                    <span className="size-picker__soldout">· {productTexts.sizeSoldOut}</span>
                  </>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="field-error" id="size-error" role="alert">
          {error}
        </p>
      )}
      <Link to={paths.sizeGuide} className="size-picker__guide">
        {productTexts.sizeGuide}
      </Link>
    </fieldset>
  );
}

/** A piece or size sold out: what the shopper is told, and the form to be told when it is back. */
function SoldOutNotice(props: { product: Product; chosenVariant: Product['variants'][number] | undefined; withVariants: boolean }) {
  const { product, chosenVariant, withVariants } = props;
  return (
    <div className="product-detail__soldout">
      {chosenVariant && withVariants ? (
        <p className="notice notice--info">{productTexts.sizeAlert(chosenVariant.label)}</p>
      ) : (
        <p className="notice notice--info">
          <strong>{catalogTexts.soldOut}.</strong> Esta peça não está disponível de momento. Deixa o teu e-mail e avisamos-te quando voltar.
        </p>
      )}
      <LazyStockAlertForm key={chosenVariant?.id ?? ''} productId={product.id} variantId={withVariants ? chosenVariant?.id : undefined} />
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const [popup, showPopup] = usePopup();
  const hydrated = useHydrated();
  const withVariants = hasSizes(product);
  // A piece with one size has it chosen; with several, the shopper chooses.
  const [variantId, setVariantId] = useState<string | undefined>(product.variants.length === 1 ? product.variants[0]!.id : undefined);
  const [variantError, setVariantError] = useState<string>();
  const chosenVariant = variantId === undefined ? undefined : product.variants.find((variant) => variant.id === variantId);
  const inStock = chosenVariant ? chosenVariant.stock > 0 : product.stock > 0;
  const priceCents = chosenVariant ? variantPriceCents(product, chosenVariant) : product.priceCents;

  const chooseVariant = (id: string) => {
    setVariantId(id);
    setVariantError(undefined);
  };

  const addToCart = () => {
    if (!chosenVariant) {
      setVariantError(productTexts.sizeRequired);
      return;
    }
    const store = cartStore();
    const item = cartItemFromProduct(product, quantity, chosenVariant);
    if (exceedsStock(store.getSnapshot(), lineKey(item), quantity, chosenVariant.stock)) {
      showPopup({ tone: 'error', text: productTexts.quantityUnavailable });
      return;
    }
    store.add(item);
    showPopup({ tone: 'success', text: productTexts.addedToCart });
  };

  return (
    <article className="product-detail">
      <Gallery product={product} />
      <div className="product-detail__info">
        <p className="eyebrow">
          {PRODUCT_TYPE_INFO[product.type].displayName}
          {product.collection && ` · ${product.collection}`}
        </p>
        <h1>{product.name}</h1>
        <PriceTag priceCents={priceCents} discountPercent={product.discountPercent} large />
        <p className="field-hint product-detail__vat">{catalogTexts.vatIncluded}</p>
        <p className="product-detail__description">{product.description}</p>
        {withVariants && <VariantPicker product={product} chosen={variantId} onChoose={chooseVariant} error={variantError} />}
        {inStock ? (
          <div className="product-detail__buy">
            <QuantityPicker value={quantity} onChange={setQuantity} />
            <button type="button" className="button product-detail__add" onClick={addToCart} disabled={!hydrated}>
              Adicionar ao carrinho
            </button>
            <Link to={paths.cart} className="button button--quiet">
              Ver carrinho
            </Link>
          </div>
        ) : (
          <SoldOutNotice product={product} chosenVariant={chosenVariant} withVariants={withVariants} />
        )}
        <ul className="product-detail__perks">
          <li>Aço inoxidável hipoalergénico, não escurece</li>
          <li>Feito à mão em Portugal</li>
          <li>{catalogTexts.freeShipping}</li>
        </ul>
      </div>
      <Popups message={popup} />
    </article>
  );
}

/**
 * /product/{slug}: loading, then the piece; an unknown address gets a proper not-found page. A former
 * address (the piece's id, an old slug: a link followed inside the app) moves to the piece's own, as
 * the server's 301 does (docs/readable-addresses.md).
 */
export function ProductPage() {
  const { id = '' } = useParams();
  const origin = useSiteOrigin();
  const [state, retry] = useLoad(() => api.product(id), [id], renderedProduct(id, usePageData()));
  const product = state.status === 'ready' ? state.value : null;
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (product && product.slug !== id) void navigate(`${paths.product(product.slug)}${search}${hash}`, { replace: true });
  }, [product, id, search, hash, navigate]);
  const notFound = state.status === 'error' && state.error instanceof ApiError && state.error.status === 404;

  usePageMeta(
    product
      ? {
          title: product.name,
          description: product.description.replace(/\s+/g, ' ').slice(0, 160),
          image: sharePicture(product),
          type: 'product',
        }
      : notFound
        ? { title: apiTexts.productNotFound.replace(/\.$/, ''), description: catalogTexts.productGoneDetail, noindex: true, notFound: true }
        : { title: commonTexts.loading, description: 'Joias artesanais em aço inoxidável.' },
  );
  useJsonLd(product ? productJsonLd(product, origin) : null);
  useJsonLd(product ? breadcrumbJsonLd(product, origin) : null);

  return (
    <div className="container page-body">
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && !notFound && <LoadError message={errorMessage(state.error, apiTexts.unavailable)} onRetry={retry} />}
      {notFound && (
        <section className="empty-state">
          <h1>{apiTexts.productNotFound.replace(/\.$/, '')}</h1>
          <p>{catalogTexts.productGoneDetail}</p>
          <Link to={paths.shop} className="button">
            Ver todos os produtos
          </Link>
        </section>
      )}
      {product && <ProductDetail key={product.id} product={product} />}
    </div>
  );
}
