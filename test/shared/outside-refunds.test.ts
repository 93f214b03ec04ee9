/**
 * A refund made in the provider's own dashboard is the part of the provider's count the order neither
 * recorded nor asked for (`refundedOutsideCents`, docs/money.md "Refunds"): the shop's own refund is
 * never counted twice, whether its notification comes before the payments consumer records it or after.
 */
import { describe, expect, it } from 'vitest';
import { refundedOutsideCents } from '#shared/automatic-payments.ts';

describe('refundedOutsideCents', () => {
  it('all of it when the order knows of no refund', () => {
    expect(refundedOutsideCents({}, 700)).toBe(700);
  });

  it("the shop's own refund, notified before its consumer recorded it (still asked): nothing", () => {
    expect(refundedOutsideCents({ refunds: [{ amountCents: 700 }], refundRequestedCents: 500 }, 1200)).toBe(0);
  });

  it("the shop's own refund, notified after it was recorded: nothing; a repeat: nothing", () => {
    expect(refundedOutsideCents({ refunds: [{ amountCents: 700 }, { amountCents: 500 }] }, 1200)).toBe(0);
    expect(refundedOutsideCents({ refunds: [{ amountCents: 700 }] }, 700)).toBe(0);
  });

  it("a dashboard refund while the shop's own is asked: only the dashboard's part", () => {
    expect(refundedOutsideCents({ refunds: [], refundRequestedCents: 500 }, 800)).toBe(300);
  });
});
