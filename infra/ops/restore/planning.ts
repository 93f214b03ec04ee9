/**
 * Step 2, the comparison: what the restored copy holds that the live table lacks or holds differently,
 * and so what a copy would write. Reads only.
 */
import {
  BatchGetItemCommand,
  QueryCommand,
  ScanCommand,
  type AttributeValue,
  type BatchGetItemCommandOutput,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { changedAttributes, itemForOverwrite, keyOf, keyTextOf, keyValue, labelOf, type Item } from './items.ts';
import type { Selection } from './options.ts';

export interface PlannedItem {
  /** The item's primary key, as DynamoDB takes it. */
  readonly key: Item;
  /** The key as the operator reads it ("123456", "settings / current"). */
  readonly keyText: string;
  /** A few words on what the item is (a name, a code, a status). */
  readonly label: string;
  /** `missing`: in the copy, not in the live table; `different`/`same`: in both; `absent`: a `--keys` value not in the copy. */
  readonly state: 'missing' | 'different' | 'same' | 'absent';
  readonly restored?: Item;
  readonly live?: Item;
  /** Attributes that differ between the copy and the live item. */
  readonly changed: readonly string[];
  /**
   * What an overwrite would bring back: the changed attributes but the stock a product keeps, its version
   * and its `updatedAt` (empty: only those differ, nothing to put back).
   */
  readonly restores: readonly string[];
}

export interface CopyPlan {
  readonly table: TableKey;
  readonly liveTable: string;
  readonly restoredTable: string;
  readonly selection?: Selection;
  readonly overwrite: boolean;
  readonly items: readonly PlannedItem[];
}

/** What {@link planCopy} compares. */
export interface PlanInput {
  readonly table: TableKey;
  readonly liveTable: string;
  readonly restoredTable: string;
  readonly selection?: Selection;
  readonly overwrite: boolean;
}

/** Whether the plan copies this item (`missing` always when selected; `different` only with --overwrite). */
export function isCopied(plan: Pick<CopyPlan, 'selection' | 'overwrite'>, item: PlannedItem): boolean {
  if (!plan.selection) return false;
  if (item.state === 'missing') return true;
  return item.state === 'different' && item.restores.length > 0 && plan.overwrite && plan.selection.kind !== 'all-missing';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scanAll(client: DynamoDBClient, table: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

async function queryPartition(client: DynamoDBClient, table: string, def: TableDef, value: AttributeValue): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': def.partitionKey.name },
        ExpressionAttributeValues: { ':pk': value },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Reads items by key, 100 at a time, retrying what DynamoDB leaves unprocessed. */
async function batchGet(
  client: DynamoDBClient,
  table: string,
  def: TableDef,
  keys: readonly Item[],
  consistent: boolean,
): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Item[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(2000, 50 * 2 ** attempt));
      const answer: BatchGetItemCommandOutput = await client.send(
        new BatchGetItemCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: consistent } } }),
      );
      for (const item of answer.Responses?.[table] ?? []) found.set(keyTextOf(def, item), item);
      pending = answer.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return found;
}

const absentItem = (def: TableDef, key: string): PlannedItem => ({
  key: { [def.partitionKey.name]: keyValue(def, key) },
  keyText: key,
  label: '',
  state: 'absent',
  changed: [],
  restores: [],
});

/** The copy's items of `--keys` (every item of each key's partition when the table has a sort key), and the keys it lacks. */
async function restoredByKeys(
  client: DynamoDBClient,
  restoredTable: string,
  def: TableDef,
  keys: readonly string[],
): Promise<{ restored: Item[]; absent: PlannedItem[] }> {
  const restored: Item[] = [];
  const absent: PlannedItem[] = [];
  if (def.sortKey) {
    for (const key of keys) {
      const items = await queryPartition(client, restoredTable, def, keyValue(def, key));
      if (items.length === 0) absent.push(absentItem(def, key));
      restored.push(...items);
    }
  } else {
    const found = await batchGet(
      client,
      restoredTable,
      def,
      keys.map((key) => ({ [def.partitionKey.name]: keyValue(def, key) })),
      false,
    );
    for (const key of keys) {
      const item = found.get(key);
      if (item) restored.push(item);
      else absent.push(absentItem(def, key));
    }
  }
  return { restored, absent };
}

/** One item of the copy against its live version (`undefined`: not in the live table). */
function plannedItem(table: TableKey, def: TableDef, item: Item, current: Item | undefined): PlannedItem {
  const changed = current ? changedAttributes(item, current) : [];
  const restores = current
    ? changedAttributes(itemForOverwrite(table, item, current), current).filter((name) => name !== 'version' && name !== 'updatedAt')
    : [];
  return {
    key: keyOf(def, item),
    keyText: keyTextOf(def, item),
    label: labelOf(item),
    state: !current ? 'missing' : changed.length > 0 ? 'different' : 'same',
    restored: item,
    ...(current ? { live: current } : {}),
    changed,
    restores,
  };
}

/**
 * Compares the copy with the live table: every item of the copy (no selection, `--all-missing`,
 * `--all`) or those of `--keys`. Reads only.
 */
export async function planCopy(client: DynamoDBClient, input: PlanInput): Promise<CopyPlan> {
  const def: TableDef = tables[input.table];
  const { restored, absent } =
    input.selection?.kind === 'keys'
      ? await restoredByKeys(client, input.restoredTable, def, input.selection.keys)
      : { restored: await scanAll(client, input.restoredTable), absent: [] };
  const live = await batchGet(
    client,
    input.liveTable,
    def,
    restored.map((item) => keyOf(def, item)),
    true,
  );
  const items = restored.map((item) => plannedItem(input.table, def, item, live.get(keyTextOf(def, item))));
  items.sort((a, b) => a.keyText.localeCompare(b.keyText));
  return {
    table: input.table,
    liveTable: input.liveTable,
    restoredTable: input.restoredTable,
    ...(input.selection ? { selection: input.selection } : {}),
    overwrite: input.overwrite,
    items: [...items, ...absent],
  };
}
