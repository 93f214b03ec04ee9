/**
 * The owner's payment box reads the order's ledger (docs/money.md): the method that actually paid, the
 * financial status in Portuguese and how the shop knows, each refund with amount, method and date; never
 * "Confirmado pelo Stripe" once the money went back, never MB WAY for an order paid by transfer.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { PaymentPanel } from '#web/features/order-detail/payment-panel.tsx';
import { refundLeftOf, refundInput, RefundFields } from '#web/features/order-detail/close-refund-fields.tsx';
import { sampleOrder } from '../support/sample-order.ts';

const T0 = '2026-12-07T10:00:00.000Z';
const T1 = '2026-12-07T10:05:00.000Z';
const T2 = '2026-12-07T11:00:00.000Z';
const T3 = '2026-12-08T09:00:00.000Z';

function order(extra: Partial<Order>): Order {
  return sampleOrder({
    id: '100200',
    orderNumber: 100200,
    paymentMethod: 'mbway',
    subtotalCents: 3480,
    totalCents: 3480,
    timeline: [{ at: T0, kind: 'reserved', to: 'Aguarda Pagamento', by: 'cliente' }],
    ...extra,
  });
}

const text = (o: Order) =>
  renderToStaticMarkup(createElement(PaymentPanel, { order: o }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
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
  paymentId: 'pi_2',
  paidAt: T1,
  amountCents: 3480,
  feeCents: 60,
  netCents: 3420,
};
const proofSent = { at: T1, kind: 'status', from: 'Aguarda Pagamento', to: 'Confirmar Pagamento', by: 'cliente' } as const;

describe("the owner's payment box", () => {
  it('a declined MB WAY then a transfer with proof: "Transferência", "A verificar", nothing confirmed nor paid', () => {
    const walk = order({
      status: 'Confirmar Pagamento',
      providerPayment: declined,
      proofKey: 'proofs/x.png',
      proofMethod: 'transferencia',
      timeline: [proofSent],
    });
    const box = text(walk);
    expect(box).toContain('Método de pagamento Transferência Bancária');
    expect(box).toContain('Estado do pagamento A verificar');
    expect(box).not.toMatch(/confirmado|Recebido/i);
    expect(box).toContain('MB WAY pelo Stripe');
    expect(box).toContain('Não concluído');
    // Then the owner confirms: paid by transfer, checked by her.
    const paid = text({
      ...walk,
      status: 'Enviar',
      timeline: [proofSent, { at: T2, kind: 'status', from: 'Confirmar Pagamento', to: 'Enviar', by: 'dona@loja.pt' }],
    });
    expect(paid).toContain('Método de pagamento Transferência Bancária');
    expect(paid).toContain('Estado do pagamento Pago — Comprovativo verificado por dona@loja.pt');
    expect(paid).toContain('Recebido 34,80 €');
  });

  it('a full provider refund: "Devolvido" with amount, method and date; no "Confirmado pelo Stripe"', () => {
    const box = text(
      order({
        status: 'Encerrada',
        providerPayment: { ...succeeded, refunds: [{ refundId: 're_1', amountCents: 3480, at: T3, reason: 'cancel' }] },
      }),
    );
    expect(box).toContain('Estado do pagamento Devolvido');
    expect(box).toContain('Devolvido: 34,80 € por MB WAY, em 08/12/2026 re_1');
    expect(box).toContain('Devolvido pelo Stripe');
    expect(box).not.toContain('Confirmado pelo Stripe');
  });

  it('a partial manual refund is listed with its method; the status says so', () => {
    const box = text(
      order({
        status: 'Encerrada',
        paymentMethod: 'transferencia',
        proofKey: 'p',
        timeline: [proofSent, { at: T2, kind: 'status', from: 'Confirmar Pagamento', to: 'Enviar', by: 'dona@loja.pt' }],
        ledgerRecords: [
          {
            id: `refund:manual:${T3}`,
            kind: 'refund',
            method: 'paypal',
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
      }),
    );
    expect(box).toContain('Estado do pagamento Parcialmente devolvido');
    expect(box).toContain('Devolvido: 10,00 € por PayPal, em 08/12/2026');
  });
});

describe('closing a paid order asks what went back', () => {
  const confirmed = { at: T2, kind: 'status', from: 'Confirmar Pagamento', to: 'Enviar', by: 'dona@loja.pt' } as const;
  const byTransfer = order({ status: 'Enviar', paymentMethod: 'transferencia', proofKey: 'p', timeline: [proofSent, confirmed] });

  it('paid by hand: how much (at most what was paid, less what went back) and how, by default the method that paid', () => {
    const refund = refundLeftOf(byTransfer);
    expect(refund).toEqual({ kind: 'manual', leftCents: 3480, method: 'transferencia', pendingCents: 0 });
    expect(refundInput(refund, { amount: '', method: '' })).toEqual({ input: {} });
    expect(refundInput(refund, { amount: '10,00', method: '' })).toEqual({ input: { refundCents: 1000, refundMethod: 'transferencia' } });
    expect(refundInput(refund, { amount: '10', method: 'paypal' })).toEqual({ input: { refundCents: 1000, refundMethod: 'paypal' } });
    expect(refundInput(refund, { amount: '34,81', method: '' })).toEqual({
      errors: { refundCents: 'Indica um valor entre 0,01 € e 34,80 €, com até 2 casas decimais (por exemplo 12,50).' },
    });
    const partly = {
      ...byTransfer,
      ledgerRecords: [
        {
          id: 'refund:manual:1',
          kind: 'refund',
          method: 'paypal',
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
    } as Order;
    expect(refundLeftOf(partly)).toMatchObject({ kind: 'manual', leftCents: 2480 });
  });

  it('paid through the provider: what it gives back, no method; nothing paid: no refund asked', () => {
    expect(refundLeftOf(order({ status: 'Enviar', providerPayment: succeeded }))).toEqual({
      kind: 'provider',
      method: 'mbway',
      leftCents: 3480,
      pendingCents: 0,
    });
    expect(refundInput(refundLeftOf(order({ status: 'Enviar', providerPayment: succeeded })), { amount: '5', method: 'paypal' })).toEqual({
      input: { refundCents: 500 },
    });
    expect(refundLeftOf(order({ providerPayment: declined }))).toBeUndefined();
    expect(
      refundLeftOf(order({ status: 'Confirmar Pagamento', paymentMethod: 'transferencia', proofKey: 'p', timeline: [proofSent] })),
    ).toBeUndefined();
  });

  it('says each refusal beside its field', () => {
    const html = renderToStaticMarkup(
      createElement(RefundFields, {
        refund: { kind: 'manual', leftCents: 3480, method: 'transferencia', pendingCents: 0 },
        draft: { amount: '50', method: '' },
        errors: { refundCents: 'Valor a mais.', refundMethod: 'Método?' },
        busy: false,
        onDraft: () => undefined,
      }),
    );
    const amountField = html.slice(html.indexOf('name="refundCents"'), html.indexOf('name="refundMethod"'));
    expect(amountField).toContain('Valor a mais.');
    expect(html.slice(html.indexOf('name="refundMethod"'))).toContain('Método?');
    expect(html).toContain('Valor já devolvido ao cliente (€)');
    expect(html).toContain('<option value="paypal">PayPal</option>');
  });
});
