/**
 * `npm run restore`, the parts that need no database: the command line and its
 * Portuguese refusals, the restored table's name, the PITR window, the encryption of the restored table
 * against the synthesized tables, and the restore step against recorded AWS answers (DynamoDB Local has
 * no DescribeContinuousBackups nor RestoreTableToPointInTime: it answers UnknownOperationException).
 * The copy step runs against the twin's DynamoDB Local in `test/lambdas/restore.test.ts`.
 */
import {
  BatchGetItemCommand,
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  RestoreTableToPointInTimeCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { Data } from '#infra/cloud/data.ts';
import { OperatorError, UsageError } from '#infra/ops/create-admin.ts';
import { parseRestoreArgs } from '#infra/ops/restore/arguments.ts';
import { explainRestoreError } from '#infra/ops/restore/aws-errors.ts';
import { runRestore } from '#infra/ops/restore/command.ts';
import type { RestoreOptions } from '#infra/ops/restore/options.ts';
import { checkRestoreWindow, RESTORED_SSE } from '#infra/ops/restore/point-in-time.ts';
import { liveTableName, RESTORABLE_TABLES, restoredTableName } from '#infra/ops/restore/tables.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const context = (values: Record<string, unknown>) => (key: string) => values[key];
const cdkJson = context({ stage: 'prod', region: 'eu-west-1' });
const parse = (...argv: string[]) => parseRestoreArgs(argv, cdkJson, {}, NOW);
const refusal = (...argv: string[]): string => {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
};

describe('command line', () => {
  it('restore: a table, a moment; the stack and region of cdk.json; nothing written without --apply', () => {
    expect(parse('--table', 'orders', '--to', '2026-11-20T09:00:00Z')).toEqual({
      mode: 'restore',
      table: 'orders',
      to: new Date('2026-11-20T09:00:00Z'),
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      apply: false,
      overwrite: false,
    });
    // Lisbon's summer time: 10:00 there is 09:00 UTC.
    expect(
      parseRestoreArgs(
        ['--table', 'contact-messages', '--to', '2026-07-20T10:00:00+01:00', '--stage', 'loja2', '--region', 'eu-south-2'],
        cdkJson,
        {},
        new Date('2026-07-25T12:00:00Z'),
      ),
    ).toMatchObject({
      table: 'contactMessages',
      to: new Date('2026-07-20T09:00:00Z'),
      stackName: 'JoiasInox-loja2',
      region: 'eu-south-2',
    });
    expect(parse('-h')).toBe('help');
  });

  it('what to copy: --keys (commas, repeated, deduplicated), --all-missing, --all only with --overwrite', () => {
    expect(
      parse('--table', 'orders', '--from-restored', 'restore-x', '--keys', '123456, 654321', '--keys', '123456', '--apply'),
    ).toMatchObject({
      mode: 'from-restored',
      restoredTable: 'restore-x',
      selection: { kind: 'keys', keys: ['123456', '654321'] },
      apply: true,
    });
    expect(parse('--table', 'products', '--to', '2026-11-20T09:00:00Z', '--all-missing')).toMatchObject({
      selection: { kind: 'all-missing' },
      apply: false,
    });
    expect(parse('--table', 'products', '--from-restored', 'r', '--all', '--overwrite')).toMatchObject({
      selection: { kind: 'all' },
      overwrite: true,
    });
    expect(refusal('--table', 'products', '--from-restored', 'r', '--all')).toMatch(/--all sem --overwrite .* use --all-missing/);
    expect(refusal('--table', 'products', '--from-restored', 'r', '--all-missing', '--overwrite')).toMatch(/só copia o que falta/);
    expect(refusal('--table', 'products', '--from-restored', 'r', '--apply')).toMatch(
      /diga o que copiar: --keys <chaves>, --all-missing ou --all/,
    );
    expect(refusal('--table', 'products', '--from-restored', 'r', '--keys', ' , ')).toMatch(/--keys sem chaves/);
    expect(refusal('--table', 'products', '--from-restored', 'r', '--keys', 'a', '--all-missing')).toMatch(/Escolha só uma forma/);
  });

  it('unknown tables, tables that are never restored and missing choices are refused in Portuguese', () => {
    expect(refusal('--table', 'encomendas', '--to', '2026-11-20T09:00:00Z')).toBe(
      `Tabela desconhecida: "encomendas". As tabelas da loja são: ${RESTORABLE_TABLES.join(', ')}.`,
    );
    expect(RESTORABLE_TABLES).toEqual(
      expect.arrayContaining(['orders', 'products', 'collections', 'contactMessages', 'stockAlerts', 'settings']),
    );
    expect(refusal('--table', 'outbox', '--to', '2026-11-20T09:00:00Z')).toMatch(/não se restaura: .*enviar outra vez e-mails/);
    expect(refusal('--table', 'counters', '--to', '2026-11-20T09:00:00Z')).toMatch(/npm run recount/);
    expect(refusal('--to', '2026-11-20T09:00:00Z')).toMatch(/^Diga que tabela: --table/);
    expect(refusal('--table', 'orders')).toMatch(/^Diga para que momento: --to/);
    expect(refusal('--table', 'orders', '--to', '2026-11-20T09:00:00Z', '--from-restored', 'r')).toMatch(
      /Use só uma de --to e --from-restored/,
    );
    expect(refusal('--table', 'orders', '--nope')).toBe('Opção desconhecida: --nope.');
    expect(refusal('--table')).toBe('Falta o valor da opção --table.');
    expect(refusal('orders')).toMatch(/Não percebo "orders"/);
    expect(refusal('--table', 'orders', '--to', '2026-11-20T09:00:00Z', '--stage', 'Prod!')).toMatch(/--stage "Prod!" não serve/);
  });

  it('personal data (contact messages, back-in-stock requests, the search terms) is copied back only by --keys, never in bulk', () => {
    const from = ['--from-restored', 'restore-20261120T090000Z-x'];
    for (const table of ['contactMessages', 'stockAlerts', 'orderSearch']) {
      for (const bulk of [['--all-missing'], ['--all', '--overwrite']]) {
        expect(() => parseRestoreArgs(['--table', table, ...from, ...bulk], cdkJson, {}), `${table} ${bulk.join(' ')}`).toThrow(
          /guarda dados pessoais que a loja apaga no fim do prazo de conservação .* copie só os itens de que precisa, com --keys/,
        );
      }
      expect(parseRestoreArgs(['--table', table, ...from, '--keys', 'a'], cdkJson, {})).toMatchObject({ selection: { kind: 'keys' } });
    }
    expect(parseRestoreArgs(['--table', 'orders', ...from, '--all-missing'], cdkJson, {})).toMatchObject({
      selection: { kind: 'all-missing' },
    });
  });

  it('bad, zoneless, impossible, future and too old moments are refused in Portuguese', () => {
    expect(refusal('--table', 'orders', '--to', 'ontem')).toMatch(
      /"ontem" não é uma data e hora que eu perceba: use por exemplo 2026-11-20T09:00:00Z/,
    );
    expect(refusal('--table', 'orders', '--to', '2026-11-20T09:00')).toMatch(/Falta o fuso horário .* por exemplo 2026-11-20T09:00Z/);
    expect(refusal('--table', 'orders', '--to', '2026-02-30T09:00:00Z')).toMatch(/não é uma data e hora que exista/);
    expect(refusal('--table', 'orders', '--to', '2026-11-20T24:30:00Z')).toMatch(/não é uma data e hora que exista/);
    expect(refusal('--table', 'orders', '--to', '2026-11-26T09:00:00Z')).toBe(
      '26/11/2026 09:00 (hora de Lisboa; 2026-11-26T09:00:00Z) é no futuro: ' +
        'agora são 25/11/2026 12:00 em Lisboa. Escolha um momento passado.',
    );
    expect(refusal('--table', 'orders', '--to', '2026-10-20T09:00:00Z')).toMatch(/há mais de 35 dias: a AWS só guarda os últimos 35 dias/);
    // PITR restores to the second.
    expect(parse('--table', 'orders', '--to', '2026-11-20T09:00:15.250Z')).toMatchObject({ to: new Date('2026-11-20T09:00:15Z') });
  });

  it('--delete-restored deletes only tables this script named, and takes no copy options', () => {
    const name = 'restore-20261120T090000Z-JoiasInox-prod-DataOrdersTableA1-B2';
    expect(parse('--delete-restored', name)).toEqual({
      mode: 'delete-restored',
      restoredTable: name,
      apply: false,
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
    });
    expect(parse('--delete-restored', name, '--apply')).toMatchObject({ apply: true });
    expect(refusal('--delete-restored', 'JoiasInox-prod-DataOrdersTableA1-B2', '--apply')).toMatch(
      /Só apago tabelas restauradas por este comando/,
    );
    expect(refusal('--delete-restored', name, '--keys', '1')).toMatch(/não se junta a --keys/);
  });
});

describe('names', () => {
  it('the restored table is new, named after the moment and the live table, and not taken for a table of the stack', () => {
    const live = 'JoiasInox-prod-DataOrdersTableA1B2C3-XYZ';
    const restored = restoredTableName(live, new Date('2026-11-20T09:00:00Z'));
    expect(restored).toBe(`restore-20261120T090000Z-${live}`);
    // The stack's tables are still found by their prefix while a copy exists (`npm run recount` too).
    expect(liveTableName('JoiasInox-prod', 'orders', [live, restored, 'JoiasInox-prod-DataOrderSearchTable9-Q'])).toBe(live);
    expect(() => liveTableName('JoiasInox-prod', 'orders', [restored])).toThrow(
      /Não encontrei tabela "orders" da pilha JoiasInox-prod .* TABLE_ORDERS/,
    );
    expect(() => liveTableName('JoiasInox-prod', 'orders', [live, `${live}2`])).toThrow(/Encontrei mais do que uma/);
  });
});

describe('PITR window', () => {
  const pitr = {
    PointInTimeRecoveryStatus: 'ENABLED' as const,
    EarliestRestorableDateTime: new Date('2026-10-21T12:00:00Z'),
    LatestRestorableDateTime: new Date('2026-11-25T11:55:00Z'),
  };

  it('accepts a moment inside it and refuses one before, after, or with PITR off, saying the window', () => {
    expect(checkRestoreWindow(new Date('2026-11-20T09:00:00Z'), pitr, 't')).toEqual({
      earliest: pitr.EarliestRestorableDateTime,
      latest: pitr.LatestRestorableDateTime,
    });
    expect(() => checkRestoreWindow(new Date('2026-10-21T11:59:59Z'), pitr, 't')).toThrow(
      /antes da cópia mais antiga de t, que é de 21\/10\/2026 13:00 .* entre 21\/10\/2026 13:00 e 25\/11\/2026 11:55/,
    );
    expect(() => checkRestoreWindow(new Date('2026-11-25T11:56:00Z'), pitr, 't')).toThrow(
      /demasiado recente: .* 25\/11\/2026 11:55 .* uns 5 minutos antes de agora/,
    );
    expect(() => checkRestoreWindow(new Date('2026-11-20T09:00:00Z'), { ...pitr, PointInTimeRecoveryStatus: 'DISABLED' }, 't')).toThrow(
      OperatorError,
    );
    expect(() => checkRestoreWindow(new Date('2026-11-20T09:00:00Z'), undefined, 't')).toThrow(/PITR\) não está ligada na tabela t/);
  });
});

