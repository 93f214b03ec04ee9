/**
 * Step 1, the restored copy: `RestoreTableToPointInTime` into a new table within the live table's PITR
 * window, and the wait until it is ready (`--to`); or a copy restored before (`--from-restored`).
 */
import {
  DescribeContinuousBackupsCommand,
  RestoreTableToPointInTimeCommand,
  waitUntilTableExists,
  type DynamoDBClient,
  type PointInTimeRecoveryDescription,
  type SSESpecification,
} from '@aws-sdk/client-dynamodb';
import { formatDateTime } from '#shared/dates.ts';
import { OperatorError } from '../create-admin.ts';
import { aws } from './aws-errors.ts';
import { again, type Place, type RestoreOptions } from './options.ts';
import { describeMoment } from './reporting.ts';
import { checkKeySchema, describeTable, RESTORED_NAME, restoredMoment, restoredTableName } from './tables.ts';

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

/** Refuses a moment outside the table's PITR window, saying what the window is. Throws {@link OperatorError}. */
export function checkRestoreWindow(
  to: Date,
  pitr: PointInTimeRecoveryDescription | undefined,
  table: string,
): { earliest: Date; latest: Date } {
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

export interface WaitSettings {
  /** Seconds between DescribeTable calls (the waiter's backoff, from min to max). */
  readonly minDelay: number;
  readonly maxDelay: number;
  readonly maxWaitTime: number;
  /** How often to say it is still waiting. */
  readonly progressEveryMs: number;
}

export const DEFAULT_WAIT: WaitSettings = { minDelay: 20, maxDelay: 60, maxWaitTime: RESTORE_MAX_WAIT_SECONDS, progressEveryMs: 60_000 };

async function waitForActive(
  client: DynamoDBClient,
  name: string,
  wait: WaitSettings,
  log: (line: string) => void,
  resume: string,
): Promise<void> {
  const started = Date.now();
  const ticker = setInterval(() => log(`  Ainda a restaurar... ${Math.round((Date.now() - started) / 60_000)} min`), wait.progressEveryMs);
  try {
    await waitUntilTableExists(
      { client, minDelay: wait.minDelay, maxDelay: wait.maxDelay, maxWaitTime: wait.maxWaitTime },
      { TableName: name },
    );
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

/** Where step 1 works: the client, the shop, the live table, how to wait and where to say it. */
export interface StepContext {
  readonly client: DynamoDBClient;
  readonly place: Place;
  readonly liveTable: string;
  readonly wait: WaitSettings;
  readonly log: (line: string) => void;
}

/** The restored copy step 2 compares, and when it is from, after "em"/"no": "em 20/11/2026 09:00". */
export interface RestoredCopy {
  readonly restoredTable: string;
  readonly at: string;
}

/**
 * `--to`: restores the live table as it was at that moment into a new table (or reuses one restored for the same moment), and waits for it.
 */
export async function restoreToMoment(step: StepContext, options: Extract<RestoreOptions, { mode: 'restore' }>): Promise<RestoredCopy> {
  const { client, place, liveTable, log } = step;
  const restoredTable = restoredTableName(liveTable, options.to);
  const at = `em ${formatDateTime(options.to)}`;
  log(`Passo 1 de 3: restaurar ${options.table} como estava em ${describeMoment(options.to)}`);
  const pitr = await aws(() => client.send(new DescribeContinuousBackupsCommand({ TableName: liveTable })), { ...place, table: liveTable });
  const window = checkRestoreWindow(options.to, pitr.ContinuousBackupsDescription?.PointInTimeRecoveryDescription, liveTable);
  log(
    `  A AWS pode restaurar ${liveTable} para qualquer momento ` +
      `entre ${formatDateTime(window.earliest)} e ${formatDateTime(window.latest)} (hora de Lisboa).`,
  );
  const resume = again(place, `--table ${options.table} --from-restored ${restoredTable}`);
  const existing = await aws(() => describeTable(client, restoredTable), { ...place, table: restoredTable });
  if (existing) {
    log(`  A tabela ${restoredTable} já existe (um restauro anterior para o mesmo momento): uso-a, sem restaurar outra vez.`);
  } else {
    log(`  A criar a tabela NOVA ${restoredTable} (a tabela em uso não é tocada).`);
    log(
      '  Isto pode demorar de alguns minutos a algumas horas; pode deixar correr. O restauro é pago pela quantidade de dados restaurada.',
    );
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
  await aws(() => waitForActive(client, restoredTable, step.wait, log, resume), { ...place, table: restoredTable });
  log(
    `  Pronta: ${restoredTable}. Tem os dados como estavam ${at}, sem TTL, ` +
      `sem stream e sem PITR (a AWS não os copia; não fazem falta para isto).`,
  );
  return { restoredTable, at };
}

/** `--from-restored`: a copy this command restored before of this very table, waited for if not ready yet. Throws {@link OperatorError}. */
export async function openRestored(step: StepContext, options: Extract<RestoreOptions, { mode: 'from-restored' }>): Promise<RestoredCopy> {
  const { client, place, liveTable, log } = step;
  const restoredTable = options.restoredTable;
  if (restoredTable === liveTable || restoredTable.startsWith(`${options.stackName}-Data`)) {
    throw new OperatorError(
      `${restoredTable} é uma tabela em uso da loja, não uma cópia restaurada: dê o nome da tabela restaurada (começa por restore-).`,
    );
  }
  // Only a copy this command made of this very table: a copy of products never goes into orders.
  if (RESTORED_NAME.exec(restoredTable)?.[2] !== liveTable) {
    throw new OperatorError(
      `${restoredTable} não é uma cópia restaurada da tabela ${options.table} ` +
        `(${liveTable}): as cópias desta tabela chamam-se restore-<momento>-${liveTable}.`,
    );
  }
  const described = await aws(() => describeTable(client, restoredTable), { ...place, table: restoredTable });
  if (!described)
    throw new OperatorError(
      `A tabela restaurada ${restoredTable} não existe em ${options.region}: já foi apagada? Restaure outra vez com --to.`,
    );
  checkKeySchema(options.table, restoredTable, described.KeySchema);
  if (described.TableStatus !== 'ACTIVE') {
    log(`  ${restoredTable} ainda não está pronta (${described.TableStatus}): espero por ela.`);
    const resume = again(place, `--table ${options.table} --from-restored ${restoredTable}`);
    await aws(() => waitForActive(client, restoredTable, step.wait, log, resume), { ...place, table: restoredTable });
  }
  const moment = restoredMoment(restoredTable);
  return { restoredTable, at: moment ? `em ${formatDateTime(moment)}` : 'no momento restaurado' };
}
