/**
 * Gift orders' texts (docs/gifts.md): the checkout's "É para oferta", the customer's and the owner's
 * views of a gift order, the gift slip, the refusals and the settings' words.
 * Part of the shop's texts: import them from `shared/messages/index.ts`.
 */
/** Characters of a gift message, at most (the card printed with the slip). */
export const GIFT_MESSAGE_MAX = 200;

export const giftTexts = {
  /** The checkout's checkbox that reveals the gift's fields. */
  isGift: 'É para oferta',
  isGiftHint: 'Enviamos a encomenda com uma guia sem preços e, se escreveres uma, a tua mensagem num cartão.',
  message: 'Mensagem para o cartão (opcional)',
  messageHint: `Até ${GIFT_MESSAGE_MAX} caracteres. Escrevemo-la num cartão que vai com as peças.`,
  /** As the customer types: how many characters are left. */
  charactersLeft: (left: number) =>
    left === 1
      ? 'Resta 1 caráter.'
      : left >= 0
        ? `Restam ${left} caracteres.`
        : `Tens ${-left} ${left === -1 ? 'caráter' : 'caracteres'} a mais.`,
  /** The wrap's checkbox: its price (`amount`, formatted), or free (`wrapChoice` of `shared/gift.ts`). */
  wrapPriced: (amount: string) => `Embrulho de oferta (+${amount})`,
  wrapFree: 'Embrulho de oferta (grátis)',
  /** The totals' line of the wrap. */
  wrapLine: 'Embrulho de oferta',
  free: 'Grátis',
  /** The order views' heading and lines (customer, owner, mail). */
  heading: 'Encomenda para oferta',
  messageLabel: 'Mensagem do cartão',
  noMessage: 'Sem mensagem.',
  wrapYes: 'Com embrulho de oferta',
  wrapNo: 'Sem embrulho',
  /** The owner's orders list: the marker beside a gift order. */
  marker: 'Oferta',
  /** The owner's order page: what the gift means for the parcel. */
  ownerHint: 'Imprime a guia de oferta (sem preços) e coloca-a na encomenda, com o cartão.',
  /** The gift slip (no prices): title, what it is, the card. */
  slipTitle: (orderNumber: number) => `Guia de oferta · encomenda n.º ${orderNumber}`,
  slipIntro: 'Uma oferta especial para ti. Esta guia não mostra preços.',
  cardHeading: 'Cartão',
  printGift: 'Imprimir guia de oferta',
  /** The orders CSV's columns. */
  csvGift: 'Oferta',
  csvWrap: 'Embrulho (€)',
  csvMessage: 'Mensagem do cartão',
  yes: 'Sim',
  no: 'Não',
  /** Refusals. */
  messageTooLong: `A mensagem do cartão pode ter no máximo ${GIFT_MESSAGE_MAX} caracteres. Encurta-a um pouco.`,
  giftInvalid: 'Os dados da oferta não são válidos: indica a mensagem do cartão e se queres embrulho.',
  wrapNotOffered: 'De momento a loja não faz embrulhos de oferta. Desmarca o embrulho: a mensagem do cartão continua a ir com a encomenda.',
  /** Definições. */
  settingsGroup: 'Oferta',
  settingsHint:
    'O cliente pode marcar a encomenda como oferta, com uma mensagem para um cartão. O embrulho de oferta só aparece na finalização da compra se estiver ligado; com preço 0 é grátis. O embrulho não conta para os portes grátis.',
  wrapPriceHint: 'Em euros, por exemplo 2,50. Só conta se o embrulho estiver ligado.',
  wrapPriceInvalid: 'Indica o preço do embrulho em euros, de 0 (grátis) a 100 €, por exemplo 2,50.',
  wrapSwitchInvalid: 'Escolhe se a loja faz embrulhos de oferta: ligado ou desligado.',
} as const;
