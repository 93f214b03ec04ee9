/**
 * "Loja em preparação" (docs/design.md §33): while the go-live checklist in "Definições" is not
 * complete, every public page says so (pre-rendered too: the page's data carries `shop.ready`) and the
 * checkout shows why it is closed instead of its form (`POST /api/orders` answers 503 `shop_not_ready`).
 */
import { commonTexts } from '#shared/messages/index.ts';
import { useShopInfo } from '#web/lib/shop-info.ts';

/** Whether the shop is known to be in preparation (false while its info is loading: the server decides anyway). */
export function useShopPreparing(): boolean {
  return useShopInfo()?.ready === false;
}

/** The banner under the header of every public page. */
export function ShopPreparingBanner() {
  if (!useShopPreparing()) return null;
  return (
    <div className="shop-preparing" role="status" data-testid="shop-preparing">
      <div className="container">
        <strong>{commonTexts.preparingTitle}</strong> — {commonTexts.preparingBanner}
      </div>
    </div>
  );
}

/** The checkout's notice in place of its form. */
export function CheckoutClosed() {
  return (
    <div className="container page-body" data-testid="checkout-closed">
      <h1>{commonTexts.preparingTitle}</h1>
      <p className="notice">{commonTexts.preparingCheckout}</p>
    </div>
  );
}
