/**
 * The words the server writes when it starts or refunds a payment through the payment provider
 * (docs/design.md §34): the order's timeline, why a start failed (the reservation e-mail's instructions
 * then), the checkout's refusal of a proof. The customer's pages' words are `providerPaymentTexts`. Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
import { groupedReference } from '../automatic-payments.ts';

export const paymentStartTexts = {
  /** A proof sent with a method the provider confirms by itself: refused, nothing reserved. */
  noProofNeeded: 'Com este método o pagamento confirma-se sozinho: não é preciso enviar comprovativo.',
  /** The provider could not make the payment: the reservation stays payable by another method until its deadline. */
  startFailed: (reason: string) => `${reason} Podes pagar de outra forma até ao fim do prazo: abre a tua encomenda.`,
  /** Why a payment could not be started, for the customer. */
  mbwayRefused: 'O pedido MB WAY não pôde ser enviado para este telemóvel.',
  multibancoRefused: 'Não foi possível criar a referência Multibanco.',
  unavailable: 'O pagamento automático não está disponível de momento.',
  closedBeforeStart: 'A reserva fechou antes de o pagamento começar.',
  /** The order's timeline. */
  timeline: {
    mbwayStarted: (paymentId: string) => `pedido MB WAY enviado ao cliente (${paymentId})`,
    multibancoStarted: (paymentId: string, reference: string) =>
      `referência Multibanco ${groupedReference(reference)} criada (${paymentId})`,
    startFailed: (reason: string) => `pagamento automático não iniciado: ${reason}`,
    refunded: (amount: string, late: boolean) =>
      late ? `reembolso de ${amount} feito: o pagamento chegou depois de a reserva fechar` : `reembolso de ${amount} feito`,
    refundFailed: (amount: string, reason: string) => `reembolso de ${amount} recusado pelo fornecedor: ${reason}`,
  },
} as const;
