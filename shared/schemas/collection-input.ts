/**
 * Creating a collection.
 */
import type * as z from 'zod';
import { validationTexts } from '../messages/index.ts';
import { formObject, requiredText, TEXT_LIMITS } from './fields.ts';

/** A collection's name, trimmed, 1-60 characters. */
export const collectionInputSchema = formObject({
  name: requiredText(validationTexts.collectionName, TEXT_LIMITS.collectionName),
});

/** A valid collection input. */
export type CollectionInput = z.infer<typeof collectionInputSchema>;
