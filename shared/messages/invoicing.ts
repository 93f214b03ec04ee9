/**
 * What the owner and the customer read about invoices (docs/invoices.md): the settings' "Faturação",
 * the invoice's state on the order pages and the timeline. Kept apart so the functions that never show
 * them do not carry them.
 */

/** "Faturação" on "Definições" (`PUT /api/admin/settings`). */
export const invoicingSettingsTexts = {
  switch: 'Escolhe se a faturação automática fica ligada ou desligada.',
  account:
    'Indica o nome da conta do InvoiceXpress (o início do endereço: <conta>.app.invoicexpress.com), só letras, algarismos e hífenes.',
  series: 'Indica a série como o InvoiceXpress a numera (algarismos), ou deixa vazio para a série por omissão.',
  vatPercent: 'Escolhe a taxa de IVA das peças: 23, 22, 16, 13, 6 ou 4 %.',
  apiKey: 'Cola a chave da API do InvoiceXpress inteira (em Definições da conta › Integrações › API), só letras e algarismos.',
  /** The provider refused the key or the account on the check call: nothing was kept. */
  keyRefused: 'O InvoiceXpress não aceitou esta conta e chave da API. Confirma o nome da conta e copia a chave inteira. Nada foi guardado.',
  /** The provider could not be reached for the check: nothing was kept. */
  keyUnavailable: 'Não foi possível confirmar a chave com o InvoiceXpress agora. Nada foi guardado: tenta novamente daqui a um minuto.',
  /** Switching invoicing on before the account and its API key are saved. */
  needsKey: 'Guarda primeiro a conta e a chave da API do InvoiceXpress: sem elas, a loja não consegue emitir faturas.',
} as const;

/** The invoice's state, as the owner reads it on the order (and the timeline's entries). */
export const invoiceTexts = {
  panel: 'Fatura',
  pending: 'Fatura pendente',
  issued: (number: string) => `Fatura-recibo ${number}`,
  failed: 'Fatura não emitida',
  retry: 'Tentar de novo',
  /** "Tentar de novo" when nothing waits, or a try is under way this moment. */
  notRetryable: 'Esta encomenda não tem nenhuma fatura à espera, ou a loja está a emiti-la neste momento. Atualiza a página.',
  download: 'Descarregar a fatura (PDF)',
  creditNote: (number: string, amount: string) => `Nota de crédito ${number}: ${amount}`,
  downloadCreditNote: 'Descarregar a nota de crédito (PDF)',
  retried: 'A loja vai tentar emitir o documento de novo agora. Atualiza a página daqui a um minuto.',
  retryFailed: 'Não foi possível pedir nova tentativa.',
  /** The customer's order page. */
  customer: {
    issued: (number: string) => `Fatura-recibo ${number}`,
    pending: 'A fatura desta encomenda está a ser emitida e aparece aqui em breve.',
    /** A credit note issued for a refund: its number and the amount given back. */
    creditNote: (number: string, amount: string) => `Nota de crédito ${number}: ${amount} devolvidos`,
  },
  /** Why it is still pending: the provider did not answer; the shop tries again by itself. */
  unavailable: (when: string) => `O programa de faturação não respondeu. A loja tenta de novo por si às ${when}.`,
  /** The provider refused the document as asked: the owner must look (the provider's words follow). */
  refused: (said: string) => `O programa de faturação recusou o documento: ${said}`,
  /** The key or the account stopped working. */
  credentials:
    'O InvoiceXpress não aceitou a chave da API ou a conta guardadas em Definições › Faturação. Guarda-as de novo e toca em «Tentar de novo».',
  timeline: {
    issued: (number: string, total: string) => `Fatura-recibo ${number} emitida (${total}).`,
    creditNote: (number: string, amount: string, invoice: string) => `Nota de crédito ${number} de ${amount} emitida (fatura ${invoice}).`,
    pending: (reason: string) => `Fatura pendente: ${reason}`,
    retried: 'Pedido de nova tentativa de emissão da fatura.',
  },
  /** The provider's own mail of the fatura-recibo (the settings' "enviar a fatura ao cliente"). */
  mail: {
    subject: (orderNumber: number) => `Fatura da tua encomenda ${orderNumber} — Joias Inox`,
    body: (firstName: string, orderNumber: number) =>
      `Olá ${firstName},\n\nSegue em anexo a fatura-recibo da tua encomenda ${orderNumber}. Obrigado pela tua compra!\n\nJoias Inox`,
  },
  /** The provider's own mail of a credit note (a refund). */
  creditMail: {
    subject: (orderNumber: number) => `Nota de crédito da tua encomenda ${orderNumber} — Joias Inox`,
    body: (firstName: string, orderNumber: number) =>
      `Olá ${firstName},\n\nSegue em anexo a nota de crédito do valor que te devolvemos da encomenda ${orderNumber}.\n\nJoias Inox`,
  },
  /** The credit note's printed reason. */
  creditReason: {
    partial: 'Reembolso parcial',
    cancel: 'Encomenda cancelada após o pagamento',
    late: 'Pagamento recebido após o fim da reserva',
  },
} as const;
