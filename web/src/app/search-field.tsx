/**
 * The header's search (docs/search-and-feeds.md): a GET form to `/pesquisa?q=`, so it works before and
 * without JavaScript. Everything else (the suggestions as the customer types, a submit that stays in
 * the app) is its own chunk, loaded at the field's first focus: the shop's first load carries only
 * this form.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { searchFieldTexts } from '#shared/messages/index.ts';
import { MAX_SEARCH_LENGTH, paths, SEARCH_PARAM } from '#shared/paths.ts';

const Suggestions = lazy(() => import('./search-suggestions.tsx').then((module) => ({ default: module.SearchSuggestions })));

export function SearchField() {
  const input = useRef<HTMLInputElement>(null);
  const [started, setStarted] = useState(false);
  return (
    <form role="search" action={paths.search} method="get" className="site-search">
      <label className="visually-hidden" htmlFor="site-search-q">
        {searchFieldTexts.label}
      </label>
      <input
        ref={input}
        id="site-search-q"
        className="site-search__input"
        type="search"
        name={SEARCH_PARAM}
        placeholder={searchFieldTexts.placeholder}
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={() => setStarted(true)}
      />
      <button type="submit" className="icon-button site-search__submit">
        <svg
          width={20}
          height={20}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.6}
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5" />
        </svg>
        <span className="visually-hidden">{searchFieldTexts.submit}</span>
      </button>
      {started && input.current && (
        <Suspense>
          <Suggestions input={input.current} />
        </Suspense>
      )}
    </form>
  );
}
