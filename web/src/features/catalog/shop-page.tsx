import { useEffect, useState } from 'react';
import type { Product } from '../../../../shared/product.ts';
import { api, ApiError } from '../../lib/api.ts';
import { messages } from '../../../../shared/messages.ts';
import { ProductCard } from './product-card.tsx';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; products: Product[] };

/** /shop: the catalogue as cards. */
export function ShopPage() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.title = 'Vê os nossos novos produtos | Joias Inox';
    let active = true;
    setState({ status: 'loading' });
    api
      .products()
      .then((products) => active && setState({ status: 'ready', products }))
      .catch((error: unknown) => active && setState({ status: 'error', message: error instanceof ApiError ? error.message : messages.api.internal }));
    return () => {
      active = false;
    };
  }, [attempt]);

  return (
    <section aria-labelledby="shop-title">
      <h1 id="shop-title">Produtos</h1>
      {state.status === 'loading' && <p role="status">A carregar...</p>}
      {state.status === 'error' && (
        <div role="alert" className="notice">
          <p>{state.message}</p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Tentar novamente
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <ul className="product-grid">
          {state.products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
