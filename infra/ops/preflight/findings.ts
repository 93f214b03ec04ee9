/**
 * What `npm run preflight` says: every check ends in findings, each in both languages (Portuguese for
 * the owner by default, English with `--en`), with its status and, when something is to be done, the fix.
 */

/** The operator's language: Portuguese by default, English with `--en`. */
export type Lang = 'pt' | 'en';

/** A sentence in both languages; the report picks one. */
export interface Text {
  readonly pt: string;
  readonly en: string;
}

export const say = (pt: string, en: string): Text => ({ pt, en });

/** The same text in both languages (a command, a URL, a name). */
export const verbatim = (text: string): Text => ({ pt: text, en: text });

/**
 * - `ok`: nothing to do;
 * - `warning`: the deploy works, but something needs doing before (or soon after) opening the shop;
 * - `blocker`: the deploy fails, or the shop would not work for customers: fix it first (exit code 1);
 * - `unchecked`: the check could not run (a permission, a network error); says which;
 * - `info`: guidance only, nothing was checked.
 */
export type Status = 'ok' | 'warning' | 'blocker' | 'unchecked' | 'info';

export interface Finding {
  /** Stable name of the check (`--json`, tests). */
  readonly id: string;
  readonly status: Status;
  readonly title: Text;
  /** What was found, in plain words. */
  readonly details: readonly Text[];
  /** What to do about it (commands, console pages), when anything. */
  readonly fix: readonly Text[];
}

export function finding(id: string, status: Status, title: Text, details: readonly Text[], fix: readonly Text[] = []): Finding {
  return { id, status, title, details, fix };
}

/** Portuguese plural of a noun by count ("1 aviso", "2 avisos"); English likewise. */
export function counted(count: number, one: Text, many: Text): Text {
  return count === 1 ? say(`1 ${one.pt}`, `1 ${one.en}`) : say(`${count} ${many.pt}`, `${count} ${many.en}`);
}
