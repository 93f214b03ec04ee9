/**
 * The business metrics (`lambdas/metrics.ts`): a count is one line of CloudWatch's embedded metric
 * format on stdout, at once, in the stack's namespace with the `service` dimension the alarm and the
 * dashboard read; a count of zero writes nothing. The twin and the tests switch the output off.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_METRICS } from '#lambdas/contracts/metrics.ts';

const saved = { ...process.env };
let lines: string[];

beforeEach(() => {
  vi.resetModules();
  Object.assign(process.env, {
    POWERTOOLS_METRICS_NAMESPACE: 'JoiasInox/JoiasInox-test',
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_SERVICE_NAME: 'joias-api',
  });
  lines = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

const emf = () => lines.filter((line) => line.includes('"_aws"')).map((line) => JSON.parse(line) as Record<string, any>);

describe('countEvent', () => {
  it('writes one embedded-metric line at once: namespace of the stack, dimension service, a Count', async () => {
    const { countEvent } = await import('#lambdas/metrics.ts');
    countEvent(BUSINESS_METRICS.ordersPlaced);
    const [line] = emf();
    expect(emf()).toHaveLength(1);
    expect(line!._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'JoiasInox/JoiasInox-test', Dimensions: [['service']], Metrics: [{ Name: 'OrdersPlaced', Unit: 'Count' }] },
    ]);
    expect(line!.service).toBe('joias-api');
    expect(line!.OrdersPlaced).toBe(1);
  });

  it('counts several at once, and nothing for zero', async () => {
    const { countEvent } = await import('#lambdas/metrics.ts');
    countEvent(BUSINESS_METRICS.reservationsExpired, 0);
    expect(emf()).toEqual([]);
    countEvent(BUSINESS_METRICS.reservationsExpired, 3);
    expect(emf().map((line) => line.ReservationsExpired)).toEqual([3]);
  });

  it('writes nothing where the output is switched off (the twin, the tests)', async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    const { countEvent } = await import('#lambdas/metrics.ts');
    countEvent(BUSINESS_METRICS.mailsFailed);
    expect(emf()).toEqual([]);
  });
});
