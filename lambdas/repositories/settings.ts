/**
 * The settings table (`data-model.ts`): the record in force and its history, one item per save,
 * written together in one transaction conditioned on the version the owner saw. The record of the
 * payment provider's keys (when they were saved, their last characters: never the keys, which live in a
 * secret) is an attribute of its own on the record's item, `paymentKeys`: a save of the settings updates
 * the other attributes and never touches it, and saving the keys touches nothing else (no version).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_AUTOMATIC_PAYMENTS, type AutomaticPayments } from '#shared/automatic-payments.ts';
import { DEFAULT_INVOICING } from '#shared/invoices.ts';
import type { SettingChange, ShopSettings } from '#shared/settings.ts';
import { written } from './conditions.ts';
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

/** The payment keys' record as kept: when, and the secret key's last characters. */
export type PaymentKeysRecord = NonNullable<AutomaticPayments['keys']>;

/** The record in force (strongly consistent: a read right after a save sees it), the keys' record in `automaticPayments.keys`. */
export async function getStoredSettings(): Promise<StoredSettings> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName('settings'), Key: { pk: PK, sk: CURRENT }, ConsistentRead: true }),
  );
  if (!Item) return { settings: undefined, version: 0 };
  const settings = Item.settings as Partial<ShopSettings> | undefined;
  const keys = Item.paymentKeys as PaymentKeysRecord | undefined;
  // The invoicing key's record (docs/invoices.md) is kept beside the settings too, with the account it works for.
  const invoicingKey = Item.invoicingKey as InvoicingKeyRecord | undefined;
  const withKeys = keys
    ? { ...settings, automaticPayments: { ...DEFAULT_AUTOMATIC_PAYMENTS, ...settings?.automaticPayments, keys } }
    : settings;
  return {
    settings: invoicingKey
      ? {
          ...withKeys,
          invoicing: {
            ...DEFAULT_INVOICING,
            ...withKeys?.invoicing,
            account: invoicingKey.account,
            key: { savedAt: invoicingKey.savedAt, hint: invoicingKey.hint },
          },
        }
      : withKeys,
    // No version: the keys were saved before any settings (nothing saved them yet).
    version: Number(Item.version ?? 0),
    ...(Item.updatedAt ? { updatedAt: String(Item.updatedAt) } : {}),
    ...(Item.updatedBy ? { updatedBy: String(Item.updatedBy) } : {}),
  };
}

/**
 * The record's item set to `settings` as `version`, leaving `paymentKeys` as it is: the keys' record is
 * not the settings' and stays in its own attribute. A record that comes with one (the twin's first
 * record, whose keys it saved itself) gives it to the item only while the item has none.
 */
function recordUpdate(settings: ShopSettings, version: number, at: string, by: string) {
  const { keys, ...automaticPayments } = settings.automaticPayments;
  // The invoicing key's record and account are the key route's (`invoicingKey`); the twin's first record brings its own.
  const { key: invoicingKey, ...invoicing } = settings.invoicing;
  const firstKey = invoicingKey && invoicing.account ? { ...invoicingKey, account: invoicing.account } : undefined;
  return {
    TableName: tableName('settings'),
    Key: { pk: PK, sk: CURRENT },
    UpdateExpression:
      'SET #settings = :settings, #version = :version, updatedAt = :at, updatedBy = :by' +
      (keys ? ', paymentKeys = if_not_exists(paymentKeys, :keys)' : '') +
      (firstKey ? ', invoicingKey = if_not_exists(invoicingKey, :invoicingKey)' : ''),
    ExpressionAttributeNames: { '#settings': 'settings', '#version': 'version' },
    ExpressionAttributeValues: {
      ':settings': { ...settings, automaticPayments, invoicing },
      ':version': version,
      ':at': at,
      ':by': by,
      ...(keys ? { ':keys': { savedAt: keys.savedAt, hint: keys.hint } } : {}),
      ...(firstKey ? { ':invoicingKey': firstKey } : {}),
    },
  };
}

/**
 * Writes `settings` as version `expected + 1` with its history entry, only over version `expected`
 * (0: only while no record exists). False when the stored version is another: nothing written.
 */
export async function saveSettings(
  settings: ShopSettings,
  expected: number,
  entry: Omit<SettingsHistoryEntry, 'version'>,
): Promise<boolean> {
  const version = expected + 1;
  const record = recordUpdate(settings, version, entry.at, entry.by);
  const result = await writeTransaction(
    [
      {
        Update:
          expected === 0
            ? { ...record, ConditionExpression: 'attribute_not_exists(#version)' }
            : {
                ...record,
                ConditionExpression: '#version = :expected',
                ExpressionAttributeValues: { ...record.ExpressionAttributeValues, ':expected': expected },
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
  return Items.map((item) => ({
    at: String(item.at),
    by: String(item.by),
    version: Number(item.version),
    changes: item.changes as SettingChange[],
  }));
}

/**
 * The first record (what a deploy or the twin's first start seeds): written only while there is none,
 * so the owner's own settings are never overwritten. True when it was written now.
 */
export async function seedSettings(settings: ShopSettings, at: string, by: string): Promise<boolean> {
  return written(
    ddb().send(new UpdateCommand({ ...recordUpdate(settings, 1, at, by), ConditionExpression: 'attribute_not_exists(#version)' })),
  );
}

/**
 * Keeps the record of the payment keys just written to their secret (`paymentKeys` of the record's
 * item): the settings' other attributes and their version stay as they are.
 */
/** The invoicing API key's record: when it was saved, its last characters, and the account it works for. */
export interface InvoicingKeyRecord {
  readonly savedAt: string;
  readonly hint: string;
  readonly account: string;
}

/** Keeps the invoicing key's record beside the settings (never the key: that is in its secret). */
export async function saveInvoicingKeyRecord(record: InvoicingKeyRecord): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('settings'),
      Key: { pk: PK, sk: CURRENT },
      UpdateExpression: 'SET invoicingKey = :record',
      ExpressionAttributeValues: { ':record': { savedAt: record.savedAt, hint: record.hint, account: record.account } },
    }),
  );
}

export async function savePaymentKeysRecord(keys: PaymentKeysRecord): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName('settings'),
      Key: { pk: PK, sk: CURRENT },
      UpdateExpression: 'SET paymentKeys = :keys',
      ExpressionAttributeValues: { ':keys': { savedAt: keys.savedAt, hint: keys.hint } },
    }),
  );
}
