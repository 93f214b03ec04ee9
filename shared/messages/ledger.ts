/**
 * The words about an order's money (docs/design.md §35): what the customer and the owner read, each
 * derived from the ledger by `shared/payment-view.ts`. "Confirmado" and "Total pago" only once the
 * money is in; a refund always with its amount, method and date.
 */

/** The owner's short word per financial status (list, box, CSV): its own constant, so the exports carry only it. */
export const ownerFinancialTexts = {
  unpaid: 'Por pagar',
  verifying: 'A verificar',
  paid: 'Pago',
  partially_refunded: 'Parcialmente devolvido',
  refunded: 'Devolvido',
  failed: 'Falhou',
} as const;

/** The method's name when the money came or goes back by hand in cash (a sale in person). */
export const CASH_LABEL = 'Numerário';

/** The accountant's export (docs/money.md): the Movimentos CSV's words, and the orders CSV's money columns. */
export const movementTexts = {
  kind: {
    payment: 'Pagamento',
    unmatched: 'Pagamento de outro valor ou moeda (não pagou a encomenda)',
    refund: 'Devolução',
    fee: 'Comissão',
  },
  /** How the shop knows of the movement. */
  source: { provider: 'Stripe', proof: 'Comprovativo verificado', owner: 'Registado pela loja' },
  /** The totals' rows, after the movements: one per method, then all of them. */
  total: 'Total',
  allMethods: 'Todos os métodos',
  columns: [
    'Data',
    'Nº encomenda',
    'Estado da encomenda',
    'Movimento',
    'Método',
    'Origem',
    'Entrada',
    'Saída',
    'Moeda',
    'Pagamento no Stripe',
    'Reembolso no Stripe',
  ],
  /** The orders CSV's columns from the ledger, after "Total". */
  orderColumns: ['Estado do pagamento', 'Recebido', 'Devolvido'],
} as const;

export const ledgerTexts = {
  cash: CASH_LABEL,
  /** The customer's one line about the payment, by financial status. */
  customer: {
    unpaid: (method: string) => `A aguardar o pagamento por ${method}.`,
    unpaidClosed: 'Esta encomenda não foi paga.',
    verifying: (method: string) => `Pagamento por ${method} a verificar: recebemos o comprovativo e vamos confirmá-lo.`,
    paid: (method: string) => `Pagamento por ${method} confirmado.`,
    failed: (method: string) => `O pagamento por ${method} não foi concluído.`,
    partiallyRefunded: (method: string, refunded: string) => `Pagamento por ${method} confirmado; já te devolvemos ${refunded}.`,
    refunded: (refunded: string) => `Devolvemos-te ${refunded}: esta encomenda já não tem nada pago.`,
    refundPending: (amount: string) => `Vamos devolver-te ${amount}.`,
  },
  /** One refund, on the customer's page, the mail and the owner's box. */
  refundLine: (amount: string, method: string, date: string) => `Devolvido: ${amount} por ${method}, em ${date}`,
  refundPendingLine: (amount: string, method: string) => `Devolução pedida: ${amount} por ${method}`,
  /** The owner's short word per financial status (list, box, CSV). */
  owner: ownerFinancialTexts,
  /** How the owner knows of a paid entry. */
  source: {
    provider: (provider: string) => `Confirmado pelo ${provider}`,
    proofChecked: (by: string) => `Comprovativo verificado por ${by}`,
    proofWaiting: 'Comprovativo por verificar',
    owner: (by: string) => `Marcado como pago por ${by}`,
    ownerRefund: (by: string) => `Devolvido à mão por ${by}`,
  },
  /** The cancellation mail: what was given back, or what will be. */
  cancelRefunded: (amount: string, method: string) => `Já te devolvemos ${amount} por ${method}.`,
  cancelRefundPending: (amount: string, method: string) => `Vamos devolver-te ${amount} por ${method}.`,
  cancelNothingPaid: 'Não foi registado nenhum pagamento desta encomenda: não há nada a devolver.',
  movement: movementTexts,
} as const;
