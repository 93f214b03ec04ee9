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
 * Runs `load` on mount and whenever `deps` change; the second value loads again.
 *
 * @example
 * const [state, retry] = useLoad(() => api.product(id), [id]);
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): [LoadState<T>, () => void] {
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
  }, [...deps, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}
