/**
 * The one way the app sends what the customer or the owner asked for, and says how it went:
 * `useFormSubmit` for a form (check in the browser with the server's schema, focus the first field in
 * error, send, put the server's Portuguese refusal beside its field), `useAction` for a button that
 * does something (a panel's action, a cancel). Both keep the button's state: busy while it runs, and a
 * second click or Enter in the same moment sends nothing.
 */
import { useCallback, useRef, useState, type Dispatch, type FormEvent, type RefObject, type SetStateAction } from 'react';
import type * as z from 'zod';
import { apiTexts } from '#shared/messages/index.ts';
import { errorMessage } from './api.ts';
import { checkForm, serverFieldErrors, type FieldMessages } from './form.ts';

/** Where a form's sending stands. `failed` without `error`: the browser's check refused it (see `invalidAlert`). */
export type FormOutcome<R = unknown> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent'; readonly result: R }
  | { readonly kind: 'failed'; readonly message: string; readonly error?: unknown };

export interface FormSubmitOptions<S extends z.ZodType, R> {
  /** The schema the server checks too (`shared/schemas`): its pt-PT messages become the field messages. */
  readonly schema: S;
  /** The form's field names in the order they are shown: the first one with a message gets the focus. */
  readonly fieldOrder: readonly string[];
  /** What the schema checks: the form's state. */
  readonly values?: unknown;
  /** Instead of `values`: what the schema checks, read from the form element itself (uncontrolled fields). */
  readonly readValues?: (form: HTMLFormElement) => unknown;
  /** Checks the schema cannot make (e.g. a choice no longer offered): more field messages, merged with the schema's. */
  readonly check?: (values: unknown) => FieldMessages;
  /** Sends the parsed data; its answer becomes the `sent` outcome's `result`. */
  readonly send: (data: z.infer<S>) => Promise<R>;
  /** After a `sent` outcome, e.g. clear the form or go on. */
  readonly onSent?: (result: R, data: z.infer<S>) => void;
  /** After a failed send (the outcome is already set), e.g. reload what changed meanwhile. */
  readonly onFailed?: (error: unknown) => void;
  /**
   * The text of a failed send that names no field: `errorMessage(error, failedMessage)` (the server's
   * own message for a refusal, this for network trouble and generic 5xx), or a function of the error.
   */
  readonly failedMessage?: string | ((error: unknown) => string);
  /** The field messages in a refusal (default `serverFieldErrors`: a 400's `fields`); null when none. */
  readonly serverFields?: (error: unknown) => FieldMessages | null;
  /**
   * The alert when the server refused fields (default `apiTexts.invalidInput`), given the refusal too;
   * undefined: none, the outcome goes back to idle.
   */
  readonly refusedFieldsAlert?: (fields: FieldMessages, error: unknown) => string | undefined;
  /** The alert when the browser's check finds field messages (default none: the fields say it, the outcome goes back to idle). */
  readonly invalidAlert?: (errors: FieldMessages) => string | undefined;
}

export interface FormSubmit<R> {
  /** For the `<form>` element (`ref={formRef}`): the focus goes to its fields, `readValues` reads it. */
  readonly formRef: RefObject<HTMLFormElement | null>;
  /** For `<form onSubmit>`. */
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** A message per field name, from the browser's check or the server's refusal; empty while sending. */
  readonly errors: FieldMessages;
  /** E.g. to drop a field's message once it is edited. */
  readonly setErrors: Dispatch<SetStateAction<FieldMessages>>;
  readonly outcome: FormOutcome<R>;
  /** The outcome is `sending` (disable the submit button). */
  readonly sending: boolean;
  /** Back to `idle` with no field messages, e.g. once another file is chosen after a refusal (not while sending). */
  readonly reset: () => void;
}

function alertOrIdle<R>(message: string | undefined, error?: unknown): FormOutcome<R> {
  if (message === undefined) return { kind: 'idle' };
  return error === undefined ? { kind: 'failed', message } : { kind: 'failed', message, error };
}

/** The first field of `fieldOrder` that has a message, if any. */
export function firstInvalidField(fieldOrder: readonly string[], errors: FieldMessages): string | undefined {
  return fieldOrder.find((name) => errors[name]);
}

type CheckOptions<S extends z.ZodType> = Pick<FormSubmitOptions<S, unknown>, 'schema' | 'check' | 'invalidAlert'>;

