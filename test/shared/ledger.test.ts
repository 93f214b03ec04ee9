import { describe, expect, it } from 'vitest';
import {
  financialStatus,
  FINANCIAL_STATUSES,
  orderLedger,
  type FinancialStatus,
  type LedgerEntry,
  type MoneyFacts,
} from '#shared/ledger.ts';
import { paymentView } from '#shared/payment-view.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';

const T0 = '2026-12-07T10:00:00.000Z';
const T1 = '2026-12-07T10:05:00.000Z';
const T2 = '2026-12-07T11:00:00.000Z';
const T3 = '2026-12-08T09:00:00.000Z';
const base: MoneyFacts = {
  status: 'Aguarda Pagamento',
  createdAt: T0,
  totalCents: 3480,
  paymentMethod: 'mbway',
  timeline: [{ at: T0, kind: 'reserved', by: 'cliente' }],
};
const declined: ProviderPaymentRecord = {
  provider: 'stripe',
  method: 'mbway',
  status: 'failed',
  paymentId: 'pi_1',
  failure: 'O pedido MB WAY foi recusado.',
};
const succeeded: ProviderPaymentRecord = {
  provider: 'stripe',
  method: 'mbway',
  status: 'succeeded',
  paymentId: 'pi_1',
  paidAt: T1,
  feeCents: 60,
  netCents: 3420,
};
const proofSent = { at: T1, kind: 'status', from: 'Aguarda Pagamento', to: 'Confirmar Pagamento', by: 'cliente' } as const;
const confirmed = { at: T2, kind: 'status', from: 'Confirmar Pagamento', to: 'Enviar', by: 'dona@loja.pt' } as const;

function view(order: MoneyFacts) {
  const ledger = orderLedger(order);
  const status = financialStatus(ledger);
  return {
    ledger,
    status,
    view: paymentView({ status: order.status, financialStatus: status, ledger, paymentMethod: order.paymentMethod }),
  };
}

/** One order of every financial status, as the shop's flows leave it. */
const shapes: Record<FinancialStatus, MoneyFacts> = {
  unpaid: base,
  verifying: {
    ...base,
    status: 'Confirmar Pagamento',
    paymentMethod: 'transferencia',
    proofKey: 'proofs/a.png',
    timeline: [...base.timeline!, proofSent],
  },
  paid: { ...base, status: 'Enviar', providerPayment: succeeded },
  partially_refunded: {
    ...base,
    status: 'Encerrada',
    paymentMethod: 'transferencia',
    proofKey: 'p',
    timeline: [proofSent, confirmed],
    ledgerRecords: [
      {
        id: 'refund:manual:1',
        kind: 'refund',
        method: 'transferencia',
        source: 'owner',
        state: 'refunded',
        amountCents: 1000,
        currency: 'EUR',
        at: T3,
        settledAt: T3,
        by: 'dona@loja.pt',
        reason: 'manual',
      },
    ],
  },
  refunded: {
    ...base,
    status: 'Encerrada',
    providerPayment: { ...succeeded, refunds: [{ refundId: 're_1', amountCents: 3480, at: T3, reason: 'cancel' }] },
  },
  failed: { ...base, providerPayment: declined },
};

describe('the financial status', () => {
  it.each(FINANCIAL_STATUSES)('%s is what the ledger of its order says', (expected) => {
    expect(view(shapes[expected]).status).toBe(expected);
  });

  it('is unpaid while a provider request waits, and for a closed reservation nobody paid', () => {
    expect(
      view({ ...base, providerPayment: { provider: 'stripe', method: 'multibanco', status: 'pending', paymentId: 'pi_2' } }).status,
    ).toBe('unpaid');
    expect(view({ ...base, status: 'Encerrada' }).status).toBe('unpaid');
  });

  it('reads a proof the owner closed without accepting as failed', () => {
    const closed = { at: T2, kind: 'status', from: 'Confirmar Pagamento', to: 'Encerrada', by: 'dona@loja.pt' } as const;
    expect(view({ ...shapes.verifying, status: 'Encerrada', timeline: [proofSent, closed] }).status).toBe('failed');
  });

  it('stays paid while a refund is only asked for', () => {
    const { status, view: v } = view({
      ...shapes.paid,
      status: 'Encerrada',
      providerPayment: { ...succeeded, refundRequestedCents: 3480 },
    });
    expect(status).toBe('paid');
    expect(v.refundPendingCents).toBe(3480);
    expect(v.customerLine).toContain('Vamos devolver-te 34,80 €');
  });
});

