/**
 * Whether a moment (an ISO date-time: a reservation's `expiresAt`) has come, true from that moment on
 * without waiting for anything else to render the page again: a page left open says what is true now.
 */
import { useEffect, useState } from 'react';

export function useTimeReached(at: string | undefined): boolean {
  const due = at === undefined ? Number.NaN : Date.parse(at);
  const [reached, setReached] = useState(() => due <= Date.now());
  useEffect(() => {
    if (Number.isNaN(due)) return undefined;
    const left = due - Date.now();
    if (left <= 0) {
      setReached(true);
      return undefined;
    }
    // A reservation holds at most days (docs/settings.md), well within a timer's 24.8-day range.
    const timer = window.setTimeout(() => setReached(true), left);
    return () => window.clearTimeout(timer);
  }, [due]);
  return reached;
}
