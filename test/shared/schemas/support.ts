import type { z } from 'zod';
import { expect } from 'vitest';
import { fieldErrors } from '#shared/schemas/index.ts';

/** The field errors of an input the schema must refuse. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return result.success ? {} : fieldErrors(result.error);
}

/** The output of an input the schema must accept. */
export function accepted<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  expect(result.success ? [] : fieldErrors(result.error)).toEqual([]);
  return result.data as z.output<T>;
}

/** Asserts the one message a schema gives for `field` when `input` has `value` there. */
export function expectFieldMessage(
  schema: z.ZodType,
  valid: Record<string, unknown>,
  field: string,
  value: unknown,
  message: string,
): void {
  const input = { ...valid, [field]: value };
  if (value === undefined) delete input[field];
  expect(errorsOf(schema, input)).toEqual({ [field]: message });
}

/** A shipping form every schema test can start from. */
export const validShippingForm = {
  email: 'ana.silva@exemplo.pt',
  firstName: 'Ana',
  lastName: 'Silva',
  country: 'Portugal',
  address: 'Rua Augusta 100, 2º Esq.',
  city: 'Lisboa',
  postalCode: '1100-048',
  phone: '912345678',
  shippingMethod: 'ctt',
  paymentMethod: 'mbway',
  acceptTerms: true,
};
