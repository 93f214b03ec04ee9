/**
 * The words of the choice of a manual method after a failed automatic payment (docs/payment-switch.md,
 * `POST /api/orders/{id}/payment-method`): the refusals the customer reads, the owner's timeline, the
 * payment page's. Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
export const paymentSwitchTexts = {
  /** The order's automatic payment did not fail (still awaited, or none): its own method stands. */
  notFailed: 'O pagamento desta encomenda não falhou: continua a pagar pelo método que escolheste.',
  /** A second choice: the reservation's time was already set for the first. */
  alreadyChosen: (method: string) =>
    `Já escolheste pagar por ${method}: a reserva mantém o prazo dessa escolha. Paga e envia o comprovativo até ao fim do prazo.`,
  /** The order is paid, or its proof arrived. */
  paid: 'Esta encomenda já está paga ou já tem o comprovativo: não há método a escolher.',
  /** A method the shop does not offer now, or the one that failed. */
  unavailable: 'Esse método de pagamento não está disponível. Escolhe outro da lista.',
  /** On the owner's timeline: what the customer chose and until when the pieces are held. */
  timeline: (method: string, until: string) =>
    `o cliente escolheu pagar por ${method} depois de o pagamento automático falhar; reserva até ${until}`,
  /** The payment page when the choice could not be recorded (the deadline shown is the order's). */
  chooseFailed: 'Não foi possível guardar a tua escolha. Podes pagar e enviar o comprovativo até ao prazo indicado.',
} as const;