describe('encryption of the restored table', () => {
  it('is the encryption of every table of the stack (KMS, AWS managed key, no key id)', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'T', { env: { account: '111111111111', region: 'eu-west-1' } });
    new Data(stack, 'Data');
    const found = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable'));
    expect(found.length).toBeGreaterThan(5);
    for (const table of found) {
      const sse = table.Properties.SSESpecification as { SSEEnabled: boolean; SSEType?: string; KMSMasterKeyId?: string };
      // The CloudFormation shape (SSEEnabled) against the API's (Enabled) of the restore's override.
      expect({
        Enabled: sse.SSEEnabled,
        SSEType: sse.SSEType,
        ...(sse.KMSMasterKeyId ? { KMSMasterKeyId: sse.KMSMasterKeyId } : {}),
      }).toEqual(RESTORED_SSE);
    }
  }, 120_000);
});

describe('AWS errors', () => {
  const where = { region: 'eu-west-1', table: 'T' };
  const error = (name: string, message = 'm') => Object.assign(new Error(message), { name });
  it('are explained in Portuguese', () => {
    expect(explainRestoreError(error('CredentialsProviderError', 'Could not load credentials from any providers'), where)).toMatch(
      /^Não encontrei credenciais da AWS/,
    );
    expect(explainRestoreError(error('ExpiredTokenException'), where)).toMatch(/expiraram ou estão erradas/);
    expect(explainRestoreError(error('AccessDeniedException'), where)).toMatch(/não tem licença .*RestoreTableToPointInTime.*DeleteTable/);
    expect(explainRestoreError(error('PointInTimeRecoveryUnavailableException'), where)).toMatch(/PITR\) não está ligada em T/);
    expect(explainRestoreError(error('TableAlreadyExistsException'), where)).toMatch(/--from-restored/);
    expect(explainRestoreError(error('UnknownOperationException'), where)).toMatch(/DynamoDB Local .* não tem restauros/);
    expect(explainRestoreError(error('Weird', 'boom'), where)).toBe('Weird: boom');
  });
});

