/** Items as DynamoDB holds them: their keys, how the operator reads them, what differs between two of them. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { TableDef, TableKey } from '#lambdas/contracts/data-model.ts';

export type Item = Record<string, AttributeValue>;

function canonical(value: AttributeValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.M)
    return Object.fromEntries(
      Object.keys(value.M)
        .sort()
        .map((k) => [k, canonical(value.M![k])]),
    );
  if (value.L) return { L: value.L.map(canonical) };
  if (value.SS) return { SS: [...value.SS].sort() };
  if (value.NS) return { NS: value.NS.map(Number).sort((a, b) => a - b) };
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')).sort() };
  if (value.N !== undefined) return { N: Number(value.N) };
  return value;
}

/** The names of the top-level attributes that differ between two items. */
export function changedAttributes(a: Item, b: Item): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((name) => JSON.stringify(canonical(a[name])) !== JSON.stringify(canonical(b[name])))
    .sort();
}

function keyNames(def: TableDef): string[] {
  return [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
}

/** The item's primary key, as DynamoDB takes it. */
export function keyOf(def: TableDef, item: Item): Item {
  return Object.fromEntries(keyNames(def).map((name) => [name, item[name]!]));
}

/** A string or number attribute as text (`''` for anything else). */
export const scalar = (value: AttributeValue | undefined): string => value?.S ?? value?.N ?? '';

/** The key as the operator reads it ("123456", "settings / current"). */
export function keyTextOf(def: TableDef, item: Item): string {
  return keyNames(def)
    .map((name) => scalar(item[name]))
    .join(' / ');
}

/** The partition key's value for a `--keys` value. */
export const keyValue = (def: TableDef, text: string): AttributeValue => (def.partitionKey.type === 'N' ? { N: text } : { S: text });

/** A few words on what the item is (a name, a code, a status). */
export function labelOf(item: Item): string {
  const s = (name: string) => item[name]?.S;
  const person = [s('firstName'), s('lastName')].filter(Boolean).join(' ');
  const parts = [
    s('name') ?? (person || undefined) ?? s('productName'),
    s('code') && `código ${s('code')}`,
    s('subject') && `«${s('subject')}»`,
    s('status') && `estado ${s('status')}`,
  ];
  const text = parts.filter(Boolean).join(', ');
  return text.length > 90 ? `${text.slice(0, 87)}...` : text;
}

/**
 * What is written over a live item: the copy, but a product keeps its live stock (stock only moves by
 * movements), so also its live sizes and each size's stock (a copy's sizes could bring back units since
 * sold, or drop a size that holds some), and a numeric `version` continues from the live one (+1).
 */
export function itemForOverwrite(table: TableKey, restored: Item, live: Item): Item {
  const item: Item = { ...restored };
  if (live.version?.N !== undefined) item.version = { N: String(Number(live.version.N) + 1) };
  if (table === 'products') {
    for (const name of ['stock', 'variants', 'variantStock'] as const) {
      if (live[name] !== undefined) item[name] = live[name];
      else delete item[name];
    }
  }
  return item;
}
