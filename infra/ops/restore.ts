/**
 * `npm run restore -- --table orders --to 2026-11-20T09:00:00Z`: brings back items of a table as they
 * were at a moment of the last 35 days, with DynamoDB's point-in-time recovery (every table of the stack
 * has it on, `infra/cloud/data.ts`). For the shop's owner, or whoever helps them: everything it prints is in
 * Portuguese and says what happens next.
 *
 * 1. **Restore** (`--table`, `--to`): `RestoreTableToPointInTime` into a NEW table,
 *    `restore-<yyyymmddThhmmssZ>-<live table>` (the live table is never touched), on-demand and
 *    encrypted like the stack's tables (the AWS managed key, `TableEncryptionV2.awsManagedKey()`), and
 *    waits for it. The time must lie in the table's PITR window (`DescribeContinuousBackups`). The name
 *    starts with `restore-`, not with the stack's name, so the stack's own tables are still found by
 *    their prefix (`npm run recount`) while a restored copy exists.
 * 2. **Compare and copy** (`--keys`, `--all-missing`, `--all`): lists what the copy holds that the live
 *    table lacks or holds differently; writes only with `--apply`. A write never replaces an item of the
 *    live table unless `--overwrite` is given, and then only if the item did not change since it was
 *    compared (its `version`, `stock` and `updatedAt`). A product put back keeps its current stock (stock
 *    only moves by movements: sales, reservations, adjustments); a numeric `version` continues from the
 *    live one, so a form opened before answers "changed meanwhile". `--from-restored <table>` repeats
 *    this step on a copy restored before, without a new restore.
 * 3. **Clean up**: the copy costs money while it exists; `--delete-restored <table> --apply` deletes it
 *    (only tables whose name this script gave).
 *
 * Which live table: the `TABLE_*` environment variable the functions get, else the stack's table found
 * by name among ListTables (as `npm run recount`). Stage, region and credentials as `npm run create-admin`.
 * DynamoDB Local (the twin) has no PITR calls (UnknownOperationException), so only the copy step runs
 * against it (in the tests).
 */
