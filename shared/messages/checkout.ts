/**
 * The checkout's and "A minha encomenda"'s texts.
 * Part of the shop's texts: import them from `shared/messages.ts`.
 */
import type { TrackingCarrier } from '../tracking.ts';

// Texts made from values, or shared with another part, stand apart: bundlers keep a template with a
// value in it (it could run code), and an area that held one would be in every bundle, read or not.
export const PROOF_MISSING = 'Por favor, faça upload do comprovativo de pagamento.';
export const TERMS_NOT_ACCEPTED = 'Por favor, aceite os termos e condições.';

/** Shipping, payment and order placement. */
export const checkoutTexts = {
  missingFields: 'Por favor, preencha todos os campos obrigatórios.',
  termsNotAccepted: TERMS_NOT_ACCEPTED,
  proofMissing: PROOF_MISSING,
  /** Submit button while the proof uploads. English original: 'Uploading...'. */
  proofUploading: 'A enviar...',
  proofUploadFailed: 'Não foi possível enviar o comprovativo. Tenta novamente.',
  mbwayUnavailable: 'MBWay não está disponível este mês. Escolha outro método de pagamento.',
  /** An order over the shop's caps (settings; docs/design.md §18): nothing is reserved. */
  lineQuantityCap: (max: number) => `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'unidade' : 'unidades'} de cada peça. Reduz a quantidade no carrinho.`,
  linesCap: (max: number) => `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'peça diferente' : 'peças diferentes'}. Retira algumas do carrinho.`,
  /** Beside a payment method that cannot be chosen (the refusal itself is said once, in the alert). */
  methodUnavailable: 'Indisponível este mês',
  /** Beside a payment method the shop does not take at the moment (no instructions in its settings). */
  methodOff: 'Indisponível de momento',
  /** An order with a method the shop does not take at the moment: nothing reserved. */
  paymentMethodUnavailable: 'Esta forma de pagamento não está disponível de momento. Escolhe outra.',
  /** Payment page of a reservation whose time to pay is over: nothing can be sent. */
  reservationOver: 'O tempo para pagar esta reserva terminou e as peças voltaram à loja. Não pagues: volta ao carrinho para fazer uma nova encomenda.',
  /** Cart and shipping step while the cart does not ship free (rule 26: from the amount, inclusive). */
  freeShippingFrom: (amount: string) => `Portes grátis em encomendas a partir de ${amount} (antes de descontos).`,
  /** Cart once the subtotal ships free. */
  freeShippingReached: 'Tens portes grátis nesta encomenda.',
  emptyCart: 'O teu carrinho está vazio.',
  /** Under 'Finalizar Compra' while a cart line asks for more than is left or is gone. */
  fixCartLines: 'Corrige as peças assinaladas para continuar.',
  /** The proof is in the bucket, waiting for the order. */
  proofUploaded: (fileName: string) => `Comprovativo enviado: ${fileName}`,
  /** Thank-you page: what happens next. */
  shippingAfterPayment: 'O envio é feito depois de confirmarmos o teu pagamento.',
  /** /thank-you opened without an order placed in this tab. */
  noRecentOrder: 'Não encontrámos nenhuma encomenda recente neste separador. Se já fizeste a tua encomenda, vais receber um e-mail com os detalhes.',
  /** A cart line asks for more than is left when the order is placed. */
  outOfStock: (name: string, left: number) =>
    left <= 0
      ? `O produto «${name}» esgotou entretanto. Retira-o do carrinho para continuar.`
      : `Só ${left === 1 ? 'resta 1 unidade' : `restam ${left} unidades`} do produto «${name}». Reduz a quantidade para continuar.`,
  /** A cart line of a piece sold in sizes names none (a cart kept from before it had sizes). */
  sizeRequired: (name: string) => `Escolhe o tamanho de «${name}» na página da peça, e retira esta linha do carrinho, para continuar.`,
  /** A cart line names a size the owner no longer sells. */
  sizeGone: (name: string) => `O tamanho escolhido de «${name}» já não está disponível. Retira-o do carrinho para continuar.`,
  /** A cart line names a product that no longer exists. */
  productGone: 'Um dos produtos do carrinho já não está disponível. Retira-o para continuar.',
  orderFailed: 'Não foi possível registar a encomenda. Tenta novamente.',
  /** Thank-you page. */
  orderPlaced: (orderNumber: number | string) => `Obrigado! A tua encomenda nº ${orderNumber} foi registada.`,
  /** Payment page, once the order is reserved: the number to write in the payment's description. */
  paymentReference: (orderNumber: number | string) => `Referência do pagamento: ${orderNumber}`,
  /** Payment page: how long the pieces stay reserved. */
  reservedUntil: (time: string) => `As peças ficam reservadas para ti até às ${time}. Paga e envia o comprovativo até lá.`,
  /** Under the shipping page's button: what continuing does. */
  reservationHint: (hours: number) => `Ao continuar, reservamos as peças e o valor para ti durante ${hours === 1 ? '1 hora' : `${hours} horas`}, enquanto pagas.`,
  /** Shipping page button while the reservation is made. */
  reserving: 'A reservar as peças...',
  /** Shipping page button while a reservation whose answer was lost is asked again (same key: one order). */
  confirming: 'A confirmar…',
  /** The reservation of this tab no longer matches the cart (the customer changed it): a new one is made. */
  reservationOutdated: 'O carrinho mudou desde a reserva. Confirma os dados para reservar de novo.',
} as const;

