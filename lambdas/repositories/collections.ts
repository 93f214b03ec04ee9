/** Collections in DynamoDB: `id` is the slug of the name, so a name can exist only once. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Collection } from '../../shared/product.ts';
import { ddb, tableName } from './clients.ts';
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
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName('collections'),
        Item: { ...collection, listing: COLLECTION_LISTING, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
    return collection;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
