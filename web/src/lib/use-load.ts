/**
 * Loading something when a page opens (and again on "Tentar novamente"): the state a page renders
 * from, ignoring answers that arrive after the page moved on.
 */
import { useCallback, useEffect, useState, type DependencyList } from 'react';

export type LoadState<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly error: unknown }
  | { readonly status: 'ready'; readonly value: T };

/**
 * Runs `load` on mount and whenever `deps` change; the second value loads again, the third replaces
 * the loaded value (after a write answered the new version).
 *
 * @example
 * const [state, retry] = useLoad(() => api.product(id), [id]);
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): [LoadState<T>, () => void, (change: (value: T) => T) => void] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    load().then(
      (value) => active && setState({ status: 'ready', value }),
      (error: unknown) => active && setState({ status: 'error', error }),
    );
    return () => {
      active = false;
    };
    // `load` is a new closure on every render; `deps` say when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (value: T) => T) => {
    setState((current) => (current.status === 'ready' ? { status: 'ready', value: change(current.value) } : current));
  }, []);
  return [state, retry, update];
}