/**
 * The browser's verdict on the values (what `onSubmit` does before sending): the parsed data, or the
 * schema's and `check`'s field messages (`check`'s win for the same field) and the outcome they come to.
 */
export function checkSubmission<S extends z.ZodType>(
  { schema, check, invalidAlert }: CheckOptions<S>,
  values: unknown,
):
  | { readonly ok: true; readonly data: z.infer<S> }
  | { readonly ok: false; readonly errors: FieldMessages; readonly outcome: FormOutcome<never> } {
  const checked = checkForm(schema, values);
  const errors = { ...(checked.ok ? {} : checked.errors), ...check?.(values) };
  if (checked.ok && Object.keys(errors).length === 0) return { ok: true, data: checked.data };
  return { ok: false, errors, outcome: alertOrIdle(invalidAlert?.(errors)) };
}

type FailureOptions = Pick<FormSubmitOptions<z.ZodType, unknown>, 'serverFields' | 'refusedFieldsAlert' | 'failedMessage'>;

/** What a failed send comes to (what `onSubmit` does with it): the field messages it names (null: none) and the outcome. */
export function failedSubmission(
  { serverFields = serverFieldErrors, refusedFieldsAlert, failedMessage }: FailureOptions,
  error: unknown,
): { readonly fields: FieldMessages | null; readonly outcome: FormOutcome<never> } {
  const fields = serverFields(error);
  if (fields)
    return { fields, outcome: alertOrIdle(refusedFieldsAlert ? refusedFieldsAlert(fields, error) : apiTexts.invalidInput, error) };
  const message = typeof failedMessage === 'function' ? failedMessage(error) : errorMessage(error, failedMessage);
  return { fields: null, outcome: { kind: 'failed', message, error } };
}

/**
 * A form's submit: `onSubmit` checks the values with the schema (`checkForm`, plus `check`); with field
 * messages it sets `errors`, focuses the first invalid field in `fieldOrder` and sends nothing. Else it
 * clears `errors`, goes `sending`, calls `send` and ends `sent` (then `onSent`) or `failed`: a refusal
 * naming fields (`serverFields`) sets them and focuses the first, with `apiTexts.invalidInput` as the
 * alert; any other failure says `errorMessage(error, failedMessage)`.
 *
 * @example
 * const { formRef, onSubmit, errors, outcome, sending } = useFormSubmit({
 *   schema: contactMessageSchema, fieldOrder: ['name', 'email'], values, send: (data) => api.sendContactMessage(data), failedMessage:
 *   contactTexts.failed,
 * });
 * // <form ref={formRef} onSubmit={onSubmit} noValidate> … <TextField name="email" error={errors.email} /> …
 */
export function useFormSubmit<S extends z.ZodType, R>(options: FormSubmitOptions<S, R>): FormSubmit<R> {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [outcome, setOutcome] = useState<FormOutcome<R>>({ kind: 'idle' });
  // Read synchronously, as `useAction` does: a second Enter or click while it sends sends nothing.
  const sendingRef = useRef(false);

  const focusFirst = (fields: FieldMessages) => {
    const first = firstInvalidField(options.fieldOrder, fields);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const checked = checkSubmission(options, options.readValues ? options.readValues(event.currentTarget) : options.values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setOutcome(checked.outcome);
      focusFirst(checked.errors);
      return;
    }
    setErrors({});
    setOutcome({ kind: 'sending' });
    sendingRef.current = true;
    try {
      const result = await options.send(checked.data);
      sendingRef.current = false;
      setOutcome({ kind: 'sent', result });
      options.onSent?.(result, checked.data);
    } catch (error) {
      sendingRef.current = false;
      const failed = failedSubmission(options, error);
      if (failed.fields) {
        setErrors(failed.fields);
        focusFirst(failed.fields);
      }
      setOutcome(failed.outcome);
      options.onFailed?.(error);
    }
  };

  const reset = useCallback(() => {
    if (sendingRef.current) return;
    setErrors({});
    setOutcome({ kind: 'idle' });
  }, []);

  return { formRef, onSubmit, errors, setErrors, outcome, sending: outcome.kind === 'sending', reset };
}

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
 * <button disabled={action.busy} onClick={() => void action.run(() => api.deleteProduct(id).then(() => t.deleted), (failure) =>
 * failureMessage(t.failed, failure))}> <ActionFeedback notice={action.notice} />
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