import { parseArgs } from 'node:util';
import {
  BatchGetItemCommand,
  DeleteTableCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
  waitUntilTableExists,
  type AttributeValue,
  type BatchGetItemCommandOutput,
  type KeySchemaElement,
  type PointInTimeRecoveryDescription,
  type SSESpecification,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { formatDateTime } from '#shared/dates.ts';
import { readDeploySettings, stackName as stackNameOf, type ContextReader } from '../common/config.ts';
import { cdkJsonContext, OperatorError, PLACE_OPTIONS, runAsScript, UsageError } from './create-admin.ts';

/** Tables that are never restored item by item, and why (said to the operator). */
const REFUSED_TABLES: Partial<Record<TableKey, string>> = {
  counters: 'os números do painel refazem-se a partir dos dados: corra `npm run recount` em vez de restaurar.',
  rateLimits: 'são contadores de pedidos que duram minutos: não há nada a recuperar.',
  idempotency: 'são registos temporários de pedidos repetidos: não há nada a recuperar.',
  outbox: 'são os e-mails da loja: copiá-los de volta podia enviar outra vez e-mails aos clientes.',
};

/** The logical names `--table` accepts (the keys of `lambdas/contracts/data-model.ts`). */
export const RESTORABLE_TABLES = (Object.keys(tables) as TableKey[]).filter((key) => !(key in REFUSED_TABLES));

export const RESTORE_USAGE = `Utilização: npm run restore -- --table <tabela> --to <data e hora> [opções]
            npm run restore -- --table <tabela> --from-restored <tabela restaurada> [opções]
            npm run restore -- --delete-restored <tabela restaurada> [--apply]

Traz de volta itens de uma tabela da loja como estavam num momento dos últimos 35 dias. A tabela em
uso nunca é substituída: a AWS cria uma tabela NOVA com a cópia desse momento, e só os itens que
escolher são copiados de volta.

  1. --table e --to       restaura a tabela numa tabela nova e compara-a com a tabela em uso
  2. o que copiar         --keys, --all-missing ou --all; sem --apply é só uma simulação
  3. arrumar              --delete-restored <tabela restaurada> --apply apaga a cópia (custa dinheiro enquanto existe)

Opções:
  --table <tabela>                ${RESTORABLE_TABLES.join(', ')}
  --to <data e hora>              o momento, em UTC (2026-11-20T09:00:00Z) ou com o fuso de Lisboa
                                  (2026-07-20T10:00:00+01:00 no verão, +00:00 no inverno)
  --from-restored <tabela>        usa uma tabela restaurada antes (sem novo restauro)
  --keys <chave,chave,...>        copia estes itens (ex.: números de encomenda, ids de peças); numa tabela
                                  com duas chaves, todos os itens com esta primeira chave
  --all-missing                   copia todos os itens da cópia que faltam na tabela em uso
  --all                           todos os itens da cópia; só com --overwrite (sem ele, use --all-missing)
  --overwrite                     substitui também itens que existem na tabela em uso (pela versão antiga)
  --apply                         escreve de facto (sem --apply nada é escrito nem apagado)
  --delete-restored <tabela>      apaga uma tabela restaurada por este comando (com --apply)
  --stage <nome>                  fase da loja instalada, pilha JoiasInox-<fase> (por omissão: "stage" do cdk.json, senão prod)
  --region <região>               região da AWS (por omissão: "region" do cdk.json, senão AWS_REGION, senão eu-west-1)
  -h, --help                      este texto`;

/** How long the restore may take before the script stops waiting (the restore itself goes on). */
export const RESTORE_MAX_WAIT_SECONDS = 6 * 60 * 60;
/** The PITR window DynamoDB keeps at most. */
export const PITR_MAX_DAYS = 35;

/**
 * The encryption of the restored table: as the stack's tables (`encryption:
 * TableEncryptionV2.awsManagedKey()` in `infra/cloud/data.ts`), KMS with the AWS managed key
 * `alias/aws/dynamodb` (SSESpecification: "If enabled (true), server-side encryption type is set to KMS
 * and an AWS managed key is used"; KMSMasterKeyId only for another key).
 */
export const RESTORED_SSE: SSESpecification = { Enabled: true, SSEType: 'KMS' };

/** `restore-20261120T090000Z-<live table>`: the names this script gives (and alone deletes). */
const RESTORED_NAME = /^restore-(\d{8}T\d{6}Z)-(.+)$/;

/** Tables of personal data deleted by retention or erasure: copied back only item by item (`--keys`). */
export const PERSONAL_DATA_TABLES: readonly TableKey[] = ['contactMessages', 'stockAlerts', 'orderSearch'];
const MAX_TABLE_NAME = 255;

export type Selection = { readonly kind: 'keys'; readonly keys: readonly string[] } | { readonly kind: 'all-missing' } | { readonly kind: 'all' };

interface Place {
  readonly stage: string;
  readonly stackName: string;
  readonly region: string;
}

export type RestoreOptions = Place &
  (
    | { readonly mode: 'restore'; readonly table: TableKey; readonly to: Date; readonly selection?: Selection; readonly apply: boolean; readonly overwrite: boolean }
    | { readonly mode: 'from-restored'; readonly table: TableKey; readonly restoredTable: string; readonly selection?: Selection; readonly apply: boolean; readonly overwrite: boolean }
    | { readonly mode: 'delete-restored'; readonly restoredTable: string; readonly apply: boolean }
  );

const lower = (text: string) => text.replace(/[-_\s]/g, '').toLowerCase();

/** The table a `--table` value names (`orders`, `contactMessages`, `contact-messages`...). Throws {@link UsageError}. */
export function tableKeyOf(name: string): TableKey {
  const key = (Object.keys(tables) as TableKey[]).find((k) => lower(k) === lower(name));
  if (!key) throw new UsageError(`Tabela desconhecida: "${name}". As tabelas da loja são: ${RESTORABLE_TABLES.join(', ')}.`);
  const refused = REFUSED_TABLES[key];
  if (refused) throw new UsageError(`A tabela "${key}" não se restaura: ${refused}`);
  return key;
}

/**
 * A moment given on the command line: ISO 8601 with seconds optional and a zone (`Z` or `±hh:mm`), a
 * real calendar time, not in the future, not older than the PITR window. Throws {@link UsageError}.
 */
export function parseMoment(text: string, now: Date): Date {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(text.trim());
  const example = 'use por exemplo 2026-11-20T09:00:00Z (hora UTC) ou 2026-11-20T09:00:00+00:00 (com o fuso)';
  if (!match) {
    const noZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim());
    throw new UsageError(
      noZone
        ? `Falta o fuso horário em "${text}": acrescente Z (UTC) ou o fuso de Lisboa (+00:00 no inverno, +01:00 no verão), por exemplo ${text.trim()}Z.`
        : `"${text}" não é uma data e hora que eu perceba: ${example}.`,
    );
  }
  const ms = Date.parse(text.trim());
  const offsetMinutes = match[3] === 'Z' ? 0 : (match[3]!.startsWith('-') ? -1 : 1) * (Number(match[3]!.slice(1, 3)) * 60 + Number(match[3]!.slice(4, 6)));
  // Date.parse rolls 30 February over into March: the local wall time must read back as written.
  const wall = Number.isNaN(ms) ? '' : new Date(ms + offsetMinutes * 60_000).toISOString();
  if (wall.slice(0, 16) !== match[1] || (match[2] !== undefined && wall.slice(17, 19) !== match[2])) {
    throw new UsageError(`"${text}" não é uma data e hora que exista: ${example}.`);
  }
  const moment = new Date(Math.floor(ms / 1000) * 1000); // PITR restores to the second
  if (moment.getTime() > now.getTime()) {
    throw new UsageError(`${describeMoment(moment)} é no futuro: agora são ${formatDateTime(now)} em Lisboa. Escolha um momento passado.`);
  }
  if (now.getTime() - moment.getTime() > PITR_MAX_DAYS * 24 * 60 * 60 * 1000) {
    throw new UsageError(`${describeMoment(moment)} é há mais de ${PITR_MAX_DAYS} dias: a AWS só guarda os últimos ${PITR_MAX_DAYS} dias de cada tabela.`);
  }
  return moment;
}

