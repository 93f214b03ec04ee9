/**
 * The words of the payment provider's notifications (`POST /api/payments/stripe`, docs/design.md §34):
 * the refusal the provider is answered, why a payment did not go through (for the customer), and the
 * order's timeline. Apart from the larger areas, so that only the webhook's bundle carries them. Part of
 * the shop's texts: import them from `shared/messages/index.ts`.
 */
export const paymentEventTexts = {
  /** A notification whose signature does not verify with the provider's keys (or no keys are saved): nothing changed. */
  refused: 'Aviso de pagamento recusado: a assinatura não confere com as chaves do prestador de pagamentos. Nada foi alterado.',
  /** Why an automatic payment did not go through (`providerPayment.failure`, shown to the customer with the manual methods still payable). */
  failure: {
    mbway: 'O pedido MB WAY foi recusado ou expirou.',
    multibanco: 'A referência Multibanco expirou sem ser paga.',
  },
  /** On the owner's timeline: a reservation paid through the provider (the customer's history names the status only). */
  paidEntry: (method: string) => `pago por ${method}, confirmado pelo prestador de pagamentos`,
  /** On the timeline, for the owner only: an automatic payment that did not go through. */
  failedNote: (method: string) =>
    `O pagamento por ${method} não se concluiu (recusado ou expirado). A reserva pode ser paga por outro meio até ao prazo.`,
  /** On the timeline, for the owner only: a payment that came after the reservation closed (the orders stream refunds it whole and tells the customer). */
  lateNote: (amount: string) =>
    `O prestador de pagamentos confirmou um pagamento de ${amount} depois de a reserva ter fechado: é devolvido ao cliente automaticamente.`,
  /** On the timeline, for the owner only: a payment an open order cannot take (paid already, or not its total): the owner gives it back. */
  unkeptNote: (amount: string, why: 'paid' | 'amount' | 'currency') =>
    `O prestador de pagamentos confirmou um pagamento de ${amount}, ${why === 'paid' ? 'mas a encomenda já estava paga' : why === 'currency' ? 'numa moeda que não é o euro' : 'que não é o total da encomenda'}: devolve-o ao cliente no painel do prestador.`,
  /** On the timeline: a refund made in the provider's own dashboard, learnt from its notification (the ledger counts it). */
  outsideRefund: (amount: string) => `reembolso de ${amount} feito no painel do prestador de pagamentos`,
} as const;
