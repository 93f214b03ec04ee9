/**
 * Loading a screen's data from the admin API: loading, error (with "not found" told apart) and ready
 * states, a retry, and local updates after a successful write.
 */
import { useMemo, type DependencyList } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { useLoad as useLoadState } from '#web/lib/use-load.ts';
import { useAdminApi } from './session.tsx';
import { isNotFound, type AdminApi } from './admin-api.ts';

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
 * Runs `load` with the session's API when the screen opens and whenever `deps` change; errors become
 * the text to show, with "not found" told apart.
 *
 * @example
 * const { state, reload } = useLoad((api) => api.order(orderId), [orderId]);
 */
export function useLoad<T>(load: (api: AdminApi) => Promise<T>, deps: DependencyList): LoadResult<T> {
  const api = useAdminApi();
  const [raw, reload, update] = useLoadState(() => load(api), [api, ...deps]);
  const state = useMemo<Loaded<T>>(() => {
    if (raw.status === 'error') return { status: 'error', message: errorMessage(raw.error), notFound: isNotFound(raw.error) };
    return raw.status === 'ready' ? { status: 'ready', data: raw.value } : raw;
  }, [raw]);
  return { state, reload, update };
}
