/**
 * Unsaved back-office forms survive a lost session: while the owner types, the values that differ
 * from what was loaded are kept in this browser (`localStorage`, one key per form and record); when the
 * form opens again (after signing in again, a reload, a closed tab) they come back, with a notice and a
 * way to discard them. A save clears them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const PREFIX = 'adm:draft:';
const DELAY_MS = 300;

interface Stored<T> {
  readonly values: T;
  readonly at: string;
}

function read<T>(key: string): Stored<T> | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const parsed = raw ? (JSON.parse(raw) as Stored<T>) : undefined;
    return parsed && typeof parsed === 'object' && 'values' in parsed && typeof parsed.at === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, stored: Stored<unknown> | undefined): void {
  try {
    if (stored) localStorage.setItem(PREFIX + key, JSON.stringify(stored));
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // storage full or unavailable: the form works, without the safety net
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface FormDraft {
  /** When the restored values were typed (ISO), while the notice is shown. */
  readonly restoredAt?: string;
  /** Goes back to the loaded values and forgets the draft. */
  discard(): void;
  /** Forgets the draft (after a save). */
  clear(): void;
}

/**
 * Keeps `values` as the draft of `key` while they differ from `baseline` (what was loaded or saved), and
 * on first render gives back a stored draft through `restore`.
 */
export function useFormDraft<T>(key: string, values: T, baseline: T, restore: (values: T) => void): FormDraft {
  const [restoredAt, setRestoredAt] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const stored = read<T>(key);
    if (stored && !same(stored.values, baseline)) {
      restore(stored.values);
      setRestoredAt(stored.at);
    } else if (stored) write(key, undefined);
  }, [key, baseline, restore]);

  useEffect(() => {
    if (!started.current) return;
    const timer = setTimeout(() => write(key, same(values, baseline) ? undefined : { values, at: new Date().toISOString() }), DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, values, baseline]);

  const clear = useCallback(() => {
    write(key, undefined);
    setRestoredAt(undefined);
  }, [key]);
  const discard = useCallback(() => {
    write(key, undefined);
    setRestoredAt(undefined);
    restore(baseline);
  }, [key, baseline, restore]);
  return { ...(restoredAt ? { restoredAt } : {}), discard, clear };
}