/** "A minha encomenda": the customer's view of an order. */
export const myOrderTexts = {
  title: (orderNumber: number | string) => `A minha encomenda nº ${orderNumber}`,
  status: {
    'Aguarda Pagamento': 'À espera do teu pagamento e do comprovativo.',
    'Confirmar Pagamento': 'Recebemos o teu comprovativo. Vamos confirmar o pagamento.',
    Enviar: 'Pagamento confirmado. Estamos a preparar o envio com todo o cuidado.',
    Enviado: 'A tua encomenda foi enviada.',
    Concluido: 'Encomenda concluída. Obrigado!',
    Encerrada: 'Esta encomenda foi encerrada.',
  },
  history: 'Histórico',
  reserved: 'Encomenda reservada',
  payNow: 'Pagar e enviar o comprovativo',
  sendProof: 'Enviar comprovativo',
  proofSent: 'Comprovativo recebido. Obrigado!',
  loadFailed: 'Não foi possível abrir a encomenda. Tenta novamente.',
  follow: 'Acompanhar a encomenda',
  /** The CTT's codes are named as theirs; another carrier's code is just the code. */
  tracking: (code: string, carrier?: TrackingCarrier) => (carrier === 'outra' ? `Código de envio: ${code}.` : `Código de envio CTT: ${code}.`),
  followParcel: 'Seguir o envio nos CTT (abre noutra janela)',
  /** The lookup by number and e-mail ("/encomenda"). */
  lookupTitle: 'A minha encomenda',
  lookupIntro: 'Indica o número da encomenda e o e-mail com que a fizeste. Enviamos-te para esse e-mail a ligação para a acompanhares.',
  lookupNumber: 'Número da encomenda',
  lookupEmail: 'E-mail da encomenda',
  lookupSubmit: 'Enviar a ligação',
  lookupSending: 'A enviar...',
  /** Always the same answer, whether or not the order exists: a number reveals nothing. */
  lookupSent:
    'Se o número e o e-mail corresponderem a uma encomenda, vais receber dentro de minutos um e-mail com a ligação. Não chegou? Vê a pasta de spam, ou confirma o número no e-mail da encomenda.',
  lookupFailed: 'Não foi possível enviar o pedido. Tenta novamente.',
  lookupLink: 'Já fizeste uma encomenda? Acompanha-a aqui',
} as const;
