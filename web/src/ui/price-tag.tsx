import { formatCents } from '#shared/money.ts';
import { catalogTexts } from '#shared/messages/index.ts';
import { discountedPriceCents } from '#shared/pricing.ts';

/**
 * A price as the customer pays it: with a discount, the original price struck through, the
 * discounted price and the '-N%' badge.
 */
export function PriceTag({ priceCents, discountPercent, large = false }: { priceCents: number; discountPercent: number; large?: boolean }) {
  const paid = discountedPriceCents(priceCents, discountPercent);
  const discounted = discountPercent > 0;
  return (
    <span className={large ? 'price-tag price-tag--large' : 'price-tag'}>
      {discounted && (
        <s className="price-tag__was">
          <span className="visually-hidden">Preço original: </span>
          {formatCents(priceCents)}
        </s>
      )}
      <span className="price-tag__now">
        {discounted && <span className="visually-hidden">Preço com desconto: </span>}
        {formatCents(paid)}
      </span>
      {discounted && <span className="badge">{catalogTexts.percentOff(discountPercent)}</span>}
    </span>
  );
}