/** "20/11/2026 09:00 (hora de Lisboa; 2026-11-20T09:00:00Z)". */
export function describeMoment(moment: Date): string {
  return `${formatDateTime(moment)} (hora de Lisboa; ${moment.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;
}

/** The restored table's name for a live table and a moment: `restore-20261120T090000Z-<live>`. */
export function restoredTableName(liveTable: string, to: Date): string {
  const stamp = to.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  const name = `restore-${stamp}-${liveTable}`;
  if (name.length > MAX_TABLE_NAME) throw new OperatorError(`O nome da tabela restaurada ficaria com mais de ${MAX_TABLE_NAME} caracteres: ${name}`);
  return name;
}

function parseError(error: unknown): UsageError {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? message;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`Opção desconhecida: ${quoted}.`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new UsageError(`Falta o valor da opção ${quoted.split(' ')[0]}.`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`Não percebo "${quoted}": as opções começam por --.`);
  return new UsageError(message);
}

function keyValues(raw: readonly string[], def: TableDef): string[] {
  const keys = [...new Set(raw.flatMap((value) => value.split(/[,\s]+/)).map((k) => k.trim()).filter(Boolean))];
  if (keys.length === 0) throw new UsageError('--keys sem chaves: dê pelo menos uma, por exemplo --keys 123456,654321.');
  for (const key of keys) {
    if (def.partitionKey.type === 'N' && !/^-?\d+(\.\d+)?$/.test(key)) throw new UsageError(`"${key}" não é um número, e as chaves desta tabela são números.`);
  }
  return keys;
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError} (in Portuguese). */
export function parseRestoreArgs(
  argv: readonly string[],
  context: ContextReader = cdkJsonContext(),
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): RestoreOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        table: { type: 'string' },
        to: { type: 'string' },
        'from-restored': { type: 'string' },
        'delete-restored': { type: 'string' },
        keys: { type: 'string', multiple: true },
        'all-missing': { type: 'boolean', default: false },
        all: { type: 'boolean', default: false },
        overwrite: { type: 'boolean', default: false },
        apply: { type: 'boolean', default: false },
        ...PLACE_OPTIONS,
      },
    }));
  } catch (error) {
    throw parseError(error);
  }
  if (values.help) return 'help';

  let settings;
  try {
    settings = readDeploySettings((key) => (key === 'stage' && values.stage !== undefined ? values.stage : context(key)), {
      CDK_DEFAULT_REGION: env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
    });
  } catch (error) {
    throw new UsageError(
      values.stage !== undefined && /stage/.test((error as Error).message)
        ? `--stage "${values.stage}" não serve: a fase é uma palavra em minúsculas (a-z, 0-9, -), como prod.`
        : `O cdk.json tem um valor que não serve: ${(error as Error).message}`,
    );
  }
  const place: Place = { stage: settings.stage, stackName: stackNameOf(settings.stage), region: values.region ?? settings.region };

  const modes = [values.to !== undefined && '--to', values['from-restored'] !== undefined && '--from-restored', values['delete-restored'] !== undefined && '--delete-restored'].filter(
    (m): m is string => typeof m === 'string',
  );
  if (modes.length > 1) throw new UsageError(`Use só uma de ${modes.join(' e ')}.`);
  const chosen = [values.keys !== undefined && '--keys', values['all-missing'] && '--all-missing', values.all && '--all'].filter((m): m is string => typeof m === 'string');

  if (values['delete-restored'] !== undefined) {
    const name = values['delete-restored'].trim();
    if (!RESTORED_NAME.test(name)) {
      throw new UsageError(`Só apago tabelas restauradas por este comando (o nome começa por restore-<data>Z-): "${name}" não é uma delas.`);
    }
    const extra = [...chosen, values.overwrite && '--overwrite', values.table !== undefined && '--table'].filter((m): m is string => typeof m === 'string');
    if (extra.length > 0) throw new UsageError(`--delete-restored não se junta a ${extra.join(', ')}.`);
    return { ...place, mode: 'delete-restored', restoredTable: name, apply: values.apply };
  }

  if (values.table === undefined) throw new UsageError(`Diga que tabela: --table <tabela> (${RESTORABLE_TABLES.join(', ')}).`);
  const table = tableKeyOf(values.table);
  if (modes.length === 0) throw new UsageError('Diga para que momento: --to <data e hora> (ou --from-restored <tabela restaurada> para usar uma cópia feita antes).');
  if (chosen.length > 1) throw new UsageError(`Escolha só uma forma de escolher itens: ${chosen.join(' ou ')}.`);
  let selection: Selection | undefined;
  if (values.keys !== undefined) selection = { kind: 'keys', keys: keyValues(values.keys, tables[table]) };
  else if (values['all-missing']) selection = { kind: 'all-missing' };
  else if (values.all) {
    if (!values.overwrite) {
      throw new UsageError('--all sem --overwrite copia o mesmo que --all-missing (nada do que existe é substituído): use --all-missing.');
    }
    selection = { kind: 'all' };
  }
  if (!selection && (values.apply || values.overwrite)) {
    throw new UsageError(`Com ${values.apply ? '--apply' : '--overwrite'}, diga o que copiar: --keys <chaves>, --all-missing ou --all.`);
  }
  // Personal data the shop deletes at the end of its retention period or on a customer's request must not
  // come back in bulk: only the items named, which the operator checked.
  if (selection && selection.kind !== 'keys' && PERSONAL_DATA_TABLES.includes(table)) {
    throw new UsageError(
      `A tabela ${table} guarda dados pessoais que a loja apaga no fim do prazo de conservação (Definições) ou a pedido do cliente: ` +
        'copie só os itens de que precisa, com --keys, para não trazer de volta dados já apagados.',
    );
  }
  if (selection?.kind === 'all-missing' && values.overwrite) {
    throw new UsageError('--all-missing só copia o que falta: não se junta a --overwrite (para substituir, use --keys ou --all).');
  }
  const copy = { ...(selection ? { selection } : {}), apply: values.apply, overwrite: values.overwrite };
  if (values.to !== undefined) return { ...place, mode: 'restore', table, to: parseMoment(values.to, now), ...copy };
  const restoredTable = values['from-restored']!.trim();
  if (restoredTable === '') throw new UsageError('--from-restored sem nome de tabela.');
  return { ...place, mode: 'from-restored', table, restoredTable, ...copy };
}

// ---------------------------------------------------------------------------------------------------
// AWS errors, in Portuguese

const ACTIONS =
  'dynamodb:ListTables, DescribeTable, DescribeContinuousBackups e RestoreTableToPointInTime na tabela da loja; ' +
  'Scan, Query, GetItem, BatchGetItem e PutItem nas duas tabelas; e, na tabela nova, o que o restauro escreve ' +
  '(PutItem, UpdateItem, DeleteItem, GetItem, Query, Scan, BatchWriteItem) e DeleteTable para a apagar';

/** An operator-readable sentence, in Portuguese, for an error of the AWS SDK. */
export function explainRestoreError(error: unknown, where: { readonly region: string; readonly table?: string }): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? String(error);
  const table = where.table ?? 'a tabela';
  if (name === 'CredentialsProviderError' || /could not load credentials/i.test(message)) {
    return (
      'Não encontrei credenciais da AWS. Entre primeiro na conta onde a loja está instalada, por exemplo ' +
      '`aws sso login --profile <nome>` e AWS_PROFILE=<nome>, ou `aws configure`, ou AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY no ambiente.'
    );
  }
  if (/^(ExpiredToken(Exception)?|InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException)$/.test(name)) {
    return `A AWS recusou as credenciais (${name}): expiraram ou estão erradas. Entre outra vez e repita.`;
  }
  if (/^AccessDenied(Exception)?$/.test(name)) return `A sua identidade AWS não tem licença para isto. Precisa de ${ACTIONS}. (${message})`;
  if (name === 'PointInTimeRecoveryUnavailableException') {
    return `A recuperação para um momento anterior (PITR) não está ligada em ${table}: não há cópias para restaurar. (${message})`;
  }
  if (name === 'InvalidRestoreTimeException') return `A AWS recusou o momento pedido: tem de estar dentro da janela de restauro de ${table}. (${message})`;
  if (name === 'TableAlreadyExistsException' || name === 'TableInUseException' || name === 'ResourceInUseException') {
    return `Já existe, ou está a ser criada ou apagada, uma tabela com esse nome. Espere uns minutos e use --from-restored <nome>. (${message})`;
  }
  if (name === 'TableNotFoundException' || name === 'ResourceNotFoundException') {
    return `A tabela ${table} não existe em ${where.region}: a loja foi instalada com outra --stage ou --region? (${message})`;
  }
  if (name === 'LimitExceededException') return `A AWS limita as operações de tabelas feitas ao mesmo tempo: espere uns minutos e repita. (${message})`;
  if (name === 'ThrottlingException' || name === 'ProvisionedThroughputExceededException' || name === 'RequestLimitExceeded') {
    return `A AWS está a limitar pedidos: repita daqui a pouco. (${message})`;
  }
  if (name === 'UnknownOperationException') {
    return 'Este serviço não conhece a operação pedida: o DynamoDB Local (o gémeo local) não tem restauros; o restauro só existe na AWS.';
  }
  return `${name || 'Erro'}: ${message}`;
}

async function aws<T>(call: () => Promise<T>, where: Place & { readonly table?: string }): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainRestoreError(error, where), { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------------
// Step 1: the live table, the PITR window, the restore

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

async function listTableNames(client: DynamoDBClient): Promise<string[]> {
  const names: string[] = [];
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ...(start ? { ExclusiveStartTableName: start } : {}) }));
    names.push(...(page.TableNames ?? []));
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

/** Refuses a moment outside the table's PITR window, saying what the window is. Throws {@link OperatorError}. */
export function checkRestoreWindow(to: Date, pitr: PointInTimeRecoveryDescription | undefined, table: string): { earliest: Date; latest: Date } {
  if (pitr?.PointInTimeRecoveryStatus !== 'ENABLED') {
    throw new OperatorError(
      `A recuperação para um momento anterior (PITR) não está ligada na tabela ${table}: não há cópias para restaurar. ` +
        'A pilha da loja liga-a em todas as tabelas; foi desligada à mão?',
    );
  }
  const earliest = pitr.EarliestRestorableDateTime;
  const latest = pitr.LatestRestorableDateTime;
  if (!earliest || !latest) throw new OperatorError(`A AWS não disse até quando pode restaurar ${table}; tente daqui a uns minutos.`);
  if (to.getTime() < earliest.getTime()) {
    throw new OperatorError(
      `${describeMoment(to)} é antes da cópia mais antiga de ${table}, que é de ${describeMoment(earliest)}. ` +
        `Escolha um momento entre ${formatDateTime(earliest)} e ${formatDateTime(latest)} (hora de Lisboa).`,
    );
  }
  if (to.getTime() > latest.getTime()) {
    throw new OperatorError(
      `${describeMoment(to)} é demasiado recente: o momento mais recente que a AWS já pode restaurar é ${describeMoment(latest)} ` +
        '(normalmente uns 5 minutos antes de agora). Espere uns minutos ou escolha um momento anterior.',
    );
  }
  return { earliest, latest };
}

async function describeTable(client: DynamoDBClient, name: string): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return undefined;
    throw error;
  }
}

export interface WaitSettings {
  /** Seconds between DescribeTable calls (the waiter's backoff, from min to max). */
  readonly minDelay: number;
  readonly maxDelay: number;
  readonly maxWaitTime: number;
  /** How often to say it is still waiting. */
  readonly progressEveryMs: number;
}

const DEFAULT_WAIT: WaitSettings = { minDelay: 20, maxDelay: 60, maxWaitTime: RESTORE_MAX_WAIT_SECONDS, progressEveryMs: 60_000 };

async function waitForActive(client: DynamoDBClient, name: string, wait: WaitSettings, log: (line: string) => void, resume: string): Promise<void> {
  const started = Date.now();
  const ticker = setInterval(() => log(`  Ainda a restaurar... ${Math.round((Date.now() - started) / 60_000)} min`), wait.progressEveryMs);
  try {
    await waitUntilTableExists({ client, minDelay: wait.minDelay, maxDelay: wait.maxDelay, maxWaitTime: wait.maxWaitTime }, { TableName: name });
  } catch (error) {
    if ((error as { name?: string }).name === 'TimeoutError') {
      throw new OperatorError(
        `Parei de esperar ao fim de ${Math.round(wait.maxWaitTime / 60)} minutos, mas o restauro continua na AWS. ` +
          `Mais tarde, continue com:\n  ${resume}`,
      );
    }
    throw error;
  } finally {
    clearInterval(ticker);
  }
}

// ---------------------------------------------------------------------------------------------------
// Step 2: compare and copy

type Item = Record<string, AttributeValue>;

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

/** Whether the plan copies this item (`missing` always when selected; `different` only with --overwrite). */
export function isCopied(plan: Pick<CopyPlan, 'selection' | 'overwrite'>, item: PlannedItem): boolean {
  if (!plan.selection) return false;
  if (item.state === 'missing') return true;
  return item.state === 'different' && item.restores.length > 0 && plan.overwrite && plan.selection.kind !== 'all-missing';
}

function canonical(value: AttributeValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.M) return Object.fromEntries(Object.keys(value.M).sort().map((k) => [k, canonical(value.M![k])]));
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
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => JSON.stringify(canonical(a[name])) !== JSON.stringify(canonical(b[name]))).sort();
}

function keyNames(def: TableDef): string[] {
  return [def.partitionKey.name, ...(def.sortKey ? [def.sortKey.name] : [])];
}

function keyOf(def: TableDef, item: Item): Item {
  return Object.fromEntries(keyNames(def).map((name) => [name, item[name]!]));
}

const scalar = (value: AttributeValue | undefined): string => value?.S ?? value?.N ?? '';

function keyTextOf(def: TableDef, item: Item): string {
  return keyNames(def).map((name) => scalar(item[name])).join(' / ');
}

function labelOf(item: Item): string {
  const s = (name: string) => item[name]?.S;
  const person = [s('firstName'), s('lastName')].filter(Boolean).join(' ');
  const parts = [s('name') ?? (person || undefined) ?? s('productName'), s('code') && `código ${s('code')}`, s('subject') && `«${s('subject')}»`, s('status') && `estado ${s('status')}`];
  const text = parts.filter(Boolean).join(', ');
  return text.length > 90 ? `${text.slice(0, 87)}...` : text;
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
async function batchGet(client: DynamoDBClient, table: string, def: TableDef, keys: readonly Item[], consistent: boolean): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Item[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(Math.min(2000, 50 * 2 ** attempt));
      const answer: BatchGetItemCommandOutput = await client.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: consistent } } }));
      for (const item of answer.Responses?.[table] ?? []) found.set(keyTextOf(def, item), item);
      pending = answer.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return found;
}

const keyValue = (def: TableDef, text: string): AttributeValue => (def.partitionKey.type === 'N' ? { N: text } : { S: text });

/**
 * Compares the copy with the live table: every item of the copy (no selection, `--all-missing`,
 * `--all`) or those of `--keys`. Reads only.
 */
export async function planCopy(
  client: DynamoDBClient,
  input: { table: TableKey; liveTable: string; restoredTable: string; selection?: Selection; overwrite: boolean },
): Promise<CopyPlan> {
  const def: TableDef = tables[input.table];
  const absent: PlannedItem[] = [];
  let restored: Item[];
  if (input.selection?.kind === 'keys') {
    const keys = input.selection.keys;
    if (def.sortKey) {
      restored = [];
      for (const key of keys) {
        const items = await queryPartition(client, input.restoredTable, def, keyValue(def, key));
        if (items.length === 0) absent.push({ key: { [def.partitionKey.name]: keyValue(def, key) }, keyText: key, label: '', state: 'absent', changed: [], restores: [] });
        restored.push(...items);
      }
    } else {
      const found = await batchGet(client, input.restoredTable, def, keys.map((key) => ({ [def.partitionKey.name]: keyValue(def, key) })), false);
      restored = [];
      for (const key of keys) {
        const item = found.get(key);
        if (item) restored.push(item);
        else absent.push({ key: { [def.partitionKey.name]: keyValue(def, key) }, keyText: key, label: '', state: 'absent', changed: [], restores: [] });
      }
    }
  } else {
    restored = await scanAll(client, input.restoredTable);
  }
  const live = await batchGet(client, input.liveTable, def, restored.map((item) => keyOf(def, item)), true);
  const items: PlannedItem[] = restored.map((item) => {
    const keyText = keyTextOf(def, item);
    const current = live.get(keyText);
    const changed = current ? changedAttributes(item, current) : [];
    const restores = current ? changedAttributes(itemForOverwrite(input.table, item, current), current).filter((name) => name !== 'version' && name !== 'updatedAt') : [];
    return {
      key: keyOf(def, item),
      keyText,
      label: labelOf(item),
      state: !current ? 'missing' : changed.length > 0 ? 'different' : 'same',
      restored: item,
      ...(current ? { live: current } : {}),
      changed,
      restores,
    };
  });
  items.sort((a, b) => a.keyText.localeCompare(b.keyText));
  return { table: input.table, liveTable: input.liveTable, restoredTable: input.restoredTable, ...(input.selection ? { selection: input.selection } : {}), overwrite: input.overwrite, items: [...items, ...absent] };
}

/** Attributes whose live value guards an overwrite: the item must not have changed since the comparison. */
const GUARDED = ['version', 'stock', 'variantStock', 'updatedAt'] as const;

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

export interface CopyResult {
  /** Items that were missing and are now in the live table. */
  readonly copied: readonly PlannedItem[];
  /** Live items replaced by the copy's version. */
  readonly replaced: readonly PlannedItem[];
  /** Items left alone because the live table changed after the comparison. */
  readonly changedMeanwhile: readonly PlannedItem[];
}

/** Writes what the plan copies, each write conditioned so it never overwrites something it did not compare. */
export async function applyCopy(client: DynamoDBClient, plan: CopyPlan): Promise<CopyResult> {
  const def = tables[plan.table];
  const copied: PlannedItem[] = [];
  const replaced: PlannedItem[] = [];
  const changedMeanwhile: PlannedItem[] = [];
  for (const planned of plan.items) {
    if (!isCopied(plan, planned) || !planned.restored) continue;
    const names: Record<string, string> = { '#pk': def.partitionKey.name };
    const values: Item = {};
    let condition = 'attribute_not_exists(#pk)';
    let item = planned.restored;
    if (planned.state === 'different' && planned.live) {
      item = itemForOverwrite(plan.table, planned.restored, planned.live);
      const guards = ['attribute_exists(#pk)'];
      GUARDED.forEach((name, i) => {
        names[`#g${i}`] = name;
        if (planned.live![name] === undefined) guards.push(`attribute_not_exists(#g${i})`);
        else {
          values[`:g${i}`] = planned.live![name]!;
          guards.push(`#g${i} = :g${i}`);
        }
      });
      condition = guards.join(' AND ');
    }
    try {
      await client.send(
        new PutItemCommand({
          TableName: plan.liveTable,
          Item: item,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        }),
      );
      (planned.state === 'missing' ? copied : replaced).push(planned);
    } catch (error) {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      changedMeanwhile.push(planned);
    }
  }
  return { copied, replaced, changedMeanwhile };
}

