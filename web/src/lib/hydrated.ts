/**
 * Whether the app runs this page yet. A pre-rendered page is HTML before its script: until hydration,
 * its buttons would do nothing and a form would submit natively (a GET of the page with the typed
 * values), so they stay disabled until then. False on the server and during hydration, true after it
 * (and at once in a page the app renders itself).
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
