/**
 * The tables of a restore: which may be restored, the live table (by its `TABLE_*` variable or its name
 * in the stack), and the restored copy, named `restore-<yyyymmddThhmmssZ>-<live table>`.
 */
import {
  DescribeTableCommand,
  ListTablesCommand,
  type DynamoDBClient,
  type KeySchemaElement,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { OperatorError } from '../create-admin.ts';

/** Tables that are never restored item by item, and why (said to the operator). */
export const REFUSED_TABLES: Partial<Record<TableKey, string>> = {
  counters: 'os números do painel refazem-se a partir dos dados: corra `npm run recount` em vez de restaurar.',
  rateLimits: 'são contadores de pedidos que duram minutos: não há nada a recuperar.',
  idempotency: 'são registos temporários de pedidos repetidos: não há nada a recuperar.',
  outbox: 'são os e-mails da loja: copiá-los de volta podia enviar outra vez e-mails aos clientes.',
};

/** The logical names `--table` accepts (the keys of `lambdas/contracts/data-model.ts`). */
export const RESTORABLE_TABLES = (Object.keys(tables) as TableKey[]).filter((key) => !(key in REFUSED_TABLES));

/** Tables of personal data deleted by retention or erasure: copied back only item by item (`--keys`). */
export const PERSONAL_DATA_TABLES: readonly TableKey[] = ['contactMessages', 'stockAlerts', 'orderSearch'];

/** `restore-20261120T090000Z-<live table>`: the names this script gives (and alone deletes). */
export const RESTORED_NAME = /^restore-(\d{8}T\d{6}Z)-(.+)$/;
const MAX_TABLE_NAME = 255;

/** The restored table's name for a live table and a moment: `restore-20261120T090000Z-<live>`. */
export function restoredTableName(liveTable: string, to: Date): string {
  const stamp = to
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  const name = `restore-${stamp}-${liveTable}`;
  if (name.length > MAX_TABLE_NAME)
    throw new OperatorError(`O nome da tabela restaurada ficaria com mais de ${MAX_TABLE_NAME} caracteres: ${name}`);
  return name;
}

/** The moment a restored table's name tells (`undefined` for a name this script did not give). */
export function restoredMoment(restoredTable: string): Date | undefined {
  const stamp = RESTORED_NAME.exec(restoredTable)?.[1];
  return stamp
    ? new Date(
        `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}` +
          `T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
      )
    : undefined;
}

/** The live table of `key` among a stack's table names (`<stack>-Data<Key>Table<hash>-<suffix>`). */
export function liveTableName(stackName: string, key: TableKey, names: readonly string[]): string {
  const prefix = `${stackName}-Data${key[0]!.toUpperCase()}${key.slice(1)}Table`;
  const matches = names.filter((name) => name.startsWith(prefix));
  if (matches.length !== 1) {
    throw new OperatorError(
      `${matches.length === 0 ? 'Não encontrei' : 'Encontrei mais do que uma'} tabela "${key}" da pilha ${stackName} (${prefix}…). ` +
        `Confirme --stage e --region, ou dê o nome da tabela em ${tables[key].envVar} (está na consola do DynamoDB).`,
    );
  }
  return matches[0]!;
}

export async function listTableNames(client: DynamoDBClient): Promise<string[]> {
  const names: string[] = [];
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ...(start ? { ExclusiveStartTableName: start } : {}) }));
    names.push(...(page.TableNames ?? []));
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

/** The table's description, or `undefined` when there is no such table. */
export async function describeTable(client: DynamoDBClient, name: string): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

/** Refuses a restored table whose keys are not those of `table` (a copy of another table). Throws {@link OperatorError}. */
export function checkKeySchema(table: TableKey, restoredTable: string, schema: readonly KeySchemaElement[] | undefined): void {
  const def: TableDef = tables[table];
  const expected = [`${def.partitionKey.name}:HASH`, ...(def.sortKey ? [`${def.sortKey.name}:RANGE`] : [])].join(',');
  const actual = (schema ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).join(',');
  if (actual !== expected) {
    throw new OperatorError(
      `A tabela ${restoredTable} não tem as chaves da tabela ${table} ` +
        `(${actual || 'nenhuma'} em vez de ${expected}): é uma cópia de outra tabela?`,
    );
  }
}
