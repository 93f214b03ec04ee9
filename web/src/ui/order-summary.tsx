import type { CustomerOrder } from '#shared/api.ts';
import { customerMoneyView } from '#web/lib/money-view.ts';
import type { Cart } from '#shared/cart.ts';
import { quoteOrder } from '#shared/pricing.ts';
import { giftWrapCents, withGiftWrap } from '#shared/gift.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { SHIPPING_METHODS, type ShippingMethodId } from '#shared/shipping.ts';
import { PriceTag } from './price-tag.tsx';
import { LineAmount, Totals, type TotalsRow } from './totals.tsx';
import { nameWithSize } from '#shared/variants.ts';
import { GiftSummary } from './gift-summary.tsx';
import type { AppliedDiscount } from '#shared/discount-codes.ts';
import { cartGoodsRows, goodsRows } from './code-totals.ts';

/** What a summary line shows: the piece, how many, the unit price before and after discount, the line total. */
interface SummaryLine {
  readonly productId: string;
  readonly variantId?: string;
  readonly size?: string;
  readonly name: string;
  readonly quantity: number;
  readonly priceCents: number;
  readonly discountPercent: number;
  readonly totalCents: number;
}

/**
 * Lines of an order as a short list: name, quantity × unit price (the price before the discount struck
 * through), and the line total (likewise), so the lines add up to the subtotal and the total below.
 */
export function OrderLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <ul className="order-summary__lines">
      {lines.map((line) => (
        <li key={`${line.productId}#${line.variantId ?? ''}`} className="order-line">
          <span className="order-line__what">
            <span className="order-line__name">{nameWithSize(line.name, line.size)}</span>
            <span className="order-line__unit muted">
              {line.quantity} × <PriceTag priceCents={line.priceCents} discountPercent={line.discountPercent} />
            </span>
          </span>
          <LineAmount beforeDiscountCents={line.priceCents * line.quantity} cents={line.totalCents} />
        </li>
      ))}
    </ul>
  );
}

/** The totals' row of a gift wrap (docs/gifts.md): its price, or "Grátis". */
const wrapRow = (cents: number): TotalsRow => ({ label: giftTexts.wrapLine, value: cents === 0 ? giftTexts.free : cents });

/**
 * The cart as the checkout steps show it: lines and the amounts, with shipping once a method is
 * chosen, and the gift wrap when chosen (`wrapCents`, its price now). For display only: the server prices the order.
 */
export function OrderSummary({
  cart,
  shippingMethod,
  code,
  wrapCents,
  title = 'A tua encomenda',
}: {
  cart: Cart;
  shippingMethod: ShippingMethodId | '';
  code?: AppliedDiscount;
  wrapCents?: number;
  title?: string;
}) {
  const rows: TotalsRow[] = [];
  const wrap = wrapCents === undefined ? [] : [wrapRow(wrapCents)];
  if (shippingMethod) {
    const quote = withGiftWrap(quoteOrder(cart, shippingMethod), wrapCents ?? 0);
    // The code's cents as the server priced them (a free-shipping code: this method's shipping).
    const off = code ? (code.type === 'freeShipping' ? quote.shippingCents : code.amountCents) : 0;
    rows.push(
      ...goodsRows(quote.subtotalCents, quote.discountCents, code, off),
      { label: 'Portes', value: quote.freeShipping ? 'Grátis' : quote.shippingCents },
      ...wrap,
      { label: 'Total a pagar', value: quote.orderTotalCents - off, total: true },
    );
  } else {
    const goods = cartGoodsRows(cart, code);
    rows.push(...goods.rows, { label: 'Portes', value: code?.type === 'freeShipping' ? 'Grátis' : 'a escolher' }, ...wrap, {
      label: 'Total',
      value: goods.totalCents + (wrapCents ?? 0),
      total: true,
    });
  }
  return (
    <aside className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{title}</h2>
      <OrderLines lines={quoteOrder(cart, shippingMethod || 'ctt').lines} />
      <Totals rows={rows} />
    </aside>
  );
}

/** The lines and totals of an order as the server fixed them. */
export function FixedOrderLines({ order }: { order: CustomerOrder }) {
  // "Total pago" only once the money is in (the ledger's view, docs/design.md §35): never while a proof is checked.
  const totalLabel = customerMoneyView(order).totalLabel;
  return (
    <>
      <OrderLines lines={order.lines.map((line) => ({ ...line, totalCents: line.lineTotalCents }))} />
      <Totals
        rows={[
          ...goodsRows(order.subtotalCents, order.discountCents, order.discount, order.discount?.amountCents ?? 0),
          {
            label: `Portes (${SHIPPING_METHODS[order.shippingMethod].label})`,
            value: order.shippingCents === 0 ? 'Grátis' : order.shippingCents,
          },
          ...(order.gift?.wrap ? [wrapRow(giftWrapCents(order.gift))] : []),
          { label: totalLabel, value: order.totalCents, total: true },
        ]}
      />
      {order.gift && <GiftSummary gift={order.gift} />}
    </>
  );
}

/** The card of an order as the server fixed it (a reservation or a paid order). */
export function FixedOrderSummary({ order, title = 'A tua encomenda' }: { order: CustomerOrder; title?: string }) {
  return (
    <aside className="card order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">{title}</h2>
      <FixedOrderLines order={order} />
    </aside>
  );
}