describe('the payment view', () => {
  it('the walk: a declined automatic MB WAY, then a transfer with proof: "Transferência", "a verificar", no "confirmado"', () => {
    const order: MoneyFacts = {
      ...base,
      status: 'Confirmar Pagamento',
      providerPayment: declined,
      proofKey: 'p',
      proofMethod: 'transferencia',
      timeline: [...base.timeline!, proofSent],
    };
    const { status, view: v } = view(order);
    expect(status).toBe('verifying');
    expect(v.methodLabel).toBe('Transferência Bancária');
    expect(v.customerLine).toContain('a verificar');
    expect(v.customerLine).not.toMatch(/confirmad/i);
    // Neither paid nor still to pay: the customer sent the proof, the shop checks it.
    expect(v.totalLabel).toBe('Total');
    expect(v.ownerStatus).toBe('A verificar');
    expect(v.ownerSource).toBe('Comprovativo por verificar');
    expect(v.mailButtons).toEqual(['order-received']);
    // Then the owner confirms: paid by transfer everywhere.
    const paid = view({ ...order, status: 'Enviar', timeline: [...order.timeline!, confirmed] });
    expect(paid.status).toBe('paid');
    expect(paid.view.methodLabel).toBe('Transferência Bancária');
    expect(paid.view.customerLine).toBe('Pagamento por Transferência Bancária confirmado.');
    expect(paid.view.totalLabel).toBe('Total pago');
    expect(paid.view.ownerSource).toBe('Comprovativo verificado por dona@loja.pt');
  });

  it('a full provider refund: amount, method and date; no "Confirmado pelo Stripe" nor "Total pago"', () => {
    const { view: v } = view(shapes.refunded);
    expect(v.refundedCents).toBe(3480);
    expect(v.refunds.map((line) => line.text)).toEqual(['Devolvido: 34,80 € por MB WAY, em 08/12/2026']);
    expect(v.totalLabel).toBe('Total');
    expect(v.customerLine).toContain('Devolvemos-te 34,80 €');
    expect(v.ownerStatus).toBe('Devolvido');
    expect(v.ownerSource).toBeUndefined();
    expect(v.mailButtons).toEqual(['order-cancelled']);
  });

  it('a partial manual refund shows what went back and how', () => {
    const { view: v } = view(shapes.partially_refunded);
    expect(v.paidCents).toBe(3480);
    expect(v.refunds.map((line) => line.text)).toEqual(['Devolvido: 10,00 € por Transferência Bancária, em 08/12/2026']);
    expect(v.customerLine).toBe('Pagamento por Transferência Bancária confirmado; já te devolvemos 10,00 €.');
  });

  it('every status has its owner word, customer line and total label', () => {
    for (const expected of FINANCIAL_STATUSES) {
      const { view: v } = view(shapes[expected]);
      expect(v.ownerStatus, expected).toBeTruthy();
      expect(v.customerLine, expected).toBeTruthy();
      expect(v.totalLabel === 'Total pago', expected).toBe(expected === 'paid' || expected === 'partially_refunded');
    }
  });

  it('names the provider only for what it confirmed, and the owner for what she marked paid', () => {
    expect(view(shapes.paid).view.ownerSource).toBe('Confirmado pelo Stripe');
    expect(view(shapes.failed).view.ownerSource).toBeUndefined();
    const outside: MoneyFacts = {
      ...base,
      paymentMethod: 'paypal',
      status: 'Enviar',
      paidOutsideAt: T2,
      timeline: [
        { at: T2, kind: 'status', from: 'Aguarda Pagamento', to: 'Enviar', by: 'dona@loja.pt' },
        { at: T2, kind: 'note', by: 'dona@loja.pt', text: 'pagou no balcão' },
      ],
    };
    const { ledger, view: v } = view(outside);
    expect(v.ownerSource).toBe('Marcado como pago por dona@loja.pt');
    expect((ledger[0] as LedgerEntry).note).toBe('pagou no balcão');
  });
});

