/**
 * What the owner reads about automatic payments (docs/design.md §34): the switches and the provider's
 * keys on "Definições", and the refund when an order paid through the provider is closed. Kept apart
 * from `validationTexts` so the functions that never show them do not carry them.
 */

/** "Pagamentos automáticos" and the provider's keys (`PUT /api/admin/settings`, `PUT /api/admin/settings/payment-keys`). */
export const paymentKeysTexts = {
  automaticSwitch: 'Escolhe se este pagamento automático fica ligado ou desligado.',
  /** Switching an automatic method on before the provider's keys are saved. */
  automaticNeedsKeys: 'Guarda primeiro as chaves do Stripe (mais abaixo): sem elas, a loja não consegue pedir este pagamento.',
  stripeSecretKey: 'Cola a chave secreta do Stripe inteira: começa por sk_live_ (ou sk_test_ para testes, rk_ se for uma chave restrita).',
  stripeWebhookSecret: 'Cola o segredo de assinatura do webhook do Stripe inteiro: começa por whsec_.',
  /** The provider refused the key on the check call: nothing was kept. */
  stripeKeyRefused:
    'O Stripe não aceitou esta chave secreta (ou ela não pode consultar o saldo). Confirma que a copiaste inteira do painel do Stripe, em Programadores › Chaves da API. Nada foi guardado.',
  /** The provider could not be reached for the check: nothing was kept. */
  stripeUnavailable: 'Não foi possível confirmar as chaves com o Stripe agora. Nada foi guardado: tenta novamente daqui a um minuto.',
} as const;

/** `refundCents` of closing an order paid through the payment provider (`PATCH /api/admin/orders/{id}`). */
export const refundTexts = {
  invalid: 'Indica o valor a reembolsar em euros, com até 2 casas decimais (por exemplo 12,50).',
  /** More than what is left to give back, or less than a cent. */
  range: (max: string) => `O reembolso vai de 0,01 € até ${max} (o que foi pago pelo Stripe, menos o que já foi reembolsado).`,
  /** Not paid through the provider: nothing to refund from here. */
  notProviderPaid:
    'Esta encomenda não foi paga pelo Stripe: a loja não a pode reembolsar daqui. Devolve o dinheiro pela forma como o cliente pagou.',
  /** Closing an order paid by hand: how much was given back, bounded by what was paid less what went back already. */
  manualRange: (max: string) => `O valor devolvido vai de 0,01 € até ${max} (o que foi pago, menos o que já foi devolvido).`,
  methodInvalid: 'Escolhe como devolveste o dinheiro: transferência, PayPal, Revolut, MB WAY ou numerário.',
  /** A refund through the provider goes back by the provider: no other method to choose. */
  notManual: 'Esta encomenda foi paga pelo Stripe: o reembolso volta pelo Stripe, pelo mesmo meio.',
  /** Nothing was paid: there is nothing to give back. */
  nothingPaid: 'Esta encomenda não tem nenhum pagamento confirmado: não há nada a devolver.',
  /** The timeline's word on a refund made by hand. */
  manualRecorded: (amount: string, method: string) => `devolvidos ${amount} por ${method} (registado pela loja)`,
  /** The timeline's word on the closing: what refund was asked for. */
  requested: (amount: string) => `reembolso de ${amount} pedido ao Stripe`,
  /** A provider refund asked for and not answered yet: the next one waits (a few seconds). */
  underway: (amount: string) =>
    `O Stripe ainda está a devolver ${amount} desta encomenda. Espera uns segundos, recarrega a página e tenta de novo.`,
  /** "Devolver parte do pagamento": what the owner saw as left is no longer so (another refund, a close): nothing changed. */
  changed: (left: string) =>
    `O pagamento desta encomenda mudou entretanto: agora falta devolver ${left}. Revê o valor e tenta de novo; nada foi devolvido.`,
  /** The timeline's word on "Devolver parte do pagamento" (the refund's own words follow). */
  partial: (refund: string) => `devolução de parte do pagamento: ${refund}`,
} as const;
