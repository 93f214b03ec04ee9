/**
 * /pesquisa?q=: the search's results (docs/search-and-feeds.md). Pre-rendered per query by the pages
 * function (HTML without JavaScript, its form a plain GET); in the app, the results of a new query come
 * from `GET /api/search`. No results: it says so, and offers the collections and the whole catalogue.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { searchFieldTexts } from '#shared/messages/index.ts';
import { searchTexts } from '#shared/messages/search.ts';
import { shopPath } from '#shared/listing-filter.ts';
import { paths } from '#shared/paths.ts';
import type { ListingProduct } from '#shared/product.ts';
import { MAX_SEARCH_LENGTH, SEARCH_PARAM, searchQueryText } from '#shared/search.ts';
import { apiCall, errorMessage } from '#web/lib/api.ts';
import { useAnyPageData } from '#web/lib/page-data.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { Link, useNavigate, useSearchParams } from '#web/lib/router.tsx';
import { useCollections } from '#web/lib/shop-collections.ts';
import { useLoad } from '#web/lib/use-load.ts';
import { LoadError, Loading } from '#web/ui/page-state.tsx';
import { ProductCard } from './product-card.tsx';
import './catalog.css';

function NoResults({ query }: { query: string }) {
  const collections = useCollections();
  return (
    <div className="empty-state search-empty">
      <p>{searchTexts.none(query)}</p>
      <p>{searchTexts.noneHelp}</p>
      <ul className="search-empty__collections">
        {collections.map((collection) => (
          <li key={collection.id}>
            <Link to={shopPath({ collection: collection.name })}>{collection.name}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link className="button button--secondary" to={paths.shop}>
          {searchTexts.allPieces}
        </Link>
      </p>
    </div>
  );
}

function Results({ query, products }: { query: string; products: readonly ListingProduct[] }) {
  if (!products.length) return <NoResults query={query} />;
  return (
    <ul className="product-grid search-results__grid">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < 4} priority={i === 0} />
        </li>
      ))}
    </ul>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const query = searchQueryText(params.get(SEARCH_PARAM));
  const rendered = useAnyPageData()?.search;
  const [state, retry] = useLoad<readonly ListingProduct[]>(
    () => (query ? apiCall('GET /api/search', { query: { q: query } }).then((answer) => answer.products) : Promise.resolve([])),
    [query],
    rendered && rendered.query === query ? { status: 'ready', value: rendered.products } : undefined,
  );
  usePageMeta({ title: searchTexts.title(query), description: searchTexts.description(query), noindex: true });
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  // A new query from the header shows in this page's field too.
  useEffect(() => {
    if (field.current) field.current.value = query;
  }, [query]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`${paths.search}?${new URLSearchParams({ [SEARCH_PARAM]: field.current?.value.trim() ?? '' }).toString()}`);
  };

  return (
    <div className="container page-body">
      <header className="page-header">
        <p className="eyebrow">Pesquisa</p>
        <h1>{searchTexts.heading(query)}</h1>
      </header>
      <form role="search" action={paths.search} method="get" className="search-form" onSubmit={submit}>
        <label htmlFor="search-page-q">{searchFieldTexts.label}</label>
        <div className="search-form__row">
          <input
            ref={field}
            id="search-page-q"
            type="search"
            name={SEARCH_PARAM}
            defaultValue={query}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="button">
            {searchFieldTexts.submit}
          </button>
        </div>
      </form>
      <section aria-label="Resultados" className="search-results">
        <p role="status" className="muted">
          {query && state.status === 'ready' && state.value.length > 0 ? searchTexts.count(state.value.length) : ''}
        </p>
        {!query && <p>{searchTexts.empty}</p>}
        {query && state.status === 'loading' && <Loading />}
        {query && state.status === 'error' && <LoadError message={errorMessage(state.error, searchTexts.loadFailed)} onRetry={retry} />}
        {query && state.status === 'ready' && <Results query={query} products={state.value} />}
      </section>
    </div>
  );
}
