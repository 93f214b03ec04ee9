/** Collections in DynamoDB: `id` is the slug of the name, so a name can exist only once. */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Collection } from '#shared/product.ts';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing } from './paging.ts';

export const COLLECTION_LISTING = 'collection';

/** All collections, by name. */
export async function listCollections(): Promise<Collection[]> {
  const items = await allOfListing('collections', COLLECTION_LISTING);
  return items.map((item) => ({ id: String(item.id), name: String(item.name) }));
}

/**
 * Stores a new collection. Returns `undefined` when one with the same slug exists (the database
 * decides, with a conditional put).
 */
export async function insertCollection(collection: Collection, now: Date): Promise<Collection | undefined> {
  const inserted = await written(
    ddb().send(
      new PutCommand({
        TableName: tableName('collections'),
        Item: { ...collection, listing: COLLECTION_LISTING, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    ),
  );
  return inserted ? collection : undefined;
}

/** One collection by id, read strongly consistent. */
export async function getCollection(id: string): Promise<(Collection & { readonly createdAt?: string }) | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('collections'), Key: { id }, ConsistentRead: true }));
  return Item
    ? { id: String(Item.id), name: String(Item.name), ...(Item.createdAt ? { createdAt: String(Item.createdAt) } : {}) }
    : undefined;
}

/**
 * The transaction items that rename a collection: the old item goes and the new one (id from the new
 * name) comes, or, when the slug is the same (only case or accents changed), the item is updated in place.
 */
export function renameCollectionItems(from: Collection & { readonly createdAt?: string }, to: Collection, now: Date) {
  if (from.id === to.id) {
    return [
      {
        Update: {
          TableName: tableName('collections'),
          Key: { id: from.id },
          UpdateExpression: 'SET #name = :name',
          ConditionExpression: 'attribute_exists(id) AND #name = :old',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': to.name, ':old': from.name },
        },
      },
    ];
  }
  return [
    { Delete: { TableName: tableName('collections'), Key: { id: from.id }, ConditionExpression: 'attribute_exists(id)' } },
    {
      Put: {
        TableName: tableName('collections'),
        Item: { ...to, listing: COLLECTION_LISTING, createdAt: from.createdAt ?? now.toISOString() },
        ConditionExpression: 'attribute_not_exists(id)',
      },
    },
  ];
}

/** The transaction item that deletes a collection (only if it is still there). */
export function deleteCollectionItem(id: string) {
  return { Delete: { TableName: tableName('collections'), Key: { id }, ConditionExpression: 'attribute_exists(id)' } };
}