describe('every order shape the shop has stored reads a ledger', () => {
  const proof = 'proofs/orders/x.png';
  const firstRelease = { createdAt: T0, totalCents: 3480, paymentMethod: 'transferencia' } as const;
  const cases: readonly (readonly [string, MoneyFacts, FinancialStatus])[] = [
    // The first release: every order came with its proof, no timeline.
    ['first release, proof to check', { ...firstRelease, status: 'Confirmar Pagamento', proofKey: proof }, 'verifying'],
    ['first release, confirmed', { ...firstRelease, status: 'Enviado', proofKey: proof }, 'paid'],
    ['first release, delivered, proof deleted by retention', { ...firstRelease, status: 'Concluido', proofKey: proof }, 'paid'],
    ['first release, closed', { ...firstRelease, status: 'Encerrada', proofKey: proof }, 'failed'],
    // Reserve, then pay: the timeline says who checked the proof.
    ['reservation', { ...firstRelease, status: 'Aguarda Pagamento', timeline: [] }, 'unpaid'],
    [
      'reservation expired',
      {
        ...firstRelease,
        status: 'Encerrada',
        timeline: [{ at: T2, kind: 'status', from: 'Aguarda Pagamento', to: 'Encerrada', by: 'loja' }],
      },
      'unpaid',
    ],
    [
      'proof confirmed then closed after shipping',
      {
        ...firstRelease,
        status: 'Encerrada',
        proofKey: proof,
        timeline: [proofSent, confirmed, { at: T3, kind: 'status', from: 'Enviado', to: 'Encerrada', by: 'dona@loja.pt' }],
      },
      'paid',
    ],
    // Paid outside the site.
    ['paid outside', { ...firstRelease, status: 'Enviar', paidOutsideAt: T2, timeline: [] }, 'paid'],
    // A paid order with none of the facts (never in the shop's flows): paid on the owner's word.
    ['paid, no facts', { ...firstRelease, status: 'Enviar' }, 'paid'],
    // Automatic payments.
    ['provider starting', { ...base, providerPayment: { provider: 'stripe', method: 'mbway', status: 'starting' } }, 'unpaid'],
    [
      'provider pending Multibanco',
      {
        ...base,
        paymentMethod: 'multibanco',
        providerPayment: {
          provider: 'stripe',
          method: 'multibanco',
          status: 'pending',
          paymentId: 'pi_m',
          multibanco: { entity: '11111', reference: '123456789', amountCents: 3480, expiresAt: T3 },
        },
      },
      'unpaid',
    ],
    [
      'provider late payment refunded',
      {
        ...base,
        status: 'Encerrada',
        providerPayment: { ...succeeded, refunds: [{ refundId: 're_late', amountCents: 3480, at: T3, reason: 'late' }] },
      },
      'refunded',
    ],
    ['provider refund asked', { ...base, status: 'Encerrada', providerPayment: { ...succeeded, refundRequestedCents: 1000 } }, 'paid'],
    [
      'provider partial refund',
      {
        ...base,
        status: 'Encerrada',
        providerPayment: { ...succeeded, refunds: [{ refundId: 're_p', amountCents: 1000, at: T3, reason: 'cancel' }] },
      },
      'partially_refunded',
    ],
    ['provider event in another currency', { ...base, providerPayment: { ...succeeded, currency: 'USD', mismatch: true } }, 'failed'],
  ];
  it.each(cases)('%s', (_name, order, expected) => {
    const { status, view: v } = view(order);
    expect(status).toBe(expected);
    expect(v.totalLabel === 'Total pago').toBe(expected === 'paid' || expected === 'partially_refunded');
  });
});
