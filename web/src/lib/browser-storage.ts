/**
 * Reading and writing JSON in `sessionStorage` / `localStorage` without ever throwing (private mode,
 * full quota, blocked storage, corrupt values all behave like an empty store).
 */

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The raw text under `key`, or null. */
export function readText(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores text under `key`; false when the browser refused. */
export function writeText(which: Area, key: string, value: string): boolean {
  try {
    area(which)?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // nothing to do
  }
}

/** The JSON under `key` if `accept` recognises it, else null. */
export function readJson<T>(which: Area, key: string, accept: (value: unknown) => value is T): T | null {
  const text = readText(which, key);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): boolean {
  return writeText(which, key, JSON.stringify(value));
}

/** A random UUID v4 (also outside secure contexts, where `crypto.randomUUID` is missing). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
