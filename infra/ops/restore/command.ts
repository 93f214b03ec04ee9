/**
 * One command of `npm run restore`, from its options to its three steps: the restored copy
 * (`point-in-time.ts`), the comparison and the copy (`planning.ts`, `applying.ts`), and the clean-up
 * (what the copy costs; `--delete-restored`).
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tables } from '#lambdas/contracts/data-model.ts';
import { applyCopy, type CopyResult } from './applying.ts';
import { aws } from './aws-errors.ts';
import { again, selectionArgs, type Place, type RestoreOptions } from './options.ts';
import { isCopied, planCopy, type CopyPlan } from './planning.ts';
import { DEFAULT_WAIT, openRestored, restoreToMoment, type RestoredCopy, type StepContext, type WaitSettings } from './point-in-time.ts';
import { keyList, reportCodeClashes, reportPlan, tableNotes } from './reporting.ts';
import { describeTable, listTableNames, liveTableName } from './tables.ts';

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

type CopyOptions = Extract<RestoreOptions, { mode: 'restore' | 'from-restored' }>;

/** Runs one command of `npm run restore`, reporting through `log`. Throws {@link OperatorError} in Portuguese. */
export async function runRestore(options: RestoreOptions, deps: RestoreDeps = {}): Promise<RestoreOutcome> {
  const log = deps.log ?? console.log;
  const env = deps.env ?? process.env;
  const client = deps.client ?? new DynamoDBClient({ region: options.region });
  const place: Place = { stage: options.stage, stackName: options.stackName, region: options.region };
  try {
    if (options.mode === 'delete-restored') return await deleteRestored(client, options, place, log);

    const def = tables[options.table];
    const liveTable = env[def.envVar] ?? liveTableName(options.stackName, options.table, await aws(() => listTableNames(client), place));
    const step: StepContext = { client, place, liveTable, wait: deps.wait ?? DEFAULT_WAIT, log };
    const copy = options.mode === 'restore' ? await restoreToMoment(step, options) : await openRestored(step, options);
    const { plan, result } = await compareAndCopy(step, options, copy);
    sayCleanUp(step, options, copy.restoredTable);
    return { liveTable, restoredTable: copy.restoredTable, plan, ...(result ? { result } : {}) };
  } finally {
    if (!deps.client) client.destroy();
  }
}

/** Step 2: compares the copy with the live table, says what differs, and copies what was chosen (with `--apply`). */
async function compareAndCopy(
  step: StepContext,
  options: CopyOptions,
  { restoredTable, at }: RestoredCopy,
): Promise<{ plan: CopyPlan; result?: CopyResult }> {
  const { client, place, liveTable, log } = step;
  log('');
  log(`Passo 2 de 3: comparar a cópia (a tabela como estava ${at}) com a tabela em uso`);
  log(`  Tabela em uso:     ${liveTable}`);
  log(`  Tabela restaurada: ${restoredTable}`);
  const plan = await aws(
    () =>
      planCopy(client, {
        table: options.table,
        liveTable,
        restoredTable,
        ...(options.selection ? { selection: options.selection } : {}),
        overwrite: options.overwrite,
      }),
    place,
  );
  reportPlan(plan, at, log);
  if (options.selection?.kind === 'all' && options.overwrite && plan.items.some((i) => i.state === 'different')) {
    log('');
    log(
      `AVISO: --all --overwrite volta TODOS os itens diferentes à versão que ` +
        `tinham ${at}; as mudanças feitas desde então nesses itens perdem-se.`,
    );
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
    log(
      `Isto foi só uma simulação: nada foi escrito. Para ` +
        `copiar ${toCopy.length} ${toCopy.length === 1 ? 'item' : 'itens'}, repita o comando com --apply:`,
    );
    const overwrite = options.overwrite ? ' --overwrite' : '';
    const args = `--table ${options.table} --from-restored ${restoredTable} ${selectionArgs(options.selection)}${overwrite} --apply`;
    log(`  ${again(place, args)}`);
  } else {
    result = await aws(() => applyCopy(client, plan), { ...place, table: liveTable });
    sayCopied(result, liveTable, at, log);
  }
  const notes = tableNotes(options.table, at);
  if (notes.length > 0) {
    log('');
    for (const note of notes) log(note);
  }
  return { plan, ...(result ? { result } : {}) };
}

function sayCopied(result: CopyResult, liveTable: string, at: string, log: (line: string) => void): void {
  if (result.copied.length > 0) log(`Copiados para ${liveTable}: ${result.copied.length} (${keyList(result.copied)}).`);
  if (result.replaced.length > 0)
    log(`Substituídos pela versão que tinham ${at}: ${result.replaced.length} (${keyList(result.replaced)}).`);
  if (result.changedMeanwhile.length > 0) {
    log(
      `Não tocados, porque mudaram na tabela em uso depois da comparação: ${keyList(result.changedMeanwhile)}. ` +
        'Repita o comando para os comparar outra vez.',
    );
  }
}

/** Step 3: the restored copy costs money while it exists; how to use it again, and how to delete it. */
function sayCleanUp({ place, log }: StepContext, options: CopyOptions, restoredTable: string): void {
  log('');
  log('Passo 3 de 3: arrumar');
  log(`  A tabela restaurada ${restoredTable} continua a existir e custa dinheiro enquanto existir (o armazenamento no DynamoDB).`);
  log(`  Pode voltar a usá-la sem novo restauro: ${again(place, `--table ${options.table} --from-restored ${restoredTable}`)} ...`);
  log(`  Quando acabar, apague-a: ${again(place, `--delete-restored ${restoredTable} --apply`)}`);
}

/** `--delete-restored`: says what it would delete, or (with `--apply`) deletes the restored table. */
async function deleteRestored(
  client: DynamoDBClient,
  options: Extract<RestoreOptions, { mode: 'delete-restored' }>,
  place: Place,
  log: (line: string) => void,
): Promise<RestoreOutcome> {
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
