/**
 * The order's history in the back-office names every kind of entry. An entry of the payment provider
 * (`payment`: a payment started or refused, a refund) was read as a status change without `from`, and
 * the order page of every order paid through the provider crashed ("Ocorreu um erro inesperado").
 */
import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '#shared/api.ts';
import { paymentStartTexts } from '#shared/messages/index.ts';
import { entryText } from '#web/features/order-detail/timeline-panel.tsx';

const at = '2026-11-27T02:43:06.449Z';

describe("the order's history, in words", () => {
  it('a payment entry says what the server wrote; every other kind has its line', () => {
    const started = paymentStartTexts.timeline.mbwayStarted('pi_123');
    const entries: TimelineEntry[] = [
      { at, kind: 'reserved', to: 'Aguarda Pagamento', by: 'cliente' },
      { at, kind: 'payment', text: started, by: 'loja' },
      { at, kind: 'email', email: 'payment-confirmed', outcome: 'sent', by: 'loja' },
      { at, kind: 'status', from: 'Aguarda Pagamento', to: 'Enviar', text: 'pago por MB WAY', by: 'cliente' },
      { at, kind: 'note', text: 'embrulhar para oferta', by: 'dona@example.com' },
    ];
    expect(entries.map(entryText)).toEqual([
      'Encomenda reservada pelo cliente',
      started,
      'E-mail «Pagamento confirmado»: Enviado',
      'Aguarda Pagamento → Enviar',
      'embrulhar para oferta',
    ]);
  });
});
