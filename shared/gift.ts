/**
 * Gift orders (docs/gifts.md): an order "para oferta" carries a message for a card (at most
 * {@link GIFT_MESSAGE_MAX} characters) and, when the shop offers it in "Definições", a gift wrap at the
 * price set there. The server takes the wrap's price from the settings when the order is reserved and
 * keeps it on the order; the total is the quote's plus the wrap ({@link withGiftWrap}: one function for
 * the browser's summary and the server's order). The wrap is a service, not goods: it does not count
 * toward free shipping, and it is an invoice line of its own (`invoiceLines`).
 */
import { GIFT_MESSAGE_MAX, giftTexts } from './messages/gift.ts';
import { formatCents } from './money.ts';

export { GIFT_MESSAGE_MAX };

/** "Definições": whether the shop wraps gifts, and for how much (integer cents; 0 = free). */
export interface GiftWrapSettings {
  readonly offered: boolean;
  readonly priceCents: number;
}

/** Off until the owner switches it on. */
export const DEFAULT_GIFT_WRAP: GiftWrapSettings = { offered: false, priceCents: 0 };

/** The highest wrap price the settings accept: 100 €. */
export const MAX_GIFT_WRAP_CENTS = 10_000;

/** What an order "para oferta" keeps: the card's message ('' = none) and the wrap with its price at reservation. */
export interface OrderGift {
  readonly message: string;
  readonly wrap: boolean;
  /** What the wrap cost when the order was reserved (0 without a wrap, or a free one). */
  readonly wrapCents: number;
}

/** What the customer asks at checkout (`gift` of the order request). */
export interface GiftRequest {
  readonly message?: string;
  readonly wrap?: boolean;
}

/** The wrap the customer may choose now: its price, or undefined when the shop does not offer one. */
export function offeredWrapCents(settings: GiftWrapSettings): number | undefined {
  return settings.offered ? settings.priceCents : undefined;
}

/**
 * The gift an order keeps from what was asked and the settings of the moment; `'wrap-not-offered'` when
 * a wrap is asked of a shop that does not offer one (the server refuses the order).
 *
 * @example
 * orderGift({ message: 'Parabéns!', wrap: true }, { offered: true, priceCents: 250 }); // { message: 'Parabéns!', wrap: true, wrapCents:
 * 250 }
 */
export function orderGift(request: GiftRequest | undefined, settings: GiftWrapSettings): OrderGift | undefined | 'wrap-not-offered' {
  if (!request) return undefined;
  const wrap = request.wrap === true;
  const price = offeredWrapCents(settings);
  if (wrap && price === undefined) return 'wrap-not-offered';
  return { message: request.message ?? '', wrap, wrapCents: wrap ? price! : 0 };
}

/** What the wrap adds to an order: its price when there is one, else 0. */
export function giftWrapCents(gift: Pick<OrderGift, 'wrap' | 'wrapCents'> | undefined): number {
  return gift?.wrap ? gift.wrapCents : 0;
}

/**
 * A quote with the wrap added to what the customer pays. Shipping is left as the quote made it: the wrap
 * does not count toward free shipping (docs/gifts.md).
 *
 * @example
 * withGiftWrap({ orderTotalCents: 2300 }, 250); // { orderTotalCents: 2550, giftWrapCents: 250 }
 */
export function withGiftWrap<Q extends { readonly orderTotalCents: number }>(
  quote: Q,
  wrapCents: number,
): Q & { readonly giftWrapCents: number } {
  return { ...quote, giftWrapCents: wrapCents, orderTotalCents: quote.orderTotalCents + wrapCents };
}

/** A gift message as the page shows it while typing: how many characters are left (negative: over). */
export function giftMessageLeft(message: string): number {
  return GIFT_MESSAGE_MAX - message.length;
}

/**
 * The checkout's label of the wrap at `cents`.
 *
 * @example wrapChoice(250) // 'Embrulho de oferta (+2,50 €)'
 * @example wrapChoice(0)   // 'Embrulho de oferta (grátis)'
 */
export function wrapChoice(cents: number): string {
  return cents === 0 ? giftTexts.wrapFree : giftTexts.wrapPriced(formatCents(cents));
}
