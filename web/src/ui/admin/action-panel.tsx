/**
 * What every back-office panel that does something shares (an order's status, its e-mails and notes,
 * the stock, a product's deletion, a customer's anonymisation, an export…): while its action runs the
 * panel is busy (its buttons wait, the one clicked says what it is doing), then it says how it went:
 * the success, or the failure in Portuguese, never silently. `useAction` holds that state (a panel's
 * form checked by a schema holds it with `useFormSubmit`, read through `outcomeNotice`),
 * `ActionFeedback` shows it, `Panel` is the titled frame of a detail page's panels.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { FormOutcome } from '#web/lib/use-form-submit.ts';
import { Feedback } from './admin-ui.tsx';

/** A message after an action: its kind and its lines. */
export interface Notice {
  readonly kind: 'success' | 'error' | 'info';
  readonly lines: readonly string[];
  /** Nothing was saved because the record changed meanwhile: the notice offers to reload it. */
  readonly reload?: true;
}

/** What an action says when it ends: a text or lines (of its own default kind), a whole notice, or nothing. */
export type Said = string | readonly string[] | Notice | undefined | void;

/** `said` as a notice of `kind` (a text or lines), as it is (a notice), or none. */
export function noticeOf(said: Said, kind: Notice['kind']): Notice | undefined {
  if (said === undefined) return undefined;
  if (typeof said === 'string') return { kind, lines: [said] };
  if ('kind' in said) return said;
  return said.length > 0 ? { kind, lines: said } : undefined;
}

/** A form's outcome (`useFormSubmit`) as a panel's notice: its failure, or what `sent` says about its success. */
export function outcomeNotice<R>(outcome: FormOutcome<R>, sent?: (result: R) => Said): Notice | undefined {
  if (outcome.kind === 'failed') return { kind: 'error', lines: [outcome.message] };
  return outcome.kind === 'sent' && sent ? noticeOf(sent(outcome.result), 'success') : undefined;
}

/** How `run` runs: its key (which button says it is working), and whether the last notice stays meanwhile. */
export interface RunOptions<K extends string> {
  readonly key?: K;
  /** The last notice stays while this runs (e.g. the "reload" its button is part of). */
  readonly keepNotice?: boolean;
}

export interface Action<K extends string> {
  /** Which action runs: the key given to `run` (undefined: none runs). */
  readonly running: K | undefined;
  /** An action runs: the panel's buttons wait. */
  readonly busy: boolean;
  /** What the last action (or `show`) said, until the next one starts. */
  readonly notice: Notice | undefined;
  /**
   * Runs `work` (not while another action of the panel runs): the last notice goes, the panel is busy
   * until it ends, then shows what `work` answered (a success by default) or what `failed` says about
   * its failure (an error by default). Resolves whether `work` succeeded.
   */
  run(work: () => Promise<Said>, failed: (failure: unknown) => Said, options?: RunOptions<K>): Promise<boolean>;
  /** Shows a notice without running anything (a refusal before sending; an error by default); undefined clears it. */
  show(said: Said, kind?: Notice['kind']): void;
}

/**
 * The busy and notice state of one panel's actions; `initial`: a notice to show from the start (a
 * message the previous screen passed along).
 *
 * @example
 * const action = useAction();
 * <button disabled={action.busy} onClick={() => void action.run(() => api.deleteProduct(id).then(() => t.deleted), (failure) => failureMessage(t.failed, failure))}>
 * <ActionFeedback notice={action.notice} />
 */
export function useAction<K extends string = 'run'>(initial?: Notice): Action<K> {
  const [running, setRunning] = useState<K>();
  const [notice, setNotice] = useState(initial);
  // Read synchronously: a second click (or Enter) in the same moment does not start a second run.
  const runningRef = useRef(false);

  const run = useCallback(async (work: () => Promise<Said>, failed: (failure: unknown) => Said, options: RunOptions<K> = {}) => {
    if (runningRef.current) return false;
    runningRef.current = true;
    setRunning(options.key ?? ('run' as K));
    if (!options.keepNotice) setNotice(undefined);
    try {
      setNotice(noticeOf(await work(), 'success'));
      return true;
    } catch (failure) {
      setNotice(noticeOf(failed(failure), 'error'));
      return false;
    } finally {
      runningRef.current = false;
      setRunning(undefined);
    }
  }, []);
  const show = useCallback((said: Said, kind: Notice['kind'] = 'error') => setNotice(noticeOf(said, kind)), []);

  return { running, busy: running !== undefined, notice, run, show };
}

/**
 * The notice of an action, if any: one line as it is, several as paragraphs, then `children` (more
 * lines, a button that follows from it).
 */
export function ActionFeedback({ notice, children }: { readonly notice: Notice | undefined; readonly children?: ReactNode }) {
  if (!notice) return null;
  const single = notice.lines.length === 1 && !children;
  return (
    <Feedback kind={notice.kind}>
      {single ? notice.lines[0] : notice.lines.map((line) => <p key={line}>{line}</p>)}
      {children}
    </Feedback>
  );
}

/** A titled panel of a detail page (the title names the section for assistive technology). */
export function Panel(props: { readonly id: string; readonly title: ReactNode; readonly className?: string; readonly testId?: string; readonly children: ReactNode }) {
  const { id, title, className, testId, children } = props;
  return (
    <section className={className ? `adm-panel ${className}` : 'adm-panel'} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="adm-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
