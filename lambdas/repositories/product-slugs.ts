/**
 * Products' slugs in DynamoDB (docs/readable-addresses.md). A slug is held by a claim item in the
 * products table, `{ id: 'slug#<slug>', slugOf: <product id> }`: its key is the slug, so a slug can be
 * claimed once (a conditional put), and a claim is never the key of a product (a product id has no `#`),
 * never in the listing index (no `listing`), never in `byCode` (no `code`). A product keeps the claims
 * of its former slugs: those addresses answer 301 to its current one. The product item itself carries
 * `slug` and `formerSlugs`.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { written } from './conditions.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { allOfListing } from './paging.ts';
import { formerSlugsOf, PRODUCT_LISTING } from './product-items.ts';
import type { TransactionWrite } from './transactions.ts';

const CLAIM_PREFIX = 'slug#';

/** The key of the claim of `slug`. */
export function slugClaimId(slug: string): string {
  return `${CLAIM_PREFIX}${slug}`;
}

/** The slug a key of the products table claims, or undefined when the key is a product's. */
export function slugOfClaimId(id: string): string | undefined {
  return id.startsWith(CLAIM_PREFIX) ? id.slice(CLAIM_PREFIX.length) : undefined;
}

/** The product that holds (or held) `slug`, or undefined when no product ever did. */
export async function slugHolder(slug: string, consistent = false): Promise<string | undefined> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName('products'), Key: { id: slugClaimId(slug) }, ConsistentRead: consistent }),
  );
  return typeof Item?.slugOf === 'string' ? Item.slugOf : undefined;
}

/** The transaction write that claims `slug` for a new product: refused when any product holds it. */
export function newSlugClaim(slug: string, productId: string): TransactionWrite {
  return {
    Put: {
      TableName: tableName('products'),
      Item: { id: slugClaimId(slug), slugOf: productId },
      ConditionExpression: 'attribute_not_exists(id)',
    },
  };
}

/** The transaction write that gives a claim of `productId` up (a deleted product: its slugs are free again). */
export function slugClaimRemoval(slug: string, productId: string): TransactionWrite {
  return {
    Delete: {
      TableName: tableName('products'),
      Key: { id: slugClaimId(slug) },
      ConditionExpression: 'attribute_not_exists(id) OR slugOf = :product',
      ExpressionAttributeValues: { ':product': productId },
    },
  };
}

/** Claims `slug` for `productId` outside a transaction: true when it is now (or already was) that product's. */
export async function claimSlug(slug: string, productId: string): Promise<boolean> {
  return written(
    ddb().send(
      new PutCommand({
        TableName: tableName('products'),
        Item: { id: slugClaimId(slug), slugOf: productId },
        ConditionExpression: 'attribute_not_exists(id) OR slugOf = :product',
        ExpressionAttributeValues: { ':product': productId },
      }),
    ),
  );
}

/**
 * Gives a product stored before slugs its first slug (the migration), only while it still has none;
 * its version is left alone, so no open form breaks. True when written.
 */
export async function setFirstSlug(productId: string, slug: string): Promise<boolean> {
  return written(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('products'),
        Key: { id: productId },
        UpdateExpression: 'SET slug = :slug, formerSlugs = :former',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(slug)',
        // Its id was its address until now: the id keeps answering, with a 301, like any former slug.
        ExpressionAttributeValues: { ':slug': slug, ':former': [] },
      }),
    ),
  );
}

/** Id and name of every product stored before slugs (no `slug` attribute): what the migration gives one. */
export async function productsWithoutSlug(): Promise<{ id: string; name: string }[]> {
  return (await allOfListing('products', PRODUCT_LISTING, 'newest-first'))
    .filter((item) => typeof item.slug !== 'string' || item.slug === '')
    .map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}

/**
 * The product addresses (last segments of `/product/<x>`) a products stream record may change: a slug
 * claim's slug (claimed, or given up with its deleted piece); a product's id, its slug and its former
 * ones (from its `NewImage`, DynamoDB JSON; a deleted piece has none: its claims' records say its slugs).
 */
export function addressesOfStreamRecord(id: string, newImage: Record<string, unknown> | undefined): string[] {
  const claimed = slugOfClaimId(id);
  if (claimed !== undefined) return [claimed];
  const item = newImage ? unmarshall(newImage as Record<string, AttributeValue>) : undefined;
  return [...new Set([id, ...(typeof item?.slug === 'string' ? [item.slug] : []), ...formerSlugsOf(item)])];
}
