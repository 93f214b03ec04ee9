/**
 * What the storefront states from the shop's settings (`GET /api/shop-info`: retention periods, order
 * caps), fetched once per visit and shared by every page that needs it; a failed fetch is tried again
 * by the next page that asks.
 */
import { useEffect, useState } from 'react';
import type { ShopInfoResponse } from '../../../shared/api.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../../shared/cart.ts';
import type { OrderCaps } from '../../../shared/settings.ts';
import { api } from './api.ts';

let loading: Promise<ShopInfoResponse> | undefined;

export function shopInfo(): Promise<ShopInfoResponse> {
  loading ??= api.shopInfo().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The order caps in force; the carts' hard maxima until the settings arrive (the server checks anyway). */
export function useOrderCaps(): OrderCaps {
  const [caps, setCaps] = useState<OrderCaps>({ lineQuantity: MAX_LINE_QUANTITY, lines: MAX_CART_LINES });
  useEffect(() => {
    let active = true;
    shopInfo().then(
      (info) => active && setCaps(info.orderCaps),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return caps;
}