// --- The restore step against recorded AWS answers --------------------------------------------------

const LIVE = 'JoiasInox-prod-DataOrdersTableA1B2C3-XYZ';
const RESTORED = `restore-20261120T090000Z-${LIVE}`;
const ARN = (name: string) => `arn:aws:dynamodb:eu-west-1:111111111111:table/${name}`;

/** The shapes of the API Reference's responses (DescribeContinuousBackups, RestoreTableToPointInTime, DescribeTable). */
const ANSWERS = {
  listTables: { TableNames: ['JoiasInox-prod-DataOrderSearchTable9A-JKL', LIVE, 'JoiasInox-prod-DataProductsTableQ-W'] },
  continuousBackups: {
    ContinuousBackupsDescription: {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: {
        PointInTimeRecoveryStatus: 'ENABLED',
        EarliestRestorableDateTime: new Date('2026-10-21T12:00:00Z'),
        LatestRestorableDateTime: new Date('2026-11-25T11:55:00Z'),
        RecoveryPeriodInDays: 35,
      },
    },
  },
  restore: (status: string) => ({
    TableDescription: {
      TableName: RESTORED,
      TableArn: ARN(RESTORED),
      TableStatus: status,
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      SSEDescription: { Status: 'ENABLED', SSEType: 'KMS', KMSMasterKeyArn: 'arn:aws:kms:eu-west-1:111111111111:key/k' },
      RestoreSummary: {
        SourceTableArn: ARN(LIVE),
        RestoreDateTime: new Date('2026-11-20T09:00:00Z'),
        RestoreInProgress: status !== 'ACTIVE',
      },
    },
  }),
};

