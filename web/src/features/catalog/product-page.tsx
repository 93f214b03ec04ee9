import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { cartItemFromProduct, clampQuantity, exceedsStock, MAX_LINE_QUANTITY } from '../../../../shared/cart.ts';
import { messages } from '../../../../shared/messages.ts';
import { discountedPriceCents } from '../../../../shared/pricing.ts';
import type { Product } from '../../../../shared/product.ts';
import { PRODUCT_TYPE_INFO } from '../../../../shared/product-types.ts';
import { paths } from '../../../../shared/paths.ts';
import { api, ApiError, errorMessage } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { cartStore } from '../../lib/cart-store.ts';
import { SITE_NAME, useJsonLd, usePageMeta } from '../../lib/page-meta.ts';
import { LoadError, Loading } from '../../ui/page-state.tsx';
import { Popups, usePopup } from '../../ui/popup.tsx';
import { PriceTag } from '../../ui/price-tag.tsx';
import { ProductImage } from '../../ui/product-image.tsx';
import { StockAlertForm } from './stock-alert-form.tsx';
import './catalog.css';

/** schema.org Product data for search engines. */
function productJsonLd(product: Product): object {
  const url = new URL(paths.product(product.id), window.location.origin).href;
  const images = [product.mainImage, product.secondaryImage].filter(Boolean).map((src) => new URL(src, window.location.origin).href);
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
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'EUR',
      price: (discountedPriceCents(product.priceCents, product.discountPercent) / 100).toFixed(2),
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

function Gallery({ product }: { product: Product }) {
  const pictures = [product.mainImage, product.secondaryImage].filter(Boolean);
  const [chosen, setChosen] = useState(0);
  const current = pictures[chosen] ?? '';
  return (
    <div className="gallery">
      <ProductImage className="gallery__main" src={current} alt={product.name} width={800} height={800} fetchPriority="high" />
      {pictures.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Imagens da peça">
          {pictures.map((src, i) => (
            <li key={src}>
              <button type="button" className="gallery__thumb" aria-pressed={i === chosen} onClick={() => setChosen(i)}>
                <ProductImage src={src} alt={i === 0 ? 'Imagem principal' : 'Imagem secundária'} width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Quantity with − / + and a field the customer can clear and retype: while typing, the field keeps
 * what was typed (empty included) and only a whole number changes the quantity; leaving the field
 * shows the quantity in force again.
 */
function QuantityPicker({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
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
        <button type="button" className="icon-button" aria-label="Diminuir quantidade" disabled={value <= 1} onClick={() => step(value - 1)}>
          −
        </button>
        <input
          className="input quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          aria-labelledby="quantity-label"
          value={draft ?? String(value)}
          onChange={(e) => {
            const typed = e.target.value;
            setDraft(typed);
            if (/^\d+$/.test(typed) && Number(typed) >= 1) onChange(clampQuantity(Number(typed)));
          }}
          onBlur={() => setDraft(null)}
        />
        <button type="button" className="icon-button" aria-label="Aumentar quantidade" disabled={value >= MAX_LINE_QUANTITY} onClick={() => step(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const [popup, showPopup] = usePopup();
  const inStock = product.stock > 0;

  const addToCart = () => {
    const store = cartStore();
    if (exceedsStock(store.getSnapshot(), product.id, quantity, product.stock)) {
      showPopup({ tone: 'error', text: messages.product.quantityUnavailable });
      return;
    }
    store.add(cartItemFromProduct(product, quantity));
    showPopup({ tone: 'success', text: messages.product.addedToCart });
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
        <PriceTag priceCents={product.priceCents} discountPercent={product.discountPercent} large />
        <p className="field-hint product-detail__vat">{messages.catalog.vatIncluded}</p>
        <p className="product-detail__description">{product.description}</p>
        {inStock ? (
          <div className="product-detail__buy">
            <QuantityPicker value={quantity} onChange={setQuantity} />
            <button type="button" className="button product-detail__add" onClick={addToCart}>
              Adicionar ao carrinho
            </button>
            <Link to={paths.cart} className="button button--quiet">
              Ver carrinho
            </Link>
          </div>
        ) : (
          <div className="product-detail__soldout">
            <p className="notice notice--info">
              <strong>{messages.catalog.soldOut}.</strong> Esta peça não está disponível de momento. Deixa o teu e-mail e avisamos-te
              quando voltar.
            </p>
            <StockAlertForm productId={product.id} />
          </div>
        )}
        <ul className="product-detail__perks">
          <li>Aço inoxidável hipoalergénico, não escurece</li>
          <li>Feito à mão em Portugal</li>
          <li>{messages.catalog.freeShipping}</li>
        </ul>
      </div>
      <Popups message={popup} />
    </article>
  );
}

/** /product/{id}: loading, then the piece; an unknown id gets a proper not-found page. */
export function ProductPage() {
  const { id = '' } = useParams();
  const [state, retry] = useLoad(() => api.product(id), [id]);
  const product = state.status === 'ready' ? state.value : null;
  const notFound = state.status === 'error' && state.error instanceof ApiError && state.error.status === 404;

  usePageMeta(
    product
      ? { title: product.name, description: product.description.replace(/\s+/g, ' ').slice(0, 160), image: product.mainImage || undefined, type: 'product' }
      : notFound
        ? { title: messages.api.productNotFound.replace(/\.$/, ''), description: messages.catalog.productGoneDetail, noindex: true }
        : { title: messages.common.loading, description: 'Joias artesanais em aço inoxidável.' },
  );
  useJsonLd(product ? productJsonLd(product) : null);

  return (
    <div className="container page-body">
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && !notFound && <LoadError message={errorMessage(state.error, messages.api.unavailable)} onRetry={retry} />}
      {notFound && (
        <section className="empty-state">
          <h1>{messages.api.productNotFound.replace(/\.$/, '')}</h1>
          <p>{messages.catalog.productGoneDetail}</p>
          <Link to={paths.shop} className="button">
            Ver todos os produtos
          </Link>
        </section>
      )}
      {product && <ProductDetail key={product.id} product={product} />}
    </div>
  );
}
