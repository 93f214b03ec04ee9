import { useMemo } from 'react';
import { useSearchParams } from '#web/lib/router.tsx';
import { filterProducts, parseListingFilter } from '#shared/listing-filter.ts';
import type { ListingProduct } from '#shared/product.ts';
import { api } from '#web/lib/api.ts';
import { usePageData } from '#web/lib/page-data.ts';
import { useLoad } from '#web/lib/use-load.ts';
import { useCollections } from '#web/lib/shop-collections.ts';

/**
 * The catalogue as last shown in this visit: back from a product, the listing shows at once (and is
 * checked again quietly), so the browser can bring the visitor back to where they were on it.
 */
let lastShown: readonly ListingProduct[] | undefined;

/**
 * The listing of /shop: the catalogue (what the page was rendered with, or this visit's last, checked
 * again), the filter from the URL (`filterKey`: its query) and the pieces it lets through.
 */
export function useShopListing() {
  const [searchParams] = useSearchParams();
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
  return { filterKey: searchParams.toString(), filter, state, retry, shown };
}
