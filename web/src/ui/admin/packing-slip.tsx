/**
 * The order sheet / packing slip: what goes in the parcel and on the owner's desk. Hidden on screen;
 * printing the order page ("Imprimir folha de encomenda") prints only this, black on white, A4: the
 * shop's identification, the order's number and date, who it goes to, the pieces with their SKU and
 * quantity, the shipping method and the totals (with the discount code and what it took off, as the
 * order page says it, docs/discount-codes.md); for a gift, the wrap and the card's message to pack
 * with the gift slip (`gift-slip.tsx`, docs/gifts.md).
 */
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { formatCents } from '#shared/money.ts';
import { discountCodeTexts } from '#shared/messages/index.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { legalLine, SHOP_BRAND } from '#shared/shop-identity.ts';
import { useSeller } from '#web/lib/shop-info.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { lineSku, nameWithSize } from '#shared/variants.ts';
import { SlipGiftNote, SlipWrapTotal } from './gift-slip.tsx';

const t = texts.packingSlip;

/** `shown`: also on screen (the page of several slips), not only on paper. */
export function PackingSlip({ order, shown = false }: { readonly order: Order; readonly shown?: boolean }) {
  const seller = useSeller();
  return (
    <article
      className={`${shown ? 'adm-print-shown' : 'adm-print-only'} packing-slip`}
      aria-hidden={shown ? undefined : true}
      data-testid="packing-slip"
    >
      <header className="packing-slip__head">
        <div>
          <p className="packing-slip__brand">{SHOP_BRAND.name}</p>
          {seller && (
            <>
              <p>{legalLine(seller)}</p>
              <p>
                {seller.email} · {seller.phone}
              </p>
            </>
          )}
        </div>
        <div className="packing-slip__order">
          <h2>{t.title(order.orderNumber)}</h2>
          <p>{formatDateTime(order.createdAt)}</p>
        </div>
      </header>
      <section className="packing-slip__to">
        <h3>{t.shipTo}</h3>
        <p>
          {order.firstName} {order.lastName}
          <br />
          {order.address}
          <br />
          {order.postalCode} {order.city}
          <br />
          {order.country}
          <br />
          {t.phone} {order.phone} · {order.email}
        </p>
      </section>
      <table className="packing-slip__lines">
        <thead>
          <tr>
            <th scope="col">{t.piece}</th>
            <th scope="col">{t.sku}</th>
            <th scope="col" className="adm-num">
              {t.quantity}
            </th>
            <th scope="col" className="adm-num">
              {t.unitPrice}
            </th>
            <th scope="col" className="adm-num">
              {t.total}
            </th>
            <th scope="col" className="packing-slip__check">
              {t.packed}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}#${line.variantId ?? ''}`}>
              <td>{nameWithSize(line.name, line.size)}</td>
              <td>{lineSku(line)}</td>
              <td className="adm-num">{line.quantity}</td>
              <td className="adm-num">{formatCents(line.unitPriceCents)}</td>
              <td className="adm-num">{formatCents(line.lineTotalCents)}</td>
              <td className="packing-slip__check">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <SlipTotals order={order} />
      <p>{t.payment(PAYMENT_METHOD_LABELS[order.paymentMethod])}</p>
      <SlipGiftNote order={order} />
      <p className="packing-slip__note">{t.notInvoice}</p>
    </article>
  );
}

/** The slip's totals, as the order page says them: the code's line among them (docs/discount-codes.md). */
function SlipTotals({ order }: { readonly order: Order }) {
  return (
    <dl className="packing-slip__totals">
      <dt>{t.subtotal}</dt>
      <dd>{formatCents(order.subtotalCents)}</dd>
      {order.discountCents > 0 && (
        <>
          <dt>{t.discount}</dt>
          <dd>−{formatCents(order.discountCents)}</dd>
        </>
      )}
      {order.discount && (
        <>
          <dt data-testid="slip-code">{discountCodeTexts.row(order.discount.code)}</dt>
          <dd>−{formatCents(order.discount.amountCents)}</dd>
        </>
      )}
      <dt>{t.shipping(SHIPPING_METHODS[order.shippingMethod].label)}</dt>
      <dd>{order.shippingCents === 0 ? t.free : formatCents(order.shippingCents)}</dd>
      <SlipWrapTotal order={order} />
      <dt className="packing-slip__grand">{t.total}</dt>
      <dd className="packing-slip__grand">{formatCents(order.totalCents)}</dd>
    </dl>
  );
}
