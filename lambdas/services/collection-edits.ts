/** The back-office's edits of collections: create, rename (with every piece in it), delete an empty one. */
import { randomUUID } from 'node:crypto';
import { apiTexts } from '#shared/messages/index.ts';
import type { Collection } from '#shared/product.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { deleteCollectionItem, getCollection, insertCollection, renameCollectionItems } from '../repositories/collections.ts';
import { listAdminProducts, moveProductCollectionItem } from '../repositories/products.ts';
import { writeTransaction } from '../repositories/transactions.ts';

/**
 * The id of a collection: its name in lower case, accents removed, words joined by dashes.
 *
 * @example collectionSlug('New Beginnings') // 'new-beginnings'
 */
export function collectionSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export async function createCollection(name: string, now = new Date()): Promise<Collection> {
  const id = collectionSlug(name);
  if (!id) throw new InvalidInput(apiTexts.invalidInput, { name: apiTexts.invalidInput });
  const created = await insertCollection({ id, name }, now);
  if (!created) throw new Conflict(apiTexts.collectionExists, 'collection_exists', { name: apiTexts.collectionExists });
  return created;
}

/** Products one rename can move in its transaction (DynamoDB takes 100 items; two are the collection's). */
export const MAX_RENAMED_PRODUCTS = 98;

async function collectionOrThrow(id: string | undefined) {
  const collection = id ? await getCollection(id) : undefined;
  if (!collection) throw new NotFound(apiTexts.collectionNotFound, 'collection_not_found');
  return collection;
}

/**
 * Renames a collection and, in the same transaction, every piece in it (drafts and archived ones too):
 * either all of it happens or none. A name taken by another collection is refused.
 */
export async function renameCollection(id: string | undefined, name: string, now = new Date()): Promise<Collection> {
  const from = await collectionOrThrow(id);
  const to = { id: collectionSlug(name), name };
  if (!to.id) throw new InvalidInput(apiTexts.invalidInput, { name: apiTexts.invalidInput });
  if (to.id !== from.id && (await getCollection(to.id)))
    throw new Conflict(apiTexts.collectionExists, 'collection_exists', { name: apiTexts.collectionExists });
  if (to.name === from.name) return from;
  const pieces = (await listAdminProducts()).filter((product) => product.collection === from.name);
  if (pieces.length > MAX_RENAMED_PRODUCTS) throw new Conflict(apiTexts.collectionTooBig(MAX_RENAMED_PRODUCTS), 'collection_too_big');
  const result = await writeTransaction(
    [...renameCollectionItems(from, to, now), ...pieces.map((p) => moveProductCollectionItem(p.id, from.name, to.name))],
    randomUUID(),
  );
  if (!result.written) throw new Conflict(apiTexts.collectionChanged, 'collection_changed');
  return to;
}

/** Deletes a collection no piece is in (drafts and archived ones count): otherwise 409 saying how many. */
export async function deleteCollection(id: string | undefined): Promise<void> {
  const collection = await collectionOrThrow(id);
  const pieces = (await listAdminProducts()).filter((product) => product.collection === collection.name);
  if (pieces.length > 0) throw new Conflict(apiTexts.collectionNotEmpty(pieces.length), 'collection_not_empty');
  const result = await writeTransaction([deleteCollectionItem(collection.id)], randomUUID());
  if (!result.written) throw new NotFound(apiTexts.collectionNotFound, 'collection_not_found');
}
