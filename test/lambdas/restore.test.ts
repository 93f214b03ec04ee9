/**
 * The copy step of `npm run restore` against the twin's real DynamoDB Local. DynamoDB
 * Local cannot restore (no RestoreTableToPointInTime: UnknownOperationException), so the test makes the
 * "restored" copy itself: tables of its own, with the keys and indexes of the data model, one playing
 * the live table and one the copy restored from it. The twin's own tables are never touched.
 *
 * What must hold: a dry run writes nothing; missing items are copied; an item of the live table is
 * never replaced without --overwrite; with it, a product keeps its live stock and its version moves on;
 * nothing is written over an item that changed (or appeared) after the comparison.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/twin/bootstrap.ts';
import { OperatorError } from '#infra/ops/create-admin.ts';
import { applyCopy } from '#infra/ops/restore/applying.ts';
import { parseRestoreArgs } from '#infra/ops/restore/arguments.ts';
import { runRestore } from '#infra/ops/restore/command.ts';
import type { RestoreOptions } from '#infra/ops/restore/options.ts';
import { planCopy } from '#infra/ops/restore/planning.ts';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { twin } from '../support/twin.ts';

type Item = Record<string, AttributeValue>;

let client: DynamoDBClient;
const run = randomUUID().slice(0, 8);
const live = (key: TableKey) => `restore-test-${run}-${key}`;
const restored = (key: TableKey) => `restore-20261120T090000Z-${live(key)}`;
const created: string[] = [];

/** A table with the data model's keys and indexes, as the stack (and a restore) makes them. */
async function createTable(name: string, def: TableDef): Promise<void> {
  const keys = [def.partitionKey, def.sortKey, ...def.indexes.flatMap((i) => [i.partitionKey, i.sortKey])].filter((k) => k !== undefined);
  const schema = (k: { partitionKey: { name: string }; sortKey?: { name: string } }) => [
    { AttributeName: k.partitionKey.name, KeyType: 'HASH' as const },
    ...(k.sortKey ? [{ AttributeName: k.sortKey.name, KeyType: 'RANGE' as const }] : []),
  ];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: schema(def),
      AttributeDefinitions: [...new Map(keys.map((k) => [k.name, { AttributeName: k.name, AttributeType: k.type }])).values()],
      ...(def.indexes.length > 0
        ? {
            GlobalSecondaryIndexes: def.indexes.map((index) => ({
              IndexName: index.name,
              KeySchema: schema(index),
              Projection: { ProjectionType: 'ALL' as const },
            })),
          }
        : {}),
    }),
  );
  created.push(name);
}

async function put(table: string, ...items: Item[]): Promise<void> {
  for (const item of items) await client.send(new PutItemCommand({ TableName: table, Item: item }));
}

