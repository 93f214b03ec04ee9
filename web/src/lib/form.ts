/**
 * Form checks in the browser with the same zod schemas (and pt-PT messages) the server uses.
 */
import type * as z from 'zod';
import { fieldErrors } from '#shared/schemas/field-errors.ts';
import { ApiError } from './api.ts';

/** A message per field name (dotted paths for nested fields, `_form` for the whole form). */
export type FieldMessages = Readonly<Record<string, string>>;

export type Checked<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: FieldMessages };

/** The schema's verdict on the form values: the parsed data, or a message per field. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): Checked<z.infer<S>> {
  const result = schema.safeParse(values);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** The field messages of a request the server refused as invalid (400 with `fields`), else null. */
export function serverFieldErrors(error: unknown): FieldMessages | null {
  return error instanceof ApiError && error.status === 400 && error.fields ? error.fields : null;
}
