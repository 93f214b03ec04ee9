import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL_KINDS, applicableEmails, emailApplies } from '#shared/order-emails.ts';
import { ADMIN_EMAIL_KINDS as SCHEMA_KINDS } from '#shared/schemas/index.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';

describe('the e-mails true of an order', () => {
  it('are the kinds the e-mail route takes', () => {
    expect(SCHEMA_KINDS).toBe(ADMIN_EMAIL_KINDS);
  });

  it('by status, with the proof arrived where the order has one', () => {
    const proof = 'proofs/orders/x.png';
    expect(applicableEmails({ status: 'Aguarda Pagamento' })).toEqual([]);
    expect(applicableEmails({ status: 'Confirmar Pagamento', proofKey: proof })).toEqual(['order-received']);
    // Once the owner confirmed the proof, "we received your proof" is no longer the news.
    expect(applicableEmails({ status: 'Enviar', proofKey: proof })).toEqual(['payment-confirmed']);
    // Paid outside the site: no proof, so no "we received your proof".
    expect(applicableEmails({ status: 'Enviar' })).toEqual(['payment-confirmed']);
    // A review is asked for once delivered, never while the parcel travels.
    expect(applicableEmails({ status: 'Enviado', proofKey: proof })).toEqual(['payment-confirmed', 'shipped']);
    expect(applicableEmails({ status: 'Concluido' })).toEqual(['payment-confirmed', 'shipped', 'review-request']);
    // Given back in full: nothing is "confirmed" any more.
    expect(applicableEmails({ status: 'Enviar', financialStatus: 'refunded' })).toEqual([]);
    expect(applicableEmails({ status: 'Encerrada', proofKey: proof })).toEqual(['order-cancelled']);
  });

  it('never confirm a payment or ask for a review of an order not paid', () => {
    for (const status of ['Aguarda Pagamento', 'Confirmar Pagamento', 'Encerrada'] as const) {
      expect(emailApplies('payment-confirmed', { status, proofKey: 'p' }), status).toBe(false);
      expect(emailApplies('review-request', { status, proofKey: 'p' }), status).toBe(false);
      expect(emailApplies('shipped', { status, proofKey: 'p' }), status).toBe(false);
    }
    expect(ORDER_STATUSES.filter((status) => emailApplies('order-cancelled', { status }))).toEqual(['Encerrada']);
  });
});