const LISTED = 40;

function listItems(log: (line: string) => void, sign: string, items: readonly PlannedItem[], extra: (item: PlannedItem) => string = () => ''): void {
  for (const item of items.slice(0, LISTED)) log(`  ${sign} ${item.keyText}${item.label ? `  ${item.label}` : ''}${extra(item)}`);
  if (items.length > LISTED) log(`  ... e mais ${items.length - LISTED}.`);
}

const stockOf = (item: Item | undefined) => item?.stock?.N;

/** Says what the plan holds and what it would do (or did). */
function reportPlan(plan: CopyPlan, at: string, log: (line: string) => void): void {
  const by = (state: PlannedItem['state']) => plan.items.filter((i) => i.state === state);
  const [missing, different, same, absent] = [by('missing'), by('different'), by('same'), by('absent')];
  const inCopy = missing.length + different.length + same.length;
  const what = plan.selection?.kind === 'keys' ? `Dos itens pedidos, a cópia tem ${inCopy}` : `A cópia tem ${inCopy} ${inCopy === 1 ? 'item' : 'itens'}`;
  log(`  ${what}: ${missing.length} ${missing.length === 1 ? 'falta' : 'faltam'} na tabela em uso, ${different.length} ${different.length === 1 ? 'está diferente' : 'estão diferentes'}, ${same.length} ${same.length === 1 ? 'está igual' : 'estão iguais'}.`);
  if (missing.length > 0) {
    log('');
    log(plan.selection ? 'Faltam na tabela em uso (são copiados):' : 'Faltam na tabela em uso:');
    listItems(log, '+', missing);
  }
  const showDifferent = plan.selection?.kind !== 'all-missing';
  if (different.length > 0 && showDifferent) {
    log('');
    log(
      plan.selection && plan.overwrite
        ? `Diferentes na tabela em uso (são substituídos pela versão que tinham ${at}):`
        : 'Diferentes na tabela em uso (ficam como estão; só com --overwrite seriam substituídos pela versão antiga):',
    );
    listItems(log, '~', different, (item) => {
      const stock = plan.table === 'products' && stockOf(item.restored) !== stockOf(item.live) ? `; stock: ${stockOf(item.restored) ?? '-'} na cópia, ${stockOf(item.live) ?? '-'} agora, fica ${stockOf(item.live) ?? '-'}` : '';
      const nothing = item.restores.length === 0 ? '; só isto mudou: nada a pôr de volta' : '';
      return `  (mudou: ${item.changed.join(', ')}${stock}${nothing})`;
    });
  }
  if (absent.length > 0) {
    log('');
    log('Não estão na cópia (nada a copiar):');
    listItems(log, '?', absent);
  }
}

