/**
 * A counter many transactions add to at once, kept in several items (shards): each change adds to one
 * shard chosen at random, a read sums them all. In DynamoDB a transaction is cancelled when another one
 * under way names the same item (`TransactionConflict`), so one item every order adds to lets only one
 * order through at a time; spread over `shards` items, that many go through side by side. The sum stays
 * exact (every change is an atomic ADD in its own transaction); a single shard may go below 0 (a
 * change that takes away lands on any shard), never the sum. The first shard is the counter's own
 * key, so a counter written before shards (or set by the recount) reads as it was.
 */
import { randomInt } from 'node:crypto';

const SEPARATOR = '~';

/** The keys of the shards of `key`: `key` itself, then `key~1` … `key~(shards-1)`. */
export const shardKeys = (key: string, shards: number): string[] => [
  key,
  ...Array.from({ length: shards - 1 }, (_, i) => `${key}${SEPARATOR}${i + 1}`),
];

/** One shard of `key`, chosen at random: where the next change goes. */
export const randomShardKey = (key: string, shards: number): string => {
  const shard = randomInt(shards);
  return shard === 0 ? key : `${key}${SEPARATOR}${shard}`;
};

/** The counter a shard's key belongs to (`revenue#2026-11~3` → `revenue#2026-11`). */
export const shardedKeyOf = (shardKey: string): string => shardKey.replace(/~\d+$/, '');
