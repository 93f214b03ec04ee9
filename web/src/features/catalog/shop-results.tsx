import { useState } from 'react';
import { catalogTexts } from '#shared/messages/index.ts';
import type { ListingProduct } from '#shared/product.ts';
import { errorMessage } from '#web/lib/api.ts';
import type { LoadState } from '#web/lib/use-load.ts';
import { LoadError, Loading } from '#web/ui/page-state.tsx';
import { ProductCard } from './product-card.tsx';

/** Cards rendered at first, and added by each 'Mostrar mais' (a large catalogue stays fast to show). */
export const CARDS_PER_STEP = 24;

function countText(n: number): string {
  return n === 1 ? '1 peça' : `${n} peças`;
}

/** The first `count` cards (the first ones load at once), and 'Mostrar mais' while some are left. */
function ProductGrid({ shown, count, onMore }: { shown: readonly ListingProduct[]; count: number; onMore: () => void }) {
  return (
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
          <button type="button" className="button button--secondary" onClick={onMore}>
            {catalogTexts.showMore(shown.length - count)}
          </button>
        </p>
      )}
    </>
  );
}

/**
 * The results of /shop: the active filter and the count, then the cards in steps of `CARDS_PER_STEP`
 * (a new filter, `filterKey`, starts again from the first), or loading, the error, or none found.
 */
export function ShopResults({
  state,
  retry,
  shown,
  filterLabel,
  filterKey,
  onClear,
}: {
  state: LoadState<readonly ListingProduct[]>;
  retry: () => void;
  shown: readonly ListingProduct[];
  filterLabel: string;
  filterKey: string;
  onClear: () => void;
}) {
  const [visible, setVisible] = useState({ filter: filterKey, count: CARDS_PER_STEP });
  // A new filter starts again from the first cards.
  const count = visible.filter === filterKey ? visible.count : CARDS_PER_STEP;
  return (
    <section aria-label="Produtos" className="shop-results">
      <div className="shop-results__bar">
        <p className="active-filters">
          <span className="active-filters__title">Filtros ativos:</span> <span data-testid="active-filters">{filterLabel || 'nenhum'}</span>
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
          <button type="button" className="button button--secondary" onClick={onClear}>
            Limpar Filtros
          </button>
        </div>
      )}
      {state.status === 'ready' && shown.length > 0 && (
        <ProductGrid shown={shown} count={count} onMore={() => setVisible({ filter: filterKey, count: count + CARDS_PER_STEP })} />
      )}
    </section>
  );
}
