/**
 * Expected refusals are not faults (docs/abuse.md): the error mapper of every function logs the shop's
 * own refusals at INFO, the 503 `shop_not_ready` of a shop not open yet and the checkout's 503
 * `checkout_busy` included, and keeps ERROR for
 * faults (a dependency that cannot be reached, a bug), so an alarm on errors hears only those.
 * Through the real middleware stack (`httpRoute`), its origin lock read from the twin's secret.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpRoute } from '#lambdas/http/handler.ts';
import { CheckoutBusy, ShopNotReady, TooManyRequests, Unavailable } from '#lambdas/errors.ts';
import { logger } from '#lambdas/logger.ts';
import { invoke } from '../support/events.ts';

afterEach(() => vi.restoreAllMocks());

/** A route whose use case throws `error`: the statuses and log levels the mapper gives it. */
async function refusedWith(error: Error) {
  vi.restoreAllMocks();
  const errors = vi.spyOn(logger, 'error');
  const infos = vi.spyOn(logger, 'info');
  const handler = httpRoute('GET /api/shop-info', {}, async () => {
    throw error;
  });
  const answer = await invoke<{ error: { code: string } }>(handler, 'GET', '/api/shop-info');
  return {
    status: answer.status,
    code: answer.body.error.code,
    errors: errors.mock.calls.map((call) => call[0]),
    infos: infos.mock.calls.map((call) => call[0]),
  };
}

describe('log levels of refusals', () => {
  it('shop_not_ready (503) and a limit (429) at INFO, never ERROR', async () => {
    expect(await refusedWith(new ShopNotReady())).toMatchObject({
      status: 503,
      code: 'shop_not_ready',
      errors: [],
      infos: ['request refused'],
    });
    expect(await refusedWith(new TooManyRequests(60))).toMatchObject({ status: 429, errors: [], infos: ['request refused'] });
    // A crowd for one piece that left the checkout no time (docs/drops.md): expected, not a fault.
    expect(await refusedWith(new CheckoutBusy(2))).toMatchObject({
      status: 503,
      code: 'checkout_busy',
      errors: [],
      infos: ['request refused'],
    });
  });

  it('a dependency that cannot be reached, and a bug, at ERROR', async () => {
    expect(await refusedWith(new Unavailable())).toMatchObject({ status: 503, errors: ['request failed'] });
    expect(await refusedWith(new Error('bug'))).toMatchObject({ status: 500, code: 'internal', errors: ['request failed'] });
  });
});
