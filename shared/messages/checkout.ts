/**
 * The checkout's and "A minha encomenda"'s texts.
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
import type { TrackingCarrier } from '../tracking.ts';

// Texts made from values, or shared with another part, stand apart: bundlers keep a template with a
// value in it (it could run code), and an area that held one would be in every bundle, read or not.
export const PROOF_MISSING = 'Por favor, carrega o comprovativo de pagamento.';
export const TERMS_NOT_ACCEPTED = 'Por favor, aceita os termos e condições.';

/**
 * A reservation's time in words.
 *
 * @example holdDuration(30)  // '30 minutos'
 * @example holdDuration(120) // '2 horas'
 * @example holdDuration(90)  // '1 hora e 30 minutos'
 */
export function holdDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 1 ? '1 hora' : `${hours} horas`;
  const m = rest === 1 ? '1 minuto' : `${rest} minutos`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} e ${m}`;
}

/** Shipping, payment and order placement. */
export const checkoutTexts = {
  missingFields: 'Por favor, preenche todos os campos obrigatórios.',
  termsNotAccepted: TERMS_NOT_ACCEPTED,
  proofMissing: PROOF_MISSING,
  /** Submit button while the proof uploads. English original: 'Uploading...'. */
  proofUploading: 'A enviar...',
  proofUploadFailed: 'Não foi possível enviar o comprovativo. Tenta novamente.',
  mbwayUnavailable: 'O MB WAY não está disponível este mês. Escolhe outro método de pagamento.',
  /** An order over the shop's caps (settings; docs/design.md §18): nothing is reserved. */
  lineQuantityCap: (max: number) =>
    `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'unidade' : 'unidades'} de cada peça. Reduz a quantidade no carrinho.`,
  linesCap: (max: number) =>
    `Cada encomenda pode ter no máximo ${max} ${max === 1 ? 'peça diferente' : 'peças diferentes'}. Retira algumas do carrinho.`,
  /**
   * A reservation over the hold caps (docs/design.md §27), said from the customer's own counted orders
   * (those under both the e-mail and the phone she typed, `services/hold-refusal.ts`): what she can do
   * with each. Orders of others (the same address, another's e-mail or phone) are never described.
   */
  holdLimit: (own: { readonly unpaid: number; readonly proofs: number }, orders: number, units: number) => {
    const caps = `Cada cliente pode ter até ${orders} ${orders === 1 ? 'reserva' : 'reservas'} e ${units} ${units === 1 ? 'peça' : 'peças'} por pagar ao mesmo tempo.`;
    const proofs =
      own.proofs === 1 ? 'a reserva com comprovativo está a ser verificada' : 'as reservas com comprovativo estão a ser verificadas';
    if (own.unpaid > 0) {
      const unpaid =
        own.unpaid === 1
          ? 'Já tens uma reserva por pagar: conclui-a ou espera que expire.'
          : `Já tens ${own.unpaid} reservas por pagar: conclui-as ou espera que expirem.`;
      return `${unpaid}${own.proofs > 0 ? ` Entretanto, ${proofs}.` : ''} ${caps}`;
    }
    if (own.proofs > 0)
      return `${proofs.charAt(0).toUpperCase()}${proofs.slice(1)}: podes fazer uma nova encomenda depois de confirmarmos o pagamento, ou fala connosco se não puderes esperar. ${caps}`;
    return `Há reservas por pagar ligadas a esta ligação à internet, a este e-mail ou a este telefone: tenta de novo quando forem pagas ou expirarem, ou fala connosco. ${caps}`;
  },
  /** A reservation that alone holds more units than one customer may: nobody else's data is involved. */
  holdUnitsCap: (units: number) =>
    `Cada cliente pode ter até ${units} ${units === 1 ? 'peça' : 'peças'} por pagar ao mesmo tempo. Reduz as quantidades no carrinho, ou fala connosco para uma encomenda maior.`,
  /** Beside a payment method that cannot be chosen (the refusal itself is said once, in the alert). */
  methodUnavailable: 'Indisponível este mês',
  /** Beside a payment method the shop does not take at the moment (no instructions in its settings). */
  methodOff: 'Indisponível de momento',
  /** An order with a method the shop does not take at the moment: nothing reserved. */
  paymentMethodUnavailable: 'Esta forma de pagamento não está disponível de momento. Escolhe outra.',
  /** Payment page of a reservation whose time to pay is over: nothing can be sent. */
  reservationOver:
    'O tempo para pagar esta reserva terminou e as peças voltaram à loja. Não pagues: volta ao carrinho para fazer uma nova encomenda.',
  /** Cart and shipping step while the cart does not ship free (rule 26: from the amount, inclusive). */
  freeShippingFrom: (amount: string) => `Portes grátis em encomendas a partir de ${amount} (antes de descontos).`,
  /** Cart once the subtotal ships free. */
  freeShippingReached: 'Tens portes grátis nesta encomenda.',
  emptyCart: 'O teu carrinho está vazio.',
  /** Under 'Finalizar compra' while a cart line asks for more than is left or is gone. */
  fixCartLines: 'Corrige as peças assinaladas para continuar.',
  /** The proof is in the bucket, waiting for the order: nothing is sent to the shop until the customer confirms. */
  proofUploaded: (fileName: string) => `Comprovativo carregado — falta confirmar a encomenda (${fileName})`,
  /** After the proof (thank-you page, mails): past tense, never a request to pay. */
  proofReceived: 'Recebemos o teu comprovativo; vamos confirmar o pagamento.',
  /** Thank-you page: what happens next. */
  shippingAfterPayment: 'O envio é feito depois de confirmarmos o teu pagamento.',
  /** /thank-you opened without an order placed in this tab. */
  noRecentOrder:
    'Não encontrámos nenhuma encomenda recente neste separador. Se já fizeste a tua encomenda, vais receber um e-mail com os detalhes.',
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
  orderPlaced: (orderNumber: number | string) => `A tua encomenda nº ${orderNumber} foi registada.`,
  /** Payment page, once the order is reserved: the number to write in the payment's description. */
  paymentReference: (orderNumber: number | string) => `Referência do pagamento: ${orderNumber}`,
  /** Another reservation with the same e-mail and cart while one is open (another device): the mail has its link. */
  reservationExists:
    'Já tens uma reserva com este e-mail: vê o e-mail que te enviámos para pagar e enviar o comprovativo. As peças já estão reservadas para ti.',
  /** A customer cancel of an order that is no longer a reservation awaiting payment. */
  cancelNotAllowed:
    'Esta encomenda já não é uma reserva por pagar, por isso não a podes cancelar aqui. Se precisares, responde ao e-mail da encomenda.',
  /** The reservation's deadline with its date (e-mails, read later): e.g. "26/11/2026 às 14:48". */
  deadline: (date: string, time: string) => `${date} às ${time}`,
  /** Payment page: how long the pieces stay reserved. */
  reservedUntil: (time: string) => `As peças ficam reservadas para ti até às ${time}. Paga e envia o comprovativo até lá.`,
  /** Under the shipping page's button: what continuing does. */
  reservationHintNoMethod:
    'Ao continuar, reservamos as peças e o valor para ti enquanto pagas, durante um tempo que depende do método de pagamento.',
  reservationHint: (minutes: number) =>
    `Ao continuar, reservamos as peças e o valor para ti durante ${holdDuration(minutes)}, enquanto pagas.`,
  /** Shipping page button while the reservation is made. */
  reserving: 'A reservar as peças...',
  /** The header, the cart and the checkout while the customer has a reservation awaiting payment (any tab). */
  openReservation: (orderNumber: number | string, time: string) => `Tens uma reserva por pagar (nº ${orderNumber}, até às ${time})`,
  /** The link after `openReservation`, back to the payment page. */
  openReservationLink: 'continuar',
  /** The cart or the shipping details changed since the open reservation: it is never made twice. */
  reservationOutdated:
    'O carrinho ou os dados mudaram desde esta reserva. Continua a reserva (as peças dela estão guardadas para ti) ou cancela-a para reservar o que tens agora.',
  continueReservation: 'Continuar a reserva',
  cancelReservation: 'Cancelar a reserva',
  cancellingReservation: 'A cancelar...',
  /** After the customer cancelled their reservation. */
  reservationCancelled: 'Reserva cancelada: as peças voltaram à loja.',
  /** Next to the amount: until when, and what happens after. */
  payUntil: (time: string) => `até às ${time}`,
  afterDeadline: 'Depois dessa hora a reserva é cancelada e as peças voltam à loja: não pagues depois, faz uma nova encomenda.',
  /** Shipping page button while a reservation whose answer was lost is asked again (same key: one order). */
  confirming: 'A confirmar…',
} as const;

/**
 * The one name of each status the customer reads, on every page and e-mail of theirs (the back-office
 * keeps its own names: `ORDER_STATUS_INFO`).
 */
export const customerStatusLabels = {
  'Aguarda Pagamento': 'À espera de pagamento',
  'Confirmar Pagamento': 'Pagamento em verificação',
  Enviar: 'Em preparação',
  Enviado: 'Enviada',
  Concluido: 'Entregue',
  Encerrada: 'Cancelada',
} as const;

/** The total's label: what is still to pay before the proof, what was paid after it (a closed order: just the total). */
export const totalLabels = { due: 'Total a pagar', paid: 'Total pago', closed: 'Total' } as const;

/** "A minha encomenda": the customer's view of an order. */
export const myOrderTexts = {
  /** Another change of the same order (its reservation running out, the shop) was under way: nothing was done. */
  orderBusy: 'A encomenda estava a ser atualizada neste momento. Espera alguns segundos e tenta novamente.',
  title: (orderNumber: number | string) => `A minha encomenda nº ${orderNumber}`,
  status: {
    'Aguarda Pagamento': 'À espera do teu pagamento e do comprovativo.',
    'Confirmar Pagamento': 'Preparamos o envio logo que verificarmos o pagamento.',
    Enviar: 'Estamos a preparar o envio com todo o cuidado.',
    Enviado: 'A tua encomenda foi enviada.',
    Concluido: 'Encomenda concluída. Obrigado!',
    Encerrada: 'Esta encomenda foi encerrada.',
  },
  /** Before the method in the order's payment lines (the one that paid, or is being checked). */
  paymentMethod: 'Método de pagamento:',
  history: 'Histórico',
  reserved: 'Encomenda reservada',
  payNow: 'Pagar e enviar o comprovativo',
  sendProof: 'Enviar comprovativo',
  proofSent: 'Comprovativo recebido. Obrigado!',
  loadFailed: 'Não foi possível abrir a encomenda. Tenta novamente.',
  follow: 'Acompanhar a encomenda',
  /** The CTT's codes are named as theirs; another carrier's code is just the code. */
  tracking: (code: string, carrier?: TrackingCarrier) =>
    carrier === 'outra' ? `Código de envio: ${code}.` : `Código de envio CTT: ${code}.`,
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

/**
 * The customer's words for a payment the provider takes (docs/design.md §34): each true at the moment
 * it is shown. "Confirmado" only once the order is paid (`Enviar` onwards); "a aguardar a aprovação"
 * only while the MB WAY request is pending.
 */
export const providerPaymentTexts = {
  /** Beside the automatic methods on the shipping step. */
  choiceHint: {
    mbway: 'Recebes o pedido na app MB WAY e aprovas lá: sem comprovativo.',
    multibanco: 'Pagas com uma referência Multibanco (caixa ou homebanking): sem comprovativo.',
  },
  /** Beside the manual methods when automatic ones are offered too. */
  manualChoiceHint: 'Pagas fora do site e envias o comprovativo no passo seguinte.',
  mbwayTitle: 'Aprova o pagamento na app MB WAY',
  mbwayStarting: 'A enviar o pedido MB WAY para o teu telemóvel…',
  mbwayPending: (amount: string, time: string) =>
    `Enviámos um pedido de ${amount} para o telemóvel que indicaste. Abre a app MB WAY e aprova-o até às ${time}.`,
  mbwayWaiting: 'A aguardar a aprovação…',
  multibancoTitle: 'Paga com a referência Multibanco',
  multibancoStarting: 'A gerar a tua referência Multibanco…',
  multibancoPending: (date: string) =>
    `Paga numa caixa Multibanco ou no homebanking (Pagamentos de serviços) até ${date}. Não precisas de enviar comprovativo: o pagamento chega-nos sozinho.`,
  entity: 'Entidade',
  reference: 'Referência',
  amount: 'Montante',
  validUntil: 'Válida até',
  /** The provider confirmed it, the order is not paid yet (seconds): no "confirmado" yet. */
  registering: 'Pagamento recebido; a concluir a tua encomenda…',
  confirmed: (method: string) => `Pagamento por ${method} confirmado. Estamos a preparar a tua encomenda.`,
  /** The request failed: said, and the reservation is still payable by hand until its deadline. */
  failed: (reason: string, time: string) =>
    `${reason} A reserva continua válida até às ${time}: podes pagar por outro método e enviar o comprovativo.`,
  failedDefault: 'Não foi possível fazer o pedido de pagamento.',
  manualTitle: 'Pagar por outro método',
  manualChoose: 'Escolhe como vais pagar',
  manualNone: 'De momento não há outro método de pagamento disponível. Se quiseres, faz uma nova encomenda mais tarde.',
  manualLoadFailed: 'Não foi possível carregar os outros métodos de pagamento.',
  /** A payment after the reservation closed: refunded by the shop (the customer is mailed too). */
  lateRefundPending: 'O pagamento chegou depois de a reserva terminar e as peças já tinham voltado à loja: vamos devolver-te o valor.',
  refunded: (amount: string) => `Devolvemos-te ${amount} pelo mesmo meio de pagamento.`,
  /** "A minha encomenda": the status line of a reservation paid through the provider. */
  statusPending: {
    mbway: 'À espera da aprovação do pagamento na app MB WAY.',
    multibanco: 'À espera do pagamento da referência Multibanco.',
  },
  statusStarting: 'A preparar o pedido de pagamento.',
  statusFailed: 'O pedido de pagamento falhou; a reserva pode ser paga por outro método até ao fim do prazo.',
  /** The header and the checkout while a Multibanco reservation (days long) awaits payment: with the date. */
  openReservationDated: (orderNumber: number | string, date: string, time: string) =>
    `Tens uma reserva por pagar (nº ${orderNumber}, até ${date} às ${time})`,
  /** Thank-you page after a provider payment. */
  thankYou: (method: string) => `Pagamento por ${method} confirmado.`,
  shippingNext: 'Vamos preparar o envio com todo o cuidado.',
} as const;
