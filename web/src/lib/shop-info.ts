/**
 * What the storefront states from the shop's settings (`GET /api/shop-info`: the seller's
 * identification, retention periods, order caps). A pre-rendered page carries it in its data block
 * (rendered again whenever the owner saves the settings), so it is there before any request and the
 * app hydrates exactly what the server rendered; the app shell (checkout, an order's page) fetches it
 * once per visit, shared by every component that asks; a failed fetch is tried again by the next one.
 */
import { useEffect, useState } from 'react';
import type { ShopInfoResponse } from '#shared/api.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#shared/cart.ts';
import type { OrderCaps } from '#shared/settings.ts';
import type { SellerIdentity } from '#shared/shop-identity.ts';
import { api } from './api.ts';
import { useAnyPageData } from './page-data.ts';

let loading: Promise<ShopInfoResponse> | undefined;
/** The last answer, for components mounted after it arrived (no second render with nothing). */
let fetched: ShopInfoResponse | undefined;

function fetchShopInfo(): Promise<ShopInfoResponse> {
  loading ??= api.shopInfo().then(
    (info) => (fetched = info),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The shop's info: first the page's own (pre-rendered, so hydration matches) or the last one fetched,
 * then what `GET /api/shop-info` answers (once per visit): a page kept a minute ago may predate the
 * owner's latest save (a lower order cap). Undefined only while the app shell fetches it.
 */
export function useShopInfo(): ShopInfoResponse | undefined {
  const inline = useAnyPageData()?.shop;
  // Hydration renders exactly what the server did (the page's own info), even when this visit has
  // fetched newer: React keeps the server's attributes where they differ (a stale `max` would stay).
  const [info, setInfo] = useState(inline ? undefined : fetched);
  useEffect(() => {
    let active = true;
    fetchShopInfo().then(
      (answer) => active && setInfo(answer),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return info ?? inline;
}

/** The seller's identification in force (undefined only while the app shell fetches it). */
export function useSeller(): SellerIdentity | undefined {
  return useShopInfo()?.seller;
}

/** The order caps in force; the carts' hard maxima until the settings arrive (the server checks anyway). */
export function useOrderCaps(): OrderCaps {
  return useShopInfo()?.orderCaps ?? { lineQuantity: MAX_LINE_QUANTITY, lines: MAX_CART_LINES };
}