/** What else to know after copying items of this table (counters, stock, search, photos); `at`: "em 20/11/2026 09:00". */
export function tableNotes(table: TableKey, at: string): string[] {
  const recount = 'Os números do painel (encomendas por estado, receita, mensagens por ler, pedidos de aviso) não mudam com a cópia: corra `npm run recount` a seguir para os refazer.';
  switch (table) {
    case 'products':
      return [
        'ATENÇÃO AO STOCK: o stock de uma peça só muda por movimentos (vendas, reservas, acertos no back-office).',
        `  Uma peça substituída (--overwrite) fica com o stock de AGORA, não com o que tinha ${at}: as vendas e acertos desde então contam.`,
        `  Uma peça que faltava volta com o stock que tinha ${at}, sem movimento que o registe: confira-o no back-office e acerte-o aí (o acerto fica no histórico).`,
        'Fotos: ao apagar uma peça, a loja apaga as fotos que só ela usava; uma peça que faltava pode voltar sem fotos: carregue-as de novo no back-office.',
      ];
    case 'orders':
      return [
        'Copiar encomendas não mexe no stock nem envia e-mails aos clientes.',
        recount,
        'Uma encomenda que faltava abre-se pelo número no back-office, mas a pesquisa por nome ou e-mail só a encontra com os seus termos: ' +
          'a tabela orderSearch só se copia item a item (--keys), para não trazer de volta dados pessoais já apagados.',
      ];
    case 'contactMessages':
    case 'stockAlerts':
      return [recount];
    case 'stockMovements':
      return ['Os movimentos são o histórico do stock: copiá-los não muda o stock das peças.'];
    case 'mbwayCounters':
      return ['São os totais MB WAY de cada mês (os limites): substituir um mês volta à contagem antiga.'];
    case 'settings':
      return ['As definições substituídas ficam com a versão seguinte à de agora; o histórico de alterações não ganha uma entrada por isto.'];
    default:
      return [];
  }
}