async function scan(table: string): Promise<Item[]> {
  const items = (await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items ?? [];
  return items.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function get(table: string, id: string): Promise<Item | undefined> {
  return (await client.send(new GetItemCommand({ TableName: table, Key: { id: { S: id } }, ConsistentRead: true }))).Item;
}

const product = (id: string, name: string, stock: number, version: number, code: string, updatedAt: string): Item => ({
  id: { S: id },
  name: { S: name },
  code: { S: code },
  stock: { N: String(stock) },
  version: { N: String(version) },
  listing: { S: 'all' },
  createdAt: { S: '2026-11-01T10:00:00.000Z' },
  updatedAt: { S: updatedAt },
  photos: { L: [{ M: { id: { S: `${id}-foto` } } }] },
});

/** Runs the command line as the operator types it, against our own tables (the live one through its TABLE_* variable). */
async function restoreCli(key: TableKey, ...argv: string[]) {
  const options = parseRestoreArgs(['--table', key, ...argv], () => undefined, {}, new Date('2026-11-25T12:00:00Z')) as RestoreOptions;
  const lines: string[] = [];
  const outcome = await runRestore(options, { client, log: (line) => lines.push(line), env: { [tables[key].envVar]: live(key) } });
  return { outcome, text: lines.join('\n') };
}

beforeAll(async () => {
  client = new DynamoDBClient({ endpoint: twin().endpoints.dynamodb, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  for (const key of ['products', 'settings'] as const) {
    await createTable(live(key), tables[key]);
    await createTable(restored(key), tables[key]);
  }
});

afterAll(async () => {
  for (const name of created) await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
  client?.destroy();
});

describe('npm run restore: the copy step', () => {
  // The copy of 20 November: p1 (deleted since), p2 (renamed and sold since), p3 (unchanged), p5 (deleted since).
  // The live table: p2 as it is now, p3, and p4 (new, carrying the code p1 had).
  beforeAll(async () => {
    await put(
      restored('products'),
      product('p1', 'Colar Lua', 4, 2, 'COL-01', '2026-11-10T10:00:00.000Z'),
      product('p2', 'Anel Sol', 5, 2, 'ANE-02', '2026-11-10T10:00:00.000Z'),
      product('p3', 'Brinco Mar', 7, 1, 'BRI-03', '2026-11-10T10:00:00.000Z'),
      product('p5', 'Pulseira Rio', 2, 1, 'PUL-05', '2026-11-10T10:00:00.000Z'),
    );
    await put(
      live('products'),
      product('p2', 'Anel Sol (editado por engano)', 3, 3, 'ANE-02', '2026-11-22T10:00:00.000Z'),
      product('p3', 'Brinco Mar', 7, 1, 'BRI-03', '2026-11-10T10:00:00.000Z'),
      product('p4', 'Colar Novo', 1, 1, 'COL-01', '2026-11-21T10:00:00.000Z'),
    );
  });

  it('a dry run lists what is missing and what differs, warns about stock, photos and a reused code, and writes nothing', async () => {
    const before = await scan(live('products'));
    const { outcome, text } = await restoreCli('products', '--from-restored', restored('products'), '--all-missing');
    expect(await scan(live('products'))).toEqual(before);
    expect(outcome.result).toBeUndefined();
    expect(outcome.plan!.items.map((i) => [i.keyText, i.state])).toEqual([
      ['p1', 'missing'],
      ['p2', 'different'],
      ['p3', 'same'],
      ['p5', 'missing'],
    ]);
    expect(outcome.plan!.items[1]!.changed).toEqual(['name', 'stock', 'updatedAt', 'version']);
    expect(text).toContain('Passo 2 de 3: comparar a cópia (a tabela como estava em 20/11/2026 09:00) com a tabela em uso');
    expect(text).toContain('A cópia tem 4 itens: 2 faltam na tabela em uso, 1 está diferente, 1 está igual.');
    expect(text).toContain('+ p1  Colar Lua, código COL-01');
    expect(text).toContain('o código COL-01 da peça p1 já é usado agora por p4');
    expect(text).toContain('Isto foi só uma simulação: nada foi escrito. Para copiar 2 itens, repita o comando com --apply:');
    expect(text).toContain(
      `npm run restore -- --table products --from-restored ${restored('products')} --all-missing --apply --stage prod --region eu-west-1`,
    );
    expect(text).toContain('ATENÇÃO AO STOCK');
    expect(text).toContain('pode voltar sem fotos');
    expect(text).toContain(`npm run restore -- --delete-restored ${restored('products')} --apply --stage prod --region eu-west-1`);
  });

  it('--keys --apply copies the missing ones, leaves the live one alone without --overwrite, and names keys the copy lacks', async () => {
    const p2Before = await get(live('products'), 'p2');
    const { outcome, text } = await restoreCli('products', '--from-restored', restored('products'), '--keys', 'p1,p2,p9', '--apply');
    expect(outcome.result!.copied.map((i) => i.keyText)).toEqual(['p1']);
    expect(outcome.result!.replaced).toEqual([]);
    expect(await get(live('products'), 'p1')).toEqual(await get(restored('products'), 'p1'));
    expect(await get(live('products'), 'p2')).toEqual(p2Before);
    expect(text).toContain('Copiados para');
    expect(text).toContain('ficam como estão; só com --overwrite');
    expect(text).toMatch(/Não estão na cópia \(nada a copiar\):\n {2}\? p9/);
  });

  it('--overwrite puts the old version back, but the product keeps its live stock and its version moves on', async () => {
    const { outcome, text } = await restoreCli('products', '--from-restored', restored('products'), '--keys', 'p2', '--overwrite');
    expect(text).toContain('~ p2  Anel Sol, código ANE-02  (mudou: name, stock, updatedAt, version; stock: 5 na cópia, 3 agora, fica 3)');
    expect(outcome.result).toBeUndefined();
    expect((await get(live('products'), 'p2'))!.name).toEqual({ S: 'Anel Sol (editado por engano)' });

    const applied = await restoreCli('products', '--from-restored', restored('products'), '--keys', 'p2', '--overwrite', '--apply');
    expect(applied.outcome.result!.replaced.map((i) => i.keyText)).toEqual(['p2']);
    expect(await get(live('products'), 'p2')).toEqual({
      ...(await get(restored('products'), 'p2')),
      stock: { N: '3' },
      version: { N: '4' },
    });
  });

  it("--overwrite keeps a product's live sizes and each size's stock: a copy never brings back units since sold", async () => {
    const variantAttributes = (stock14: number, extra?: [string, number]) => ({
      variants: {
        L: [
          { M: { id: { S: 's14' }, label: { S: '14' }, sku: { S: '' }, priceDeltaCents: { N: '0' } } },
          ...(extra ? [{ M: { id: { S: extra[0] }, label: { S: '16' }, sku: { S: '' }, priceDeltaCents: { N: '0' } } }] : []),
        ],
      },
      variantStock: { M: { s14: { N: String(stock14) }, ...(extra ? { [extra[0]]: { N: String(extra[1]) } } : {}) } },
    });
    await put(restored('products'), {
      ...product('p8', 'Anel Medidas', 5, 1, 'ANE-08', '2026-11-10T10:00:00.000Z'),
      ...variantAttributes(5),
    });
    await put(live('products'), {
      ...product('p8', 'Anel Medidas (engano)', 2, 2, 'ANE-08', '2026-11-24T10:00:00.000Z'),
      ...variantAttributes(0, ['s16', 2]),
    });
    const before = await get(live('products'), 'p8');
    await restoreCli('products', '--from-restored', restored('products'), '--keys', 'p8', '--overwrite', '--apply');
    const after = (await get(live('products'), 'p8'))!;
    expect(after.name).toEqual({ S: 'Anel Medidas' });
    expect([after.stock, after.variants, after.variantStock]).toEqual([before!.stock, before!.variants, before!.variantStock]);
  });

  it('a product whose stock alone moved (a sale) has nothing to put back, even with --overwrite', async () => {
    await put(restored('products'), product('p7', 'Anel Lua', 4, 1, 'ANE-07', '2026-11-10T10:00:00.000Z'));
    await put(live('products'), product('p7', 'Anel Lua', 3, 1, 'ANE-07', '2026-11-24T10:00:00.000Z'));
    const before = await get(live('products'), 'p7');
    const { outcome, text } = await restoreCli(
      'products',
      '--from-restored',
      restored('products'),
      '--keys',
      'p7',
      '--overwrite',
      '--apply',
    );
    expect(outcome.plan!.items.map((i) => [i.state, i.restores])).toEqual([['different', []]]);
    expect(text).toContain('(mudou: stock, updatedAt; stock: 4 na cópia, 3 agora, fica 3; só isto mudou: nada a pôr de volta)');
    expect(text).toContain('Não há nada a copiar com estas opções.');
    expect(await get(live('products'), 'p7')).toEqual(before);
  });

  it('never writes over an item that changed or appeared in the live table after the comparison', async () => {
    await put(restored('products'), product('p6', 'Anel Estrela', 9, 5, 'ANE-06', '2026-11-10T10:00:00.000Z'));
    await put(live('products'), product('p6', 'Anel Estrela (engano)', 9, 6, 'ANE-06', '2026-11-23T10:00:00.000Z'));
    const base = { table: 'products' as const, liveTable: live('products'), restoredTable: restored('products') };
    const overwrite = await planCopy(client, { ...base, selection: { kind: 'keys', keys: ['p6'] }, overwrite: true });
    const missing = await planCopy(client, { ...base, selection: { kind: 'keys', keys: ['p5'] }, overwrite: false });
    expect(overwrite.items.map((i) => i.state)).toEqual(['different']);
    expect(missing.items.map((i) => i.state)).toEqual(['missing']);

    // Meanwhile a sale takes one p6, and someone creates p5 again.
    await client.send(
      new UpdateItemCommand({
        TableName: live('products'),
        Key: { id: { S: 'p6' } },
        UpdateExpression: 'SET stock = stock - :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    const p5 = product('p5', 'Pulseira Rio (nova)', 1, 1, 'PUL-05', '2026-11-25T11:00:00.000Z');
    await put(live('products'), p5);
    const p6 = await get(live('products'), 'p6');

    expect((await applyCopy(client, overwrite)).changedMeanwhile.map((i) => i.keyText)).toEqual(['p6']);
    expect((await applyCopy(client, missing)).changedMeanwhile.map((i) => i.keyText)).toEqual(['p5']);
    expect(await get(live('products'), 'p6')).toEqual(p6);
    expect(await get(live('products'), 'p5')).toEqual(p5);
  });

  it('in a table with two keys, --keys takes every item under the first one; existing ones stay', async () => {
    const current = (value: string, version: number): Item => ({
      pk: { S: 'settings' },
      sk: { S: 'current' },
      settings: { M: { lowStock: { N: value } } },
      version: { N: String(version) },
    });
    const history: Item = {
      pk: { S: 'settings' },
      sk: { S: 'history#2026-11-19T10:00:00.000Z#abcd' },
      by: { S: 'dona@loja.pt' },
      version: { N: '2' },
    };
    await put(restored('settings'), current('3', 2), history);
    await put(live('settings'), current('5', 3));

    const { outcome, text } = await restoreCli('settings', '--from-restored', restored('settings'), '--keys', 'settings', '--apply');
    expect(outcome.plan!.items.map((i) => [i.keyText, i.state])).toEqual([
      ['settings / current', 'different'],
      ['settings / history#2026-11-19T10:00:00.000Z#abcd', 'missing'],
    ]);
    expect(outcome.result!.copied.map((i) => i.keyText)).toEqual(['settings / history#2026-11-19T10:00:00.000Z#abcd']);
    expect(await scan(live('settings'))).toEqual(
      await scan(restored('settings')).then((items) =>
        [...items.filter((i) => i.sk!.S !== 'current'), current('5', 3)].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ),
    );
    expect(text).toContain('a versão seguinte à de agora');
  });

  it('refuses to copy from a live table of the shop or from a copy of another table', async () => {
    await expect(restoreCli('products', '--from-restored', live('products'), '--all-missing')).rejects.toThrow(
      /é uma tabela em uso da loja/,
    );
    await expect(restoreCli('products', '--from-restored', 'JoiasInox-prod-DataProductsTableX-Y', '--all-missing')).rejects.toThrow(
      OperatorError,
    );
    // A copy of another table (settings into products) is refused by its name, before any read.
    await expect(restoreCli('products', '--from-restored', restored('settings'), '--all-missing')).rejects.toThrow(
      /não é uma cópia restaurada da tabela products/,
    );
    await expect(restoreCli('products', '--from-restored', `restore-20261120T090000Z-nada-${run}`, '--all-missing')).rejects.toThrow(
      /não é uma cópia restaurada da tabela products/,
    );
  });

  it('--delete-restored says what it would delete, and deletes the copy only with --apply', async () => {
    const name = `restore-20261120T090000Z-${live('collections')}`;
    await createTable(name, tables.collections);
    const deleteCli = async (...argv: string[]) => {
      const lines: string[] = [];
      const options = parseRestoreArgs(['--delete-restored', name, ...argv], () => undefined, {}) as RestoreOptions;
      const outcome = await runRestore(options, { client, log: (line) => lines.push(line) });
      return { outcome, text: lines.join('\n') };
    };
    const dry = await deleteCli();
    expect(dry.outcome.deleted).toBe(false);
    expect(dry.text).toContain(
      `Para apagar de facto: npm run restore -- --delete-restored ${name} --apply --stage prod --region eu-west-1`,
    );
    expect((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.TableName).toBe(name);

    expect((await deleteCli('--apply')).outcome.deleted).toBe(true);
    await expect(client.send(new DescribeTableCommand({ TableName: name }))).rejects.toThrow(/not found|non-existent/i);
  });
});