const notFound = () => new ResourceNotFoundException({ message: 'Requested resource not found', $metadata: { httpStatusCode: 400 } });

/** A client whose `send` answers each command from `answer` and records what was sent. */
function recordedClient(answer: (name: string, input: any, count: number) => unknown) {
  const sent: { name: string; input: any }[] = [];
  const kinds: [new (input: any) => object, string][] = [
    [ListTablesCommand, 'ListTables'],
    [DescribeContinuousBackupsCommand, 'DescribeContinuousBackups'],
    [DescribeTableCommand, 'DescribeTable'],
    [RestoreTableToPointInTimeCommand, 'RestoreTableToPointInTime'],
    [ScanCommand, 'Scan'],
    [BatchGetItemCommand, 'BatchGetItem'],
  ];
  const client = {
    async send(command: { input: any }) {
      const name = kinds.find(([kind]) => command instanceof kind)?.[1] ?? command.constructor.name;
      sent.push({ name, input: command.input });
      const result = answer(name, command.input, sent.filter((s) => s.name === name).length);
      if (result instanceof Error) throw result;
      if (result === undefined) throw new Error(`unexpected ${name}`);
      return result;
    },
    destroy() {},
  };
  return { client: client as unknown as DynamoDBClient, sent };
}

const FAST_WAIT = { minDelay: 0.02, maxDelay: 0.02, maxWaitTime: 5, progressEveryMs: 10 };
const options = (extra: Partial<RestoreOptions> = {}) =>
  ({ ...(parse('--table', 'orders', '--to', '2026-11-20T09:00:00Z') as RestoreOptions), ...extra }) as RestoreOptions;