async function reportCodeClashes(client: DynamoDBClient, plan: CopyPlan, log: (line: string) => void): Promise<void> {
  if (plan.table !== 'products' || !tables.products.indexes.some((i) => i.name === 'byCode')) return;
  for (const item of plan.items.filter((i) => i.state === 'missing' && isCopied(plan, i))) {
    const code = item.restored?.code?.S;
    if (!code) continue;
    const answer = await client.send(
      new QueryCommand({ TableName: plan.liveTable, IndexName: 'byCode', KeyConditionExpression: 'code = :code', ExpressionAttributeValues: { ':code': { S: code } } }),
    );
    const others = (answer.Items ?? []).map((other) => scalar(other.id)).filter((id) => id !== item.keyText);
    if (others.length > 0) log(`  Atenção: o código ${code} da peça ${item.keyText} já é usado agora por ${others.join(', ')}: mude um deles no back-office.`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The whole command

export interface RestoreDeps {
  /** The DynamoDB client (a test points one at DynamoDB Local, or hands a recorded one); by default one for the region. */
  readonly client?: DynamoDBClient;
  readonly log?: (line: string) => void;
  /** Where `TABLE_*` overrides are read. @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  readonly wait?: WaitSettings;
}

export interface RestoreOutcome {
  readonly liveTable?: string;
  readonly restoredTable: string;
  readonly plan?: CopyPlan;
  readonly result?: CopyResult;
  readonly deleted?: boolean;
}

/** Runs one command of `npm run restore`, reporting through `log`. Throws {@link OperatorError} in Portuguese. */
export async function runRestore(options: RestoreOptions, deps: RestoreDeps = {}): Promise<RestoreOutcome> {
  const log = deps.log ?? console.log;
  const env = deps.env ?? process.env;
  const client = deps.client ?? new DynamoDBClient({ region: options.region });
  const place: Place = { stage: options.stage, stackName: options.stackName, region: options.region };
  try {
    if (options.mode === 'delete-restored') return await deleteRestored(client, options, place, log);

    const def = tables[options.table];
    const liveTable =
      env[def.envVar] ?? liveTableName(options.stackName, options.table, await aws(() => listTableNames(client), place));
    let restoredTable: string;
    /** When the copy is from, after "em"/"no": "em 20/11/2026 09:00". */
    let at: string;

    if (options.mode === 'restore') {
      restoredTable = restoredTableName(liveTable, options.to);
      at = `em ${formatDateTime(options.to)}`;
      log(`Passo 1 de 3: restaurar ${options.table} como estava em ${describeMoment(options.to)}`);
      const pitr = await aws(() => client.send(new DescribeContinuousBackupsCommand({ TableName: liveTable })), { ...place, table: liveTable });
      const window = checkRestoreWindow(options.to, pitr.ContinuousBackupsDescription?.PointInTimeRecoveryDescription, liveTable);
      log(`  A AWS pode restaurar ${liveTable} para qualquer momento entre ${formatDateTime(window.earliest)} e ${formatDateTime(window.latest)} (hora de Lisboa).`);
      const resume = again(place, `--table ${options.table} --from-restored ${restoredTable}`);
      const existing = await aws(() => describeTable(client, restoredTable), { ...place, table: restoredTable });
      if (existing) {
        log(`  A tabela ${restoredTable} já existe (um restauro anterior para o mesmo momento): uso-a, sem restaurar outra vez.`);
      } else {
        log(`  A criar a tabela NOVA ${restoredTable} (a tabela em uso não é tocada).`);
        log('  Isto pode demorar de alguns minutos a algumas horas; pode deixar correr. O restauro é pago pela quantidade de dados restaurada.');
        await aws(
          () =>
            client.send(
              new RestoreTableToPointInTimeCommand({
                SourceTableName: liveTable,
                TargetTableName: restoredTable,
                RestoreDateTime: options.to,
                BillingModeOverride: 'PAY_PER_REQUEST',
                SSESpecificationOverride: RESTORED_SSE,
              }),
            ),
          { ...place, table: liveTable },
        );
      }
      await aws(() => waitForActive(client, restoredTable, deps.wait ?? DEFAULT_WAIT, log, resume), { ...place, table: restoredTable });
      log(`  Pronta: ${restoredTable}. Tem os dados como estavam ${at}, sem TTL, sem stream e sem PITR (a AWS não os copia; não fazem falta para isto).`);
    } else {
      restoredTable = options.restoredTable;
      if (restoredTable === liveTable || restoredTable.startsWith(`${options.stackName}-Data`)) {
        throw new OperatorError(`${restoredTable} é uma tabela em uso da loja, não uma cópia restaurada: dê o nome da tabela restaurada (começa por restore-).`);
      }
      // Only a copy this command made of this very table: a copy of products never goes into orders.
      if (RESTORED_NAME.exec(restoredTable)?.[2] !== liveTable) {
        throw new OperatorError(`${restoredTable} não é uma cópia restaurada da tabela ${options.table} (${liveTable}): as cópias desta tabela chamam-se restore-<momento>-${liveTable}.`);
      }
      const described = await aws(() => describeTable(client, restoredTable), { ...place, table: restoredTable });
      if (!described) throw new OperatorError(`A tabela restaurada ${restoredTable} não existe em ${options.region}: já foi apagada? Restaure outra vez com --to.`);
      checkKeySchema(options.table, restoredTable, described.KeySchema);
      if (described.TableStatus !== 'ACTIVE') {
        log(`  ${restoredTable} ainda não está pronta (${described.TableStatus}): espero por ela.`);
        const resume = again(place, `--table ${options.table} --from-restored ${restoredTable}`);
        await aws(() => waitForActive(client, restoredTable, deps.wait ?? DEFAULT_WAIT, log, resume), { ...place, table: restoredTable });
      }
      const stamp = RESTORED_NAME.exec(restoredTable)?.[1];
      const moment = stamp ? new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`) : undefined;
      at = moment ? `em ${formatDateTime(moment)}` : 'no momento restaurado';
    }

    log('');
    log(`Passo 2 de 3: comparar a cópia (a tabela como estava ${at}) com a tabela em uso`);
    log(`  Tabela em uso:     ${liveTable}`);
    log(`  Tabela restaurada: ${restoredTable}`);
    const plan = await aws(() => planCopy(client, { table: options.table, liveTable, restoredTable, ...(options.selection ? { selection: options.selection } : {}), overwrite: options.overwrite }), place);
    reportPlan(plan, at, log);
    if (options.selection?.kind === 'all' && options.overwrite && plan.items.some((i) => i.state === 'different')) {
      log('');
      log(`AVISO: --all --overwrite volta TODOS os itens diferentes à versão que tinham ${at}; as mudanças feitas desde então nesses itens perdem-se.`);
    }
    await aws(() => reportCodeClashes(client, plan, log), place);

    let result: CopyResult | undefined;
    const toCopy = plan.items.filter((item) => isCopied(plan, item));
    log('');
    if (!options.selection) {
      log('Nada foi copiado. Para copiar, escolha o quê e repita (primeiro sem --apply, para ver; depois com --apply):');
      log(`  ${again(place, `--table ${options.table} --from-restored ${restoredTable} --keys <chave,chave>`)}`);
      log(`  ${again(place, `--table ${options.table} --from-restored ${restoredTable} --all-missing`)}`);
    } else if (toCopy.length === 0) {
      log('Não há nada a copiar com estas opções.');
    } else if (!options.apply) {
      log(`Isto foi só uma simulação: nada foi escrito. Para copiar ${toCopy.length} ${toCopy.length === 1 ? 'item' : 'itens'}, repita o comando com --apply:`);
      log(`  ${again(place, `--table ${options.table} --from-restored ${restoredTable} ${selectionArgs(options.selection)}${options.overwrite ? ' --overwrite' : ''} --apply`)}`);
    } else {
      result = await aws(() => applyCopy(client, plan), { ...place, table: liveTable });
      if (result.copied.length > 0) log(`Copiados para ${liveTable}: ${result.copied.length} (${keyList(result.copied)}).`);
      if (result.replaced.length > 0) log(`Substituídos pela versão que tinham ${at}: ${result.replaced.length} (${keyList(result.replaced)}).`);
      if (result.changedMeanwhile.length > 0) {
        log(
          `Não tocados, porque mudaram na tabela em uso depois da comparação: ${keyList(result.changedMeanwhile)}. ` +
            'Repita o comando para os comparar outra vez.',
        );
      }
    }
    const notes = tableNotes(options.table, at);
    if (notes.length > 0) {
      log('');
      for (const note of notes) log(note);
    }

    log('');
    log('Passo 3 de 3: arrumar');
    log(`  A tabela restaurada ${restoredTable} continua a existir e custa dinheiro enquanto existir (o armazenamento no DynamoDB).`);
    log(`  Pode voltar a usá-la sem novo restauro: ${again(place, `--table ${options.table} --from-restored ${restoredTable}`)} ...`);
    log(`  Quando acabar, apague-a: ${again(place, `--delete-restored ${restoredTable} --apply`)}`);
    return { liveTable, restoredTable, plan, ...(result ? { result } : {}) };
  } finally {
    if (!deps.client) client.destroy();
  }
}

/** A command line to run next, for the same stack and region. */
function again(place: Place, args: string): string {
  return `npm run restore -- ${args} --stage ${place.stage} --region ${place.region}`;
}

function keyList(items: readonly PlannedItem[]): string {
  const keys = items.slice(0, LISTED).map((i) => i.keyText).join(', ');
  return items.length > LISTED ? `${keys} e mais ${items.length - LISTED}` : keys;
}

function selectionArgs(selection: Selection): string {
  if (selection.kind === 'keys') return `--keys ${selection.keys.join(',')}`;
  return selection.kind === 'all' ? '--all' : '--all-missing';
}

function checkKeySchema(table: TableKey, restoredTable: string, schema: readonly KeySchemaElement[] | undefined): void {
  const def: TableDef = tables[table];
  const expected = [`${def.partitionKey.name}:HASH`, ...(def.sortKey ? [`${def.sortKey.name}:RANGE`] : [])].join(',');
  const actual = (schema ?? []).map((k) => `${k.AttributeName}:${k.KeyType}`).join(',');
  if (actual !== expected) {
    throw new OperatorError(`A tabela ${restoredTable} não tem as chaves da tabela ${table} (${actual || 'nenhuma'} em vez de ${expected}): é uma cópia de outra tabela?`);
  }
}

async function deleteRestored(client: DynamoDBClient, options: Extract<RestoreOptions, { mode: 'delete-restored' }>, place: Place, log: (line: string) => void): Promise<RestoreOutcome> {
  const name = options.restoredTable;
  const described = await aws(() => describeTable(client, name), { ...place, table: name });
  if (!described) {
    log(`A tabela ${name} não existe (já foi apagada?): nada a fazer.`);
    return { restoredTable: name, deleted: false };
  }
  const size = described.TableSizeBytes !== undefined ? `, uns ${Math.max(1, Math.round(described.TableSizeBytes / 1024))} KB` : '';
  if (!options.apply) {
    log(`Apagaria a tabela restaurada ${name} (${described.ItemCount ?? '?'} itens segundo a AWS${size}). A tabela em uso não é tocada.`);
    log(`Para apagar de facto: ${again(place, `--delete-restored ${name} --apply`)}`);
    return { restoredTable: name, deleted: false };
  }
  await aws(() => client.send(new DeleteTableCommand({ TableName: name })), { ...place, table: name });
  log(`A apagar a tabela restaurada ${name}: deixa de custar dinheiro dentro de momentos. A tabela em uso não foi tocada.`);
  return { restoredTable: name, deleted: true };
}

await runAsScript(import.meta.url, { name: 'restore', usage: RESTORE_USAGE, parse: parseRestoreArgs, run: runRestore });
