/**
 * The settings table (`data-model.ts`): the record in force and its history, one item per save,
 * written together in one transaction conditioned on the version the owner saw.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingChange, ShopSettings } from '#shared/settings.ts';
import { ddb, tableName } from './dynamodb-client.ts';
import { writeTransaction } from './transactions.ts';

const PK = 'settings';
const CURRENT = 'current';
const HISTORY = 'history#';

/** The record as stored: the settings, their version (0 = never saved) and who saved them last. */
export interface StoredSettings {
  readonly settings: Partial<ShopSettings> | undefined;
  readonly version: number;
  readonly updatedAt?: string;
  readonly updatedBy?: string;
}

/** One save, as the history keeps it. */
export interface SettingsHistoryEntry {
  readonly at: string;
  readonly by: string;
  readonly version: number;
  readonly changes: readonly SettingChange[];
}

/** The record in force (strongly consistent: a read right after a save sees it). */
export async function getStoredSettings(): Promise<StoredSettings> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName('settings'), Key: { pk: PK, sk: CURRENT }, ConsistentRead: true }));
  if (!Item) return { settings: undefined, version: 0 };
  return {
    settings: Item.settings as Partial<ShopSettings>,
    version: Number(Item.version),
    ...(Item.updatedAt ? { updatedAt: String(Item.updatedAt) } : {}),
    ...(Item.updatedBy ? { updatedBy: String(Item.updatedBy) } : {}),
  };
}

/**
 * Writes `settings` as version `expected + 1` with its history entry, only over version `expected`
 * (0: only while no record exists). False when the stored version is another: nothing written.
 */
export async function saveSettings(settings: ShopSettings, expected: number, entry: Omit<SettingsHistoryEntry, 'version'>): Promise<boolean> {
  const version = expected + 1;
  const result = await writeTransaction(
    [
      {
        Put: {
          TableName: tableName('settings'),
          Item: { pk: PK, sk: CURRENT, settings, version, updatedAt: entry.at, updatedBy: entry.by },
          ...(expected === 0
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expected } }),
        },
      },
      {
        Put: {
          TableName: tableName('settings'),
          Item: { pk: PK, sk: `${HISTORY}${entry.at}#${randomUUID().slice(0, 8)}`, ...entry, version },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    randomUUID(),
  );
  return result.written;
}

/** The latest saves, newest first. */
export async function settingsHistory(limit: number): Promise<SettingsHistoryEntry[]> {
  const { Items = [] } = await ddb().send(
    new QueryCommand({
      TableName: tableName('settings'),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :history)',
      ExpressionAttributeValues: { ':pk': PK, ':history': HISTORY },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => ({ at: String(item.at), by: String(item.by), version: Number(item.version), changes: item.changes as SettingChange[] }));
}

/**
 * The first record (what a deploy or the twin's first start seeds): written only while there is none,
 * so the owner's own settings are never overwritten. True when it was written now.
 */
export async function seedSettings(settings: ShopSettings, at: string, by: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName('settings'),
        Item: { pk: PK, sk: CURRENT, settings, version: 1, updatedAt: at, updatedBy: by },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
