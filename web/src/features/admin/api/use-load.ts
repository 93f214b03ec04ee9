/**
 * Loading a screen's data from the admin API: loading, error (with "not found" told apart) and ready
 * states, a retry, and local updates after a successful write.
 */
import { useCallback, useEffect, useState, type DependencyList } from 'react';
import { useAdminApi } from '../auth/session.tsx';
import { errorMessage, isNotFound, type AdminApi } from './admin-api.ts';

export type Loaded<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string; readonly notFound: boolean }
  | { readonly status: 'ready'; readonly data: T };

export interface LoadResult<T> {
  readonly state: Loaded<T>;
  reload(): void;
  /** Replaces the loaded data (after a write answered the new version). */
  update(change: (data: T) => T): void;
}

/**
 * Runs `load` when the screen opens and whenever `deps` change.
 *
 * @example
 * const { state, reload } = useLoad((api) => api.order(orderId), [orderId]);
 */
export function useLoad<T>(load: (api: AdminApi) => Promise<T>, deps: DependencyList): LoadResult<T> {
  const api = useAdminApi();
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    load(api)
      .then((data) => active && setState({ status: 'ready', data }))
      .catch((error: unknown) => active && setState({ status: 'error', message: errorMessage(error), notFound: isNotFound(error) }));
    return () => {
      active = false;
    };
    // `load` is a new closure on every render; `deps` say when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, attempt, ...deps]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current));
  }, []);
  return { state, reload, update };
}
