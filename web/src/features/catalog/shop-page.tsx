import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router.tsx';
import { activeFilterLabel, filterProducts, parseListingFilter, shopPath } from '#shared/listing-filter.ts';
import { catalogTexts } from '#shared/messages.ts';
import { paths } from '#shared/paths.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { useLoad } from '../../lib/use-load.ts';
import { usePageData } from '../../lib/page-data.ts';
import type { Product } from '#shared/product.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { LoadError, Loading } from '../../ui/page-state.tsx';
import { useCollections } from '../../app/collections.ts';
import { FilterPanel } from './filter-panel.tsx';
import { ProductCard } from './product-card.tsx';
import './catalog.css';

/** Cards rendered at first, and added by each 'Mostrar mais' (a large catalogue stays fast to show). */
export const CARDS_PER_STEP = 24;

/**
 * The catalogue as last shown in this visit: back from a product, the listing shows at once (and is
 * checked again quietly), so the browser can bring the visitor back to where they were on it.
 */
let lastShown: readonly Product[] | undefined;

function countText(n: number): string {
  return n === 1 ? '1 peça' : `${n} peças`;
}

/** /shop: the filter panel, the active-filter line and the cards. The filter lives in the URL. */
export function ShopPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = useMemo(() => parseListingFilter(searchParams), [searchParams]);
  // What this visit fetched last is newer than what the page was rendered with.
  const rendered = usePageData()?.products;
  const known = lastShown ?? rendered;
  const [state, retry] = useLoad(
    () =>
      api.products().then((products) => {
        lastShown = products;
        return products;
      }),
    [],
    known && { status: 'ready', value: known },
  );
  const collections = useCollections();
  // A collection that does not exist is ignored, like an unknown type (no "Coleção anything").
  const filter = useMemo(() => {
    const name = requested.collection;
    if (name === undefined || state.status !== 'ready') return requested;
    const known = collections.some((c) => c.name === name) || state.value.some((p) => p.collection === name);
    return known ? requested : { ...requested, collection: undefined };
  }, [requested, state, collections]);
  const shown = useMemo(() => (state.status === 'ready' ? filterProducts(state.value, filter) : []), [state, filter]);
  const label = activeFilterLabel(filter);
  const [visible, setVisible] = useState({ filter: searchParams.toString(), count: CARDS_PER_STEP });
  // A new filter starts again from the first cards.
  const count = visible.filter === searchParams.toString() ? visible.count : CARDS_PER_STEP;

  usePageMeta({
    title: 'Vê os nossos novos produtos',
    description: 'Descobre as novas joias em aço inoxidável feitas à mão em Portugal: colares, anéis, brincos e pulseiras.',
  });

  return (
    <div className="container page-body">
      <header className="page-header">
        <p className="eyebrow">Loja</p>
        <h1>{filter.collection && state.status === 'ready' ? `Coleção ${filter.collection}` : 'Os nossos produtos'}</h1>
        <p className="lead">Vê os nossos novos produtos: peças em aço inoxidável, feitas à mão para durar.</p>
      </header>
      <div className="shop-layout">
        <FilterPanel
          key={searchParams.toString()}
          filter={filter}
          onApply={(next) => navigate(shopPath(next))}
          onClear={() => navigate(paths.shop)}
        />
        <section aria-label="Produtos" className="shop-results">
          <div className="shop-results__bar">
            <p className="active-filters">
              <span className="active-filters__title">Filtros ativos:</span> <span data-testid="active-filters">{label || 'nenhum'}</span>
            </p>
            <p role="status" className="muted shop-results__count">
              {state.status === 'ready' ? countText(shown.length) : ''}
            </p>
          </div>
          {state.status === 'loading' && <Loading />}
          {state.status === 'error' && <LoadError message={errorMessage(state.error, catalogTexts.loadFailed)} onRetry={retry} />}
          {state.status === 'ready' && shown.length === 0 && (
            <div className="empty-state">
              <p>{catalogTexts.noProducts}</p>
              <button type="button" className="button button--secondary" onClick={() => navigate(paths.shop)}>
                Limpar Filtros
              </button>
            </div>
          )}
          {state.status === 'ready' && shown.length > 0 && (
            <>
              <ul className="product-grid">
                {shown.slice(0, count).map((product, i) => (
                  <li key={product.id}>
                    <ProductCard product={product} eager={i < 4} priority={i === 0} />
                  </li>
                ))}
              </ul>
              {shown.length > count && (
                <p className="shop-results__more">
                  <button type="button" className="button button--secondary" onClick={() => setVisible({ filter: searchParams.toString(), count: count + CARDS_PER_STEP })}>
                    {catalogTexts.showMore(shown.length - count)}
                  </button>
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
