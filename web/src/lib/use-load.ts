/**
 * Loading something when a page opens (and again on "Tentar novamente"): the state a page renders
 * from, ignoring answers that arrive after the page moved on.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type LoadState<T> =
  { readonly status: 'loading' } | { readonly status: 'error'; readonly error: unknown } | { readonly status: 'ready'; readonly value: T };

/**
 * Runs `load` on mount and whenever `deps` change; the second value loads again, the third replaces
 * the loaded value (after a write answered the new version).
 *
 * `initial`: what the page already knows (a pre-rendered page's data): shown at once; a value is then
 * checked quietly in the background (a newer answer replaces it, a failed check leaves it), an error
 * (the page's "not found") stands until `retry`.
 *
 * @example
 * const [state, retry] = useLoad(() => api.product(id), [id]);
 */
export function useLoad<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  initial?: LoadState<T>,
): [LoadState<T>, () => void, (change: (value: T) => T) => void] {
  const [state, setState] = useState<LoadState<T>>(initial ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const first = useRef(initial?.status);
  useEffect(() => {
    let active = true;
    const revalidating = first.current === 'ready';
    const known = first.current === 'error';
    first.current = undefined;
    if (known) return;
    if (!revalidating) setState({ status: 'loading' });
    load().then(
      (value) => active && setState({ status: 'ready', value }),
      (error: unknown) => active && !revalidating && setState({ status: 'error', error }),
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
