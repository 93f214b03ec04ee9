/**
 * What a new order keeps of its money besides its lines: the totals as priced with its discount code
 * (docs/discount-codes.md) and its gift's wrap at the settings' price of this moment (docs/gifts.md).
 */
import { giftWrapCents, orderGift, withGiftWrap, type OrderGift } from '#shared/gift.ts';
import { giftTexts } from '#shared/messages/index.ts';
import type { PlaceOrderInput } from '#shared/schemas/index.ts';
import type { ShopSettings } from '#shared/settings.ts';
import { InvalidInput } from '../errors.ts';
import type { CodedOrder } from './discount-codes.ts';

/**
 * The gift an order keeps (docs/gifts.md): the wrap at the settings' price of this moment; a wrap the
 * shop does not offer now is refused (400 on `gift.wrap`, nothing reserved).
 */
export function giftOf(input: PlaceOrderInput, settings: ShopSettings): OrderGift | undefined {
  const gift = orderGift(input.gift, settings.giftWrap);
  if (gift === 'wrap-not-offered')
    throw new InvalidInput(giftTexts.wrapNotOffered, { 'gift.wrap': giftTexts.wrapNotOffered }, 'gift_wrap_unavailable');
  return gift;
}

/**
 * The order's money as priced (`quoteWithCode`) with its gift's wrap at the settings' price of this
 * moment (`withGiftWrap`, docs/gifts.md): its totals, its code and the counters the code's use is taken
 * on, in the stock's transaction, so the last use goes to exactly one order (docs/discount-codes.md).
 */
export function pricedMoney({ quote }: CodedOrder, codeUseKeys: readonly string[] | undefined, gift: OrderGift | undefined) {
  const total = withGiftWrap(quote, giftWrapCents(gift)).orderTotalCents;
  const money = {
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    shippingCents: quote.shippingCents,
    totalCents: total,
  };
  return {
    ...money,
    ...(quote.discount ? { discount: quote.discount } : {}),
    ...(codeUseKeys ? { codeUseKeys } : {}),
    ...(gift ? { gift } : {}),
  };
}
