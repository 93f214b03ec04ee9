import { useNavigate } from '#web/lib/router.tsx';
import { activeFilterLabel, listingFilterToQuery, shopPath } from '#shared/listing-filter.ts';
import { paths } from '#shared/paths.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { FilterPanel } from './filter-panel.tsx';
import { ShopResults } from './shop-results.tsx';
import { useShopListing } from './use-shop-listing.ts';
import './catalog.css';

export { CARDS_PER_STEP } from './shop-results.tsx';

/** /shop: the filter panel, the active-filter line and the cards. The filter lives in the URL. */
export function ShopPage() {
  const navigate = useNavigate();
  const { filterKey, filter, state, retry, shown } = useShopListing();

  const label = activeFilterLabel(filter);
  // A listing filtered by type or collection is a page of its own (its canonical keeps that part); a
  // price range is the same page.
  const canonicalQuery = listingFilterToQuery({ type: filter.type, collection: filter.collection });
  usePageMeta({
    title: label ? `Loja: ${label}` : 'Loja: todas as peças',
    description: label
      ? `${label}: joias em aço inoxidável feitas à mão em Portugal.`
      : 'Todas as joias em aço inoxidável feitas à mão em Portugal: colares, anéis, brincos e pulseiras.',
    ...(canonicalQuery ? { canonicalQuery } : {}),
  });

  return (
    <div className="container page-body">
      <header className="page-header">
        <p className="eyebrow">Loja</p>
        <h1>{filter.collection && state.status === 'ready' ? `Coleção ${filter.collection}` : 'Os nossos produtos'}</h1>
        <p className="lead">Todas as nossas peças em aço inoxidável, feitas à mão para durar.</p>
      </header>
      <div className="shop-layout">
        <FilterPanel key={filterKey} filter={filter} onApply={(next) => navigate(shopPath(next))} onClear={() => navigate(paths.shop)} />
        <ShopResults
          state={state}
          retry={retry}
          shown={shown}
          filterLabel={activeFilterLabel(filter)}
          filterKey={filterKey}
          onClear={() => navigate(paths.shop)}
        />
      </div>
    </div>
  );
}
