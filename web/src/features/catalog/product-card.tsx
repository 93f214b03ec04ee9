import { Link } from 'react-router-dom';
import { messages } from '../../../../shared/messages.ts';
import type { Product } from '../../../../shared/product.ts';
import { paths } from '../../../../shared/paths.ts';
import { PriceTag } from '../../ui/price-tag.tsx';
import { ProductImage } from '../../ui/product-image.tsx';

/** A listing card: picture (placeholder if it fails), name, price with discount, 'Esgotado'. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  return (
    <Link to={paths.product(product.id)} className="product-card">
      <span className="product-card__media">
        <ProductImage src={product.mainImage} alt="" width={400} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        {product.stock === 0 && <span className="product-card__flag">{messages.catalog.soldOut}</span>}
      </span>
      <span className="product-card__body">
        <h2 className="product-card__name">{product.name}</h2>
        <PriceTag priceCents={product.priceCents} discountPercent={product.discountPercent} />
      </span>
    </Link>
  );
}
