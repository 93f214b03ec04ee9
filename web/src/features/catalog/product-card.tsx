import { Link } from '#web/lib/router.tsx';
import { catalogTexts } from '#shared/messages/index.ts';
import { listingAddress, type ListingProduct } from '#shared/product.ts';
import { paths } from '#shared/paths.ts';
import { PriceTag } from '#web/ui/price-tag.tsx';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';

/**
 * The width a card's picture is shown at (`catalog.css`: two columns below 700 px, three above, next
 * to the 15.5rem filter panel from 900 px, in the 1200 px page from 1200 px).
 */
export const CARD_SIZES =
  '(min-width: 1200px) 260px, (min-width: 900px) calc(30vw - 7rem), (min-width: 700px) calc(31vw - 1rem), calc(50vw - 1.5rem)';

/**
 * A listing card: picture (the whole photo in a square frame, `catalog.css`), name, price with
 * discount, 'Esgotado'. It shows the listing's one photo (`ListingProduct`: the catalogue answer stays
 * small); the product page has them all.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: ListingProduct;
  eager?: boolean;
  priority?: boolean;
}) {
  return (
    <Link to={paths.product(listingAddress(product))} className="product-card">
      <span className="product-card__media">
        <ProductPhotoImage photo={product.photo} alt="" sizes={CARD_SIZES} eager={eager} priority={priority} capped />
        {product.soldOut && <span className="product-card__flag">{catalogTexts.soldOut}</span>}
      </span>
      <span className="product-card__body">
        <h2 className="product-card__name">{product.name}</h2>
        <PriceTag priceCents={product.priceCents} discountPercent={product.discountPercent} />
      </span>
    </Link>
  );
}
