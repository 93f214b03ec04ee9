/**
 * A list the server answers one page at a time (`nextCursor` absent on the last page): the first page
 * when the screen opens or its filters change, then "load more" appends the next.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { useAdminSession } from './session.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { AdminApi } from './admin-api.ts';

export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
  /** How many the whole list holds, when the server says (all pages together). */
  readonly total?: number;
}

export type PagedState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'ready'; readonly items: readonly T[]; readonly nextCursor?: string; readonly total?: number };

export interface PagedList<T> {
  readonly state: PagedState<T>;
  /** The next page is being fetched. */
  readonly loadingMore: boolean;
  /** Why the last "load more" failed. */
  readonly moreError?: string;
  loadMore(): void;
  reload(): void;
}

/**
 * The paged list `loadPage` fetches, one page (the first when `cursor` is absent) as `{ items, nextCursor }`.
 *
 * @example
 * const list = usePagedList((api, cursor) => api.stockAlerts(cursor).then((p) => ({ items: p.alerts, nextCursor: p.nextCursor })), []);
 */
export function usePagedList<T>(loadPage: (api: AdminApi, cursor?: string) => Promise<Page<T>>, deps: DependencyList): PagedList<T> {
  const { api } = useAdminSession();
  const [state, setState] = useState<PagedState<T>>({ status: 'loading' });
  const [more, setMore] = useState<{ loading: boolean; error?: string }>({ loading: false });
  const [attempt, setAttempt] = useState(0);
  const load = useRef(loadPage);
  load.current = loadPage;
  const generation = useRef(0);

  useEffect(() => {
    const current = ++generation.current;
    setState({ status: 'loading' });
    setMore({ loading: false });
    load
      .current(api)
      .then(
        (page) =>
          current === generation.current &&
          setState({ status: 'ready', items: page.items, nextCursor: page.nextCursor, total: page.total }),
      )
      .catch((error: unknown) => current === generation.current && setState({ status: 'error', message: errorMessage(error) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, attempt, ...deps]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || !state.nextCursor || more.loading) return;
    const current = generation.current;
    setMore({ loading: true });
    load
      .current(api, state.nextCursor)
      .then((page) => {
        if (current !== generation.current) return;
        setState({
          status: 'ready',
          items: [...state.items, ...page.items],
          nextCursor: page.nextCursor,
          total: page.total ?? state.total,
        });
        setMore({ loading: false });
      })
      .catch((error: unknown) => current === generation.current && setMore({ loading: false, error: errorMessage(error) }));
  }, [api, state, more.loading]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, loadingMore: more.loading, moreError: more.error, loadMore, reload };
}
