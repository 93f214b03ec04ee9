/** The rules of a manual method chosen after a failed automatic payment (docs/payment-switch.md). */
import { describe, expect, it } from 'vitest';
import { financialStatus, orderLedger, shownMethod, type MoneyFacts } from '#shared/ledger.ts';
import { switchedHoldUntil, switchMethods } from '#shared/payment-switch.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';

const at = (minutes: number) => new Date(Date.parse('2026-12-07T10:00:00.000Z') + minutes * 60_000);
const iso = (minutes: number) => at(minutes).toISOString();
const holds = DEFAULT_SETTINGS.holdMinutes;

describe('until when the pieces are held once a manual method is chosen', () => {
  it("the method's hold from the reservation, as if chosen at checkout: never more", () => {
    // MB WAY reserved at 10:00 until 10:30, declined, transfer chosen at 10:02: until 12:00, not 12:02.
    expect(switchedHoldUntil({ createdAt: iso(0), expiresAt: iso(30) }, holds, 'transferencia', at(2))).toBe(iso(120));
    // Chosen at 10:29: still 12:00 (waiting earns nothing).
    expect(switchedHoldUntil({ createdAt: iso(0), expiresAt: iso(30) }, holds, 'transferencia', at(29))).toBe(iso(120));
  });

  it("never sooner than the reservation already ended (a manual hold shorter than MB WAY's)", () => {
    const short = { ...holds, transferencia: 15 };
    expect(switchedHoldUntil({ createdAt: iso(0), expiresAt: iso(30) }, short, 'transferencia', at(20))).toBe(iso(30));
  });

  it("a Multibanco reference's days left are cut to the method's hold from now", () => {
    expect(switchedHoldUntil({ createdAt: iso(0), expiresAt: iso(7 * 24 * 60) }, holds, 'paypal', at(10))).toBe(iso(10 + holds.paypal));
  });

  it('the methods offered: those the owner gave what a payment needs, never the one that failed', () => {
    const payments = {
      ...DEFAULT_SETTINGS.payments,
      iban: 'PT50 0002 0123 1234 5678 9015 4',
      ibanHolder: 'Joias',
      mbwayPhone1: '912 345 678',
    };
    expect(switchMethods(payments, 'mbway')).toEqual(['transferencia']);
    expect(switchMethods(payments, 'multibanco')).toEqual(['transferencia', 'mbway']);
  });
});

describe('the ledger of a chosen method', () => {
  const failedMbWay = {
    provider: 'stripe',
    method: 'mbway',
    status: 'failed',
    paymentId: 'pi_1',
    failure: 'O pedido MB WAY foi recusado ou expirou.',
  } as const;
  const order: MoneyFacts = {
    status: 'Aguarda Pagamento',
    createdAt: iso(0),
    totalCents: 4200,
    paymentMethod: 'mbway',
    providerPayment: failedMbWay,
    proofMethod: 'transferencia',
    proofMethodAt: iso(2),
  };

  it('pending by the chosen method while the reservation waits: unpaid, and the method named', () => {
    const ledger = orderLedger(order);
    expect(ledger.map((entry) => [entry.method, entry.state])).toEqual([
      ['mbway', 'failed'],
      ['transferencia', 'pending'],
    ]);
    expect(financialStatus(ledger)).toBe('unpaid');
    expect(shownMethod(ledger, 'mbway')).toBe('transferencia');
  });

  it("failed once closed unpaid; the proof's entry in its place once it arrives", () => {
    expect(financialStatus(orderLedger({ ...order, status: 'Encerrada' }))).toBe('failed');
    const proved = orderLedger({ ...order, status: 'Confirmar Pagamento', proofKey: 'proofs/1.png' });
    expect(proved.map((entry) => [entry.id, entry.method, entry.state])).toEqual([
      ['payment:provider', 'mbway', 'failed'],
      ['payment:proof', 'transferencia', 'verifying'],
    ]);
  });
});
