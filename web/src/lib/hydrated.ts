/**
 * Whether the app runs this page yet. A pre-rendered page is HTML before its script: until hydration,
 * its buttons would do nothing and a form would submit natively (a GET of the page with the typed
 * values), so they stay disabled until then. False on the server and during hydration, true after it
 * (and at once in a page the app renders itself).
 */
import { useLayoutEffect, useSyncExternalStore, type Dispatch, type RefObject, type SetStateAction } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Text typed into a pre-rendered form before the app ran (it starts once the page has loaded):
 * hydration leaves it in the fields but not in the form's state, and the next render would clear it.
 * Right after hydration, each field of `form` named like a key of the state takes its typed text into
 * the state, where the state is still empty.
 */
export function useTypedBeforeHydration<T extends Record<string, string>>(
  form: RefObject<HTMLFormElement | null>,
  setValues: Dispatch<SetStateAction<T>>,
): void {
  useLayoutEffect(() => {
    if (!form.current) return;
    const typed = new FormData(form.current);
    setValues((current) => {
      const taken = Object.entries(current).filter(
        ([name, value]) => !value && typeof typed.get(name) === 'string' && typed.get(name) !== '',
      );
      return taken.length ? { ...current, ...Object.fromEntries(taken.map(([name]) => [name, String(typed.get(name))])) } : current;
    });
  }, [form, setValues]);
}
