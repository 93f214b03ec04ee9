import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../../shared/money.ts';
import { messages } from '../../../../shared/messages.ts';
import { discountedPriceCents } from '../../../../shared/pricing.ts';
import type { Product } from '../../../../shared/product.ts';
import { paths } from '../../app/paths.ts';
import placeholder from '../../ui/placeholder.svg';

/** A listing card: picture (placeholder if it fails), name, price with discount, 'Esgotado'. */
export function ProductCard({ product }: { product: Product }) {
  const [broken, setBroken] = useState(false);
  const paid = discountedPriceCents(product.priceCents, product.discountPercent);
  const discounted = product.discountPercent > 0;
  return (
    <Link to={paths.product(product.id)} className="product-card">
      <img
        src={broken || !product.mainImage ? placeholder : product.mainImage}
        alt={product.name}
        width={400}
        height={400}
        loading="lazy"
        onError={() => setBroken(true)}
      />
      <h2>{product.name}</h2>
      <p className="price">
        {discounted && (
          <>
            <s aria-label={`Preço original ${formatCents(product.priceCents)}`}>{formatCents(product.priceCents)}</s>{' '}
          </>
        )}
        <strong>{formatCents(paid)}</strong>
        {discounted && <span className="badge">{messages.catalog.percentOff(product.discountPercent)}</span>}
      </p>
      {product.stock === 0 && <p className="sold-out">Esgotado</p>}
    </Link>
  );
}
