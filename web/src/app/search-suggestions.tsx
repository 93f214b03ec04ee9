/**
 * The header field's results as the customer types (docs/search-and-feeds.md): its own chunk, loaded at
 * the field's first focus. The field becomes a combobox (ARIA 1.2): the list below it names each piece
 * with its price; the arrow keys move through it, Enter opens the piece chosen (or, with none, the
 * results page), Escape closes it. A submit of the form then stays in the app. The pieces come from `GET /api/search` (cached at the edge
 * by query).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { formatCents } from '#shared/money.ts';
import { searchTexts } from '#shared/messages/search.ts';
import { paths } from '#shared/paths.ts';
import { discountedPriceCents } from '#shared/pricing.ts';
import { listingAddress, type ListingProduct } from '#shared/product.ts';
import { MIN_SEARCH_LENGTH, SEARCH_PARAM, searchQueryText } from '#shared/search.ts';
import { apiCall } from '#web/lib/api.ts';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';

/** Pieces the list shows (the results page has them all). */
const SHOWN = 6;
/** Quiet time after a key before asking (one request per pause, not per key). */
const PAUSE_MS = 150;

type Found = { readonly query: string; readonly products: readonly ListingProduct[] } | undefined;

/** The pieces of the field's current text, asked for after each pause in typing. */
function useFound(input: HTMLInputElement): [string, Found] {
  const [query, setQuery] = useState(() => searchQueryText(input.value));
  const [found, setFound] = useState<Found>();
  useEffect(() => {
    const onInput = () => setQuery(searchQueryText(input.value));
    input.addEventListener('input', onInput);
    return () => input.removeEventListener('input', onInput);
  }, [input]);
  useEffect(() => {
    if (query.length < MIN_SEARCH_LENGTH) return;
    let active = true;
    const timer = setTimeout(() => {
      apiCall('GET /api/search', { query: { q: query } }).then(
        ({ products }) => active && setFound({ query, products }),
        () => active && setFound({ query, products: [] }),
      );
    }, PAUSE_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [query]);
  return [query, found];
}

/** The field is the combobox (ARIA 1.2): what it controls, whether that is open, which option is current. */
function useCombobox(input: HTMLInputElement, listId: string, expanded: boolean, activeId: string | undefined) {
  useEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('aria-expanded', String(expanded));
    if (activeId) input.setAttribute('aria-activedescendant', activeId);
    else input.removeAttribute('aria-activedescendant');
  }, [input, listId, expanded, activeId]);
}

/** The search's address for a query as typed. */
function searchAddress(query: string): string {
  return `${paths.search}?${new URLSearchParams({ [SEARCH_PARAM]: query.trim() }).toString()}`;
}

/** A submit of the field's form stays in the app (without the app, the form's GET loads the page). */
function useSubmitInApp(input: HTMLInputElement) {
  const navigate = useNavigate();
  useEffect(() => {
    const form = input.form;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      input.blur();
      navigate(searchAddress(input.value));
    };
    form?.addEventListener('submit', onSubmit);
    return () => form?.removeEventListener('submit', onSubmit);
  }, [input, navigate]);
}

export function SearchSuggestions({ input }: { input: HTMLInputElement }) {
  useSubmitInApp(input);
  const listId = useId();
  const [query, found] = useFound(input);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const ready = query.length >= MIN_SEARCH_LENGTH && found?.query === query;
  const products = useMemo(() => (ready ? found.products.slice(0, SHOWN) : []), [ready, found]);
  const shown = open && query.length >= MIN_SEARCH_LENGTH;

  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => setActive(-1), [query]);
  useEffect(() => {
    const reopen = () => setOpen(true);
    const close = (event: FocusEvent) => {
      if (!input.form?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return setOpen(false);
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // Past the last piece, back to the field's own text (-1); above it, the last piece.
        setActive((current) => (products.length ? ((current + step + 1 + products.length + 1) % (products.length + 1)) - 1 : -1));
      }
      if (event.key === 'Enter' && active >= 0 && products[active]) {
        event.preventDefault();
        navigate(paths.product(listingAddress(products[active])));
      }
    };
    input.addEventListener('input', reopen);
    input.addEventListener('focus', reopen);
    input.addEventListener('blur', close);
    input.addEventListener('keydown', onKey);
    return () => {
      input.removeEventListener('input', reopen);
      input.removeEventListener('focus', reopen);
      input.removeEventListener('blur', close);
      input.removeEventListener('keydown', onKey);
    };
  }, [input, products, active, navigate]);

  useCombobox(input, listId, shown && products.length > 0, active >= 0 && products[active] ? `${listId}-${active}` : undefined);

  if (!shown) return null;
  return (
    <div className="site-search__panel">
      <p className="visually-hidden" role="status">
        {ready ? (found.products.length ? searchTexts.count(found.products.length) : searchTexts.none(query)) : ''}
      </p>
      {!ready && <p className="site-search__note">{searchTexts.searching}</p>}
      {ready && !products.length && <p className="site-search__note">{searchTexts.noSuggestions}</p>}
      <ul id={listId} role="listbox" aria-label={searchTexts.suggestions} className="site-search__list" hidden={!products.length}>
        {products.map((product, i) => (
          <li key={product.id} id={`${listId}-${i}`} role="option" aria-selected={i === active} className="site-search__option">
            <Link to={paths.product(listingAddress(product))} tabIndex={-1} onMouseDown={(event) => event.preventDefault()}>
              <span>{product.name}</span>
              <span className="site-search__price">{formatCents(discountedPriceCents(product.priceCents, product.discountPercent))}</span>
            </Link>
          </li>
        ))}
      </ul>
      {ready && found.products.length > 0 && (
        <Link className="site-search__all" to={searchAddress(query)} onMouseDown={(event) => event.preventDefault()}>
          {searchTexts.seeAll(found.products.length)}
        </Link>
      )}
    </div>
  );
}
