/** The order's pieces (each size named, with the SKU the packing slip prints), their prices as sold, and the totals. */
import type { Order } from '#shared/api.ts';
import { formatCents } from '#shared/money.ts';
import { discountCodeTexts } from '#shared/messages/index.ts';
import { lineSku, nameWithSize } from '#shared/variants.ts';
import { giftWrapCents } from '#shared/gift.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { Panel } from '#web/ui/admin/action-panel.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

export function ItemsPanel({ order }: { readonly order: Order }) {
  return (
    <Panel id="adm-items" title={t.items}>
      <div className="adm-table-wrap">
        <table className="adm-table adm-table--cards">
          <thead>
            <tr>
              <th scope="col">{t.itemName}</th>
              <th scope="col">{t.itemSku}</th>
              <th scope="col" className="adm-num">
                {t.itemQuantity}
              </th>
              <th scope="col" className="adm-num">
                {t.itemUnitPrice}
              </th>
              <th scope="col" className="adm-num">
                {t.itemTotal}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={`${line.productId}#${line.variantId ?? ''}`}>
                <td data-label={t.itemName}>{nameWithSize(line.name, line.size)}</td>
                <td data-label={t.itemSku}>
                  <code>{lineSku(line)}</code>
                </td>
                <td className="adm-num" data-label={t.itemQuantity}>
                  {line.quantity}
                </td>
                <td className="adm-num" data-label={t.itemUnitPrice}>
                  {line.discountPercent > 0 && <s className="muted">{formatCents(line.priceCents)}</s>} {formatCents(line.unitPriceCents)}
                </td>
                <td className="adm-num" data-label={t.itemTotal}>
                  {formatCents(line.lineTotalCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <Totals order={order} />
        </table>
      </div>
    </Panel>
  );
}

function Totals({ order }: { readonly order: Order }) {
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={4}>
          {t.subtotal}
        </th>
        <td className="adm-num">{formatCents(order.subtotalCents)}</td>
      </tr>
      {order.discountCents > 0 && (
        <tr>
          <th scope="row" colSpan={4}>
            {t.discount}
          </th>
          <td className="adm-num">−{formatCents(order.discountCents)}</td>
        </tr>
      )}
      {order.discount && (
        <tr data-testid="order-code">
          <th scope="row" colSpan={4}>
            {discountCodeTexts.row(order.discount.code)}
          </th>
          <td className="adm-num">−{formatCents(order.discount.amountCents)}</td>
        </tr>
      )}
      <tr>
        <th scope="row" colSpan={4}>
          {t.shippingCost}
        </th>
        <td className="adm-num">{formatCents(order.shippingCents)}</td>
      </tr>
      {order.gift?.wrap && (
        <tr>
          <th scope="row" colSpan={4}>
            {giftTexts.wrapLine}
          </th>
          <td className="adm-num">{formatCents(giftWrapCents(order.gift))}</td>
        </tr>
      )}
      <tr className="adm-strong">
        <th scope="row" colSpan={4}>
          {t.total}
        </th>
        <td className="adm-num">{formatCents(order.totalCents)}</td>
      </tr>
    </tfoot>
  );
}