describe('restore step (recorded AWS answers)', () => {
  it('checks the window, restores into a new on-demand table encrypted like the stack, waits for it, then compares', async () => {
    const { client, sent } = recordedClient((name, input, count) => {
      if (name === 'ListTables') return ANSWERS.listTables;
      if (name === 'DescribeContinuousBackups') return ANSWERS.continuousBackups;
      if (name === 'DescribeTable')
        return count === 1 ? notFound() : { Table: ANSWERS.restore(count < 4 ? 'CREATING' : 'ACTIVE').TableDescription };
      if (name === 'RestoreTableToPointInTime') return ANSWERS.restore('CREATING');
      if (name === 'Scan') return { Items: [{ id: { S: '123456' }, status: { S: 'Enviar' } }], Count: 1 };
      if (name === 'BatchGetItem') return { Responses: { [LIVE]: [] }, UnprocessedKeys: {} };
      return undefined;
    });
    const lines: string[] = [];
    const outcome = await runRestore(options(), { client, log: (line) => lines.push(line), env: {}, wait: FAST_WAIT });

    expect(sent.map((s) => s.name)).toEqual([
      'ListTables',
      'DescribeContinuousBackups',
      'DescribeTable',
      'RestoreTableToPointInTime',
      'DescribeTable',
      'DescribeTable',
      'DescribeTable',
      'Scan',
      'BatchGetItem',
    ]);
    expect(sent.find((s) => s.name === 'DescribeContinuousBackups')!.input).toEqual({ TableName: LIVE });
    expect(sent.find((s) => s.name === 'RestoreTableToPointInTime')!.input).toEqual({
      SourceTableName: LIVE,
      TargetTableName: RESTORED,
      RestoreDateTime: new Date('2026-11-20T09:00:00Z'),
      BillingModeOverride: 'PAY_PER_REQUEST',
      SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
    });
    // Only the new table is read; the live one only by key, and nothing is written.
    expect(sent.find((s) => s.name === 'Scan')!.input.TableName).toBe(RESTORED);
    expect(Object.keys(sent.find((s) => s.name === 'BatchGetItem')!.input.RequestItems)).toEqual([LIVE]);
    expect(outcome).toMatchObject({ liveTable: LIVE, restoredTable: RESTORED });
    expect(outcome.plan!.items).toEqual([expect.objectContaining({ keyText: '123456', state: 'missing' })]);

    const text = lines.join('\n');
    expect(text).toContain('Passo 1 de 3: restaurar orders como estava em 20/11/2026 09:00 (hora de Lisboa; 2026-11-20T09:00:00Z)');
    expect(text).toContain(`A criar a tabela NOVA ${RESTORED} (a tabela em uso não é tocada).`);
    expect(text).toMatch(/Ainda a restaurar\.\.\. \d+ min/);
    expect(text).toContain('+ 123456  estado Enviar');
    expect(text).toContain(`npm run restore -- --table orders --from-restored ${RESTORED} --all-missing --stage prod --region eu-west-1`);
    expect(text).toContain('custa dinheiro enquanto existir');
    expect(text).toContain(`npm run restore -- --delete-restored ${RESTORED} --apply --stage prod --region eu-west-1`);
  });

  it('refuses a moment outside the PITR window before restoring anything', async () => {
    const { client, sent } = recordedClient((name) => {
      if (name === 'ListTables') return ANSWERS.listTables;
      if (name === 'DescribeContinuousBackups') {
        const description = ANSWERS.continuousBackups.ContinuousBackupsDescription;
        return {
          ContinuousBackupsDescription: {
            ...description,
            PointInTimeRecoveryDescription: {
              ...description.PointInTimeRecoveryDescription,
              EarliestRestorableDateTime: new Date('2026-11-22T08:00:00Z'),
            },
          },
        };
      }
      return undefined;
    });
    await expect(runRestore(options(), { client, log: () => {}, env: {}, wait: FAST_WAIT })).rejects.toThrow(
      /antes da cópia mais antiga de .* 22\/11\/2026 08:00/,
    );
    expect(sent.map((s) => s.name)).not.toContain('RestoreTableToPointInTime');
  });

  it('reuses a copy already restored to the same moment instead of restoring again', async () => {
    const { client, sent } = recordedClient((name) => {
      if (name === 'ListTables') return ANSWERS.listTables;
      if (name === 'DescribeContinuousBackups') return ANSWERS.continuousBackups;
      if (name === 'DescribeTable') return { Table: ANSWERS.restore('ACTIVE').TableDescription };
      if (name === 'Scan') return { Items: [] };
      return undefined;
    });
    const lines: string[] = [];
    await runRestore(options(), { client, log: (line) => lines.push(line), env: {}, wait: FAST_WAIT });
    expect(sent.map((s) => s.name)).not.toContain('RestoreTableToPointInTime');
    expect(lines.join('\n')).toContain('já existe (um restauro anterior para o mesmo momento): uso-a');
  });

  it('a restore that outlasts the wait says how to continue later; an AWS refusal is explained', async () => {
    const creating = recordedClient((name, _input, count) => {
      if (name === 'ListTables') return ANSWERS.listTables;
      if (name === 'DescribeContinuousBackups') return ANSWERS.continuousBackups;
      if (name === 'DescribeTable') return count === 1 ? notFound() : { Table: ANSWERS.restore('CREATING').TableDescription };
      if (name === 'RestoreTableToPointInTime') return ANSWERS.restore('CREATING');
      return undefined;
    });
    await expect(
      runRestore(options(), { client: creating.client, log: () => {}, env: {}, wait: { ...FAST_WAIT, maxWaitTime: 0.2 } }),
    ).rejects.toThrow(
      `o restauro continua na AWS. Mais tarde, continue com:\n  npm run restore -- ` +
        `--table orders --from-restored ${RESTORED} --stage prod --region eu-west-1`,
    );

    const denied = recordedClient((name) => {
      if (name === 'ListTables') return ANSWERS.listTables;
      if (name === 'DescribeContinuousBackups') return Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' });
      return undefined;
    });
    await expect(runRestore(options(), { client: denied.client, log: () => {}, env: {}, wait: FAST_WAIT })).rejects.toThrow(
      /não tem licença para isto/,
    );
  });
});
