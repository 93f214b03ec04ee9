/** The pure parts of `npm run recount`: the command line and finding the stack's tables by name. */
import { describe, expect, it } from 'vitest';
import { OperatorError, UsageError } from '#infra/ops/create-admin.ts';
import { parseRecountArgs, stackTableNames } from '#infra/ops/recount.ts';
import { countersFrom } from '#lambdas/services/counters.ts';

const context = (values: Record<string, unknown>) => (key: string) => values[key];

describe('npm run recount', () => {
  it('reads stage, region and --dry-run like create-admin', () => {
    expect(parseRecountArgs([], context({ region: 'eu-west-1' }), {})).toEqual({
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      dryRun: false,
    });
    expect(parseRecountArgs(['--stage', 'test', '--region', 'eu-south-2', '--dry-run'], context({}), {})).toEqual({
      stackName: 'JoiasInox-test',
      region: 'eu-south-2',
      dryRun: true,
    });
    expect(parseRecountArgs(['-h'], context({}), {})).toBe('help');
    expect(() => parseRecountArgs(['--nope'], context({}), {})).toThrow(UsageError);
  });

  it('finds each table of the stack by its CloudFormation name, and refuses a missing or ambiguous one', () => {
    const names = [
      'JoiasInox-prod-DataOrdersTableA1B2C3-XYZ',
      'JoiasInox-prod-DataContactMessagesTableD4E5-ABC',
      'JoiasInox-prod-DataStockAlertsTableF6-DEF',
      'JoiasInox-prod-DataCountersTable77-GHI',
      'JoiasInox-prod-DataOrderSearchTable9A-JKL',
      'JoiasInox-test-DataOrdersTableZZ-QQ',
      'JoiasInox-prod-DataProductsTable5C-MNO',
    ];
    expect(stackTableNames('JoiasInox-prod', names)).toEqual({
      orders: names[0],
      contactMessages: names[1],
      stockAlerts: names[2],
      counters: names[3],
      orderSearch: names[4],
      products: names[6],
    });
    expect(() => stackTableNames('JoiasInox-prod', names.slice(1))).toThrow(OperatorError);
    expect(() => stackTableNames('JoiasInox-prod', [...names, 'JoiasInox-prod-DataCountersTable88-JKL'])).toThrow(/TABLE_COUNTERS/);
  });

  it('counts orders per status, revenue of paid orders by Lisbon month of creation, unread messages and pending requests', () => {
    const counters = countersFrom({
      orders: [
        { status: 'Enviar', createdAt: '2026-06-30T23:30:00.000Z', totalCents: 1000 }, // 00:30 on 1 July in Lisbon (summer time)
        { status: 'Concluido', createdAt: '2026-11-02T10:00:00.000Z', totalCents: 2500 },
        { status: 'Confirmar Pagamento', createdAt: '2026-11-02T10:00:00.000Z', totalCents: 9999 },
        { status: 'Encerrada', createdAt: '2026-11-03T10:00:00.000Z', totalCents: 7777 },
      ],
      contactMessages: [{ read: false }, { read: true }, { read: false }],
      stockAlerts: [{ status: 'pending' }, { status: 'notified' }],
    });
    expect(counters).toMatchObject({
      'orders#Enviar': 1,
      'orders#Concluido': 1,
      'orders#Confirmar Pagamento': 1,
      'orders#Encerrada': 1,
      'orders#Aguarda Pagamento': 0,
      'revenue#2026-07': 1000,
      'revenue#2026-11': 2500,
      'contactMessages#unread': 2,
      'stockAlerts#pending': 1,
    });
  });
});
