/**
 * Creating a collection.
 */
import type * as z from 'zod';
import { messages } from '../messages.ts';
import { formObject, requiredText, TEXT_LIMITS } from './fields.ts';

/**
 * A collection's name, trimmed, 1-60 characters.
 *
 * @example
 * collectionInputSchema.parse({ name: ' New Beginnings ' }); // { name: 'New Beginnings' }
 */
export const collectionInputSchema = formObject({
  name: requiredText(messages.validation.collectionName, TEXT_LIMITS.collectionName),
});

/** A valid collection input. @example const c: CollectionInput = collectionInputSchema.parse(body); */
export type CollectionInput = z.infer<typeof collectionInputSchema>;
