/**
 * The command line of `npm run restore`: its usage, the flags, and every refusal of a command that makes
 * no sense, in Portuguese ({@link UsageError}).
 */
import { parseArgs } from 'node:util';
import { tables, type TableDef, type TableKey } from '#lambdas/contracts/data-model.ts';
import { formatDateTime } from '#shared/dates.ts';
import { readDeploySettings, type ContextReader } from '../../common/deploy-settings.ts';
import { stackName as stackNameOf } from '../../common/naming.ts';
import { cdkJsonContext, PLACE_OPTIONS, UsageError } from '../create-admin.ts';
import type { Place, RestoreOptions, Selection } from './options.ts';
import { PITR_MAX_DAYS } from './point-in-time.ts';
import { describeMoment } from './reporting.ts';
import { PERSONAL_DATA_TABLES, REFUSED_TABLES, RESTORABLE_TABLES, RESTORED_NAME } from './tables.ts';

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
        ? `Falta o fuso horário em "${text}": acrescente Z (UTC) ou o fuso de ` +
            `Lisboa (+00:00 no inverno, +01:00 no verão), por exemplo ${text.trim()}Z.`
        : `"${text}" não é uma data e hora que eu perceba: ${example}.`,
    );
  }
  const ms = Date.parse(text.trim());
  const offsetMinutes =
    match[3] === 'Z' ? 0 : (match[3]!.startsWith('-') ? -1 : 1) * (Number(match[3]!.slice(1, 3)) * 60 + Number(match[3]!.slice(4, 6)));
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
    throw new UsageError(
      `${describeMoment(moment)} é há mais de ${PITR_MAX_DAYS} dias: a AWS só guarda os últimos ${PITR_MAX_DAYS} dias de cada tabela.`,
    );
  }
  return moment;
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
  const keys = [
    ...new Set(
      raw
        .flatMap((value) => value.split(/[,\s]+/))
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  if (keys.length === 0) throw new UsageError('--keys sem chaves: dê pelo menos uma, por exemplo --keys 123456,654321.');
  for (const key of keys) {
    if (def.partitionKey.type === 'N' && !/^-?\d+(\.\d+)?$/.test(key))
      throw new UsageError(`"${key}" não é um número, e as chaves desta tabela são números.`);
  }
  return keys;
}

/** The flags as given, or a {@link UsageError} for an unknown flag, a missing value, a bare word. */
function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({
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
    }).values;
  } catch (error) {
    throw parseError(error);
  }
}

type Flags = ReturnType<typeof readFlags>;

/** The names of the flags given, among those named. */
const given = (flags: ReadonlyArray<string | false>): string[] => flags.filter((m): m is string => typeof m === 'string');

/** The stack and region: `--stage`/`--region`, else `cdk.json`, else the environment's region. */
function placeOf(values: Flags, context: ContextReader, env: NodeJS.ProcessEnv): Place {
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
  return { stage: settings.stage, stackName: stackNameOf(settings.stage), region: values.region ?? settings.region };
}

/** `--delete-restored <table>`: only a table this command named, and nothing of the copy's flags. */
function deleteRestoredOptions(values: Flags, name: string, chosen: readonly string[], place: Place): RestoreOptions {
  if (!RESTORED_NAME.test(name)) {
    throw new UsageError(`Só apago tabelas restauradas por este comando (o nome começa por restore-<data>Z-): "${name}" não é uma delas.`);
  }
  const extra = given([...chosen, values.overwrite && '--overwrite', values.table !== undefined && '--table']);
  if (extra.length > 0) throw new UsageError(`--delete-restored não se junta a ${extra.join(', ')}.`);
  return { ...place, mode: 'delete-restored', restoredTable: name, apply: values.apply };
}

/** What to copy (`--keys`, `--all-missing`, `--all`), with `--apply` and `--overwrite` only where they make sense. */
function selectionOf(values: Flags, table: TableKey): Selection | undefined {
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
  return selection;
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError} (in Portuguese). */
export function parseRestoreArgs(
  argv: readonly string[],
  context: ContextReader = cdkJsonContext(),
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): RestoreOptions | 'help' {
  const values = readFlags(argv);
  if (values.help) return 'help';
  const place = placeOf(values, context, env);

  const modes = given([
    values.to !== undefined && '--to',
    values['from-restored'] !== undefined && '--from-restored',
    values['delete-restored'] !== undefined && '--delete-restored',
  ]);
  if (modes.length > 1) throw new UsageError(`Use só uma de ${modes.join(' e ')}.`);
  const chosen = given([values.keys !== undefined && '--keys', values['all-missing'] && '--all-missing', values.all && '--all']);
  if (values['delete-restored'] !== undefined) return deleteRestoredOptions(values, values['delete-restored'].trim(), chosen, place);

  if (values.table === undefined) throw new UsageError(`Diga que tabela: --table <tabela> (${RESTORABLE_TABLES.join(', ')}).`);
  const table = tableKeyOf(values.table);
  if (modes.length === 0)
    throw new UsageError(
      'Diga para que momento: --to <data e hora> (ou --from-restored <tabela restaurada> para usar uma cópia feita antes).',
    );
  if (chosen.length > 1) throw new UsageError(`Escolha só uma forma de escolher itens: ${chosen.join(' ou ')}.`);
  const selection = selectionOf(values, table);
  const copy = { ...(selection ? { selection } : {}), apply: values.apply, overwrite: values.overwrite };
  if (values.to !== undefined) return { ...place, mode: 'restore', table, to: parseMoment(values.to, now), ...copy };
  const restoredTable = values['from-restored']!.trim();
  if (restoredTable === '') throw new UsageError('--from-restored sem nome de tabela.');
  return { ...place, mode: 'from-restored', table, restoredTable, ...copy };
}
