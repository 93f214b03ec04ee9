/**
 * The gift slip (docs/gifts.md): what goes in the parcel of an order "para oferta" instead of the prices:
 * the shop, the order's number and date, who it goes to, the pieces and their quantities, and the card
 * with the customer's message, to cut out. No price, no total, no payment anywhere on it. Hidden on
 * screen beside the order page's packing slip (the "Imprimir guia de oferta" button prints it alone);
 * shown on the page of several slips, after the order's own. The packing slip's own gift lines (the wrap
 * among its totals, the note for whoever packs) are here too.
 */
import type { Order } from '#shared/api.ts';
import { formatDate } from '#shared/dates.ts';
import { giftWrapCents } from '#shared/gift.ts';
import { formatCents } from '#shared/money.ts';
import { giftTexts } from '#shared/messages/index.ts';
import { SHOP_BRAND } from '#shared/shop-identity.ts';
import { nameWithSize } from '#shared/variants.ts';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.packingSlip;

export function GiftSlip({ order, shown = false }: { readonly order: Order; readonly shown?: boolean }) {
  if (!order.gift) return null;
  return (
    <article
      className={`${shown ? 'adm-print-shown' : 'adm-print-only'} packing-slip gift-slip`}
      aria-hidden={shown ? undefined : true}
      data-testid="gift-slip"
    >
      <header className="packing-slip__head">
        <div>
          <p className="packing-slip__brand">{SHOP_BRAND.name}</p>
          <p>{giftTexts.slipIntro}</p>
        </div>
        <div className="packing-slip__order">
          <h2>{giftTexts.slipTitle(order.orderNumber)}</h2>
          <p>{formatDate(order.createdAt)}</p>
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
        </p>
      </section>
      <table className="packing-slip__lines">
        <thead>
          <tr>
            <th scope="col">{t.piece}</th>
            <th scope="col" className="adm-num">
              {t.quantity}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.productId}#${line.variantId ?? ''}`}>
              <td>{nameWithSize(line.name, line.size)}</td>
              <td className="adm-num">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.gift.message && (
        <section className="gift-slip__card" aria-label={giftTexts.cardHeading}>
          <p className="gift-slip__message" data-testid="gift-slip-message">
            {order.gift.message}
          </p>
        </section>
      )}
    </article>
  );
}

/** The packing slip's total of a gift's wrap (its price as charged, or "Grátis"); nothing without a wrap. */
export function SlipWrapTotal({ order }: { readonly order: Order }) {
  if (!order.gift?.wrap) return null;
  const cents = giftWrapCents(order.gift);
  return (
    <>
      <dt>{giftTexts.wrapLine}</dt>
      <dd>{cents === 0 ? t.free : formatCents(cents)}</dd>
    </>
  );
}

/** The packing slip's note for whoever packs a gift: the wrap, the gift slip and the card's message. */
export function SlipGiftNote({ order }: { readonly order: Order }) {
  if (!order.gift) return null;
  return (
    <section className="packing-slip__gift">
      <h3>{giftTexts.heading}</h3>
      <p>
        {order.gift.wrap ? giftTexts.wrapYes : giftTexts.wrapNo}. {giftTexts.ownerHint}
      </p>
      <p className="gift-summary__message">
        {giftTexts.messageLabel}: {order.gift.message || giftTexts.noMessage}
      </p>
    </section>
  );
}
