import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { lineKey, type Cart, type CartItem } from '#shared/cart.ts';
import { formatCents } from '#shared/money.ts';
import { checkoutTexts, discountCodeTexts, productTexts } from '#shared/messages/index.ts';
import { lineVariant, nameWithSize } from '#shared/variants.ts';
import { priceLine, summarizeCart } from '#shared/pricing.ts';
import type { Product } from '#shared/product.ts';
import { FREE_SHIPPING_THRESHOLD_CENTS, qualifiesForFreeShipping } from '#shared/shipping.ts';
import { paths } from '#shared/paths.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { cartStore, useCart } from '#web/lib/cart-store.ts';
import { useOrderCaps } from '#web/lib/shop-info.ts';
import type { OrderCaps } from '#shared/settings.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { PriceTag } from '#web/ui/price-tag.tsx';
import { ProductImage } from '#web/ui/product-image.tsx';
import { ProductPhotoImage } from '#web/ui/product-photo.tsx';
import { LineAmount, Totals } from '#web/ui/totals.tsx';
import { cartGoodsRows } from '#web/ui/code-totals.ts';
import { useChosenCode } from '#web/lib/chosen-code.ts';
import './cart.css';

/** The code field and its proof of work: loaded only once the customer opens it, or comes back with a code chosen. */
const DiscountCodeField = lazy(() => import('#web/ui/discount-code-field.tsx').then((module) => ({ default: module.DiscountCodeField })));

/**
 * "Código de desconto" on the cart (docs/discount-codes.md): behind a button, so that a cart without a
 * code loads nothing more and solves no proof of work; open at once when a code is already chosen.
 */
function CartCode({ cart, code }: { cart: Cart; code: ReturnType<typeof useChosenCode> }) {
  const [open, setOpen] = useState<'chosen' | 'clicked' | false>(code.typed !== '' || code.applied !== undefined ? 'chosen' : false);
  if (!open) {
    return (
      <button type="button" className="button button--quiet button--block" onClick={() => setOpen('clicked')}>
        {discountCodeTexts.open}
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <DiscountCodeField cart={cart} {...code} focus={open === 'clicked'} />
    </Suspense>
  );
}

/** What the cart page learnt of its lines' products: those gone, and the current ones. */
interface FreshCart {
  readonly gone: ReadonlySet<string>;
  readonly products: ReadonlyMap<string, Product>;
}

/**
 * On opening the cart: the current name, price, discount, picture and stock of every line from the
 * API (quantities stay), and which products no longer exist.
 */
function useFreshCart(): FreshCart {
  const [fresh, setFresh] = useState<FreshCart>({ gone: new Set(), products: new Map() });
  useEffect(() => {
    let active = true;
    const ids = [
      ...new Set(
        cartStore()
          .getSnapshot()
          .map((line) => line.productId),
      ),
    ];
    void Promise.allSettled(ids.map((id) => api.product(id, { fresh: true }))).then((results) => {
      if (!active) return;
      const found: Product[] = [];
      const missing = new Set<string>();
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') found.push(result.value);
        else if (result.reason instanceof ApiError && result.reason.status === 404) missing.add(ids[i]!);
      });
      cartStore().refresh(found);
      setFresh({ gone: missing, products: new Map(found.map((product) => [product.id, product])) });
    });
    return () => {
      active = false;
    };
  }, []);
  return fresh;
}

/** What stops a line from being ordered as it is, if anything. */
function lineProblem(line: CartItem, { gone, products }: FreshCart, caps: OrderCaps): string | null {
  if (gone.has(line.productId)) return checkoutTexts.productGone;
  const product = products.get(line.productId);
  if (product && !lineVariant(product, line.variantId))
    return line.variantId ? checkoutTexts.sizeGone(line.name) : checkoutTexts.sizeRequired(line.name);
  if (line.stock !== undefined && line.quantity > line.stock)
    return checkoutTexts.outOfStock(nameWithSize(line.name, line.size), line.stock);
  if (line.quantity > caps.lineQuantity) return checkoutTexts.lineQuantityCap(caps.lineQuantity);
  return null;
}

function CartLine({ line, problem, caps }: { line: CartItem; problem: string | null; caps: OrderCaps }) {
  const store = cartStore();
  const priced = priceLine(line);
  const atStock = (line.stock !== undefined && line.quantity >= line.stock) || line.quantity >= caps.lineQuantity;
  const key = lineKey(line);
  const name = nameWithSize(line.name, line.size);
  return (
    <li className="cart-line" data-product-id={line.productId} data-variant-id={line.variantId}>
      <Link to={paths.product(line.slug ?? line.productId)} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.photo ? (
          <ProductPhotoImage photo={line.photo} alt="" sizes="(min-width: 700px) 7rem, 5.5rem" />
        ) : (
          <ProductImage src={line.image} alt="" width={112} height={112} />
        )}
      </Link>
      <div className="cart-line__info">
        <h2 className="cart-line__name">
          <Link to={paths.product(line.slug ?? line.productId)}>{line.name}</Link>
        </h2>
        {line.size && (
          <p className="cart-line__size">
            {productTexts.sizeLabel}: {line.size}
          </p>
        )}
        <PriceTag priceCents={line.priceCents} discountPercent={line.discountPercent} />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
      <div className="cart-line__quantity" role="group" aria-label={`Quantidade de ${name}`}>
        <button
          type="button"
          className="icon-button"
          aria-label={`Diminuir quantidade de ${name}`}
          disabled={line.quantity <= 1}
          onClick={() => store.decrease(key)}
        >
          −
        </button>
        <output className="cart-line__count" aria-live="polite">
          {line.quantity}
        </output>
        <button
          type="button"
          className="icon-button"
          aria-label={`Aumentar quantidade de ${name}`}
          disabled={atStock}
          onClick={() => store.increase(key, line.stock)}
        >
          +
        </button>
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Total da linha: </span>
        <LineAmount beforeDiscountCents={priced.subtotalCents} cents={priced.totalCents} />
      </p>
      <button type="button" className="button button--quiet button--small cart-line__remove" onClick={() => store.remove(key)}>
        Remover<span className="visually-hidden"> {name}</span>
      </button>
    </li>
  );
}

/** /cart ('O teu carrinho'): lines, summary and 'Finalizar compra'. */
export function CartPage() {
  const cart = useCart();
  const fresh = useFreshCart();
  const navigate = useNavigate();
  const summary = summarizeCart(cart);
  const code = useChosenCode(cart);
  const goods = cartGoodsRows(cart, code.applied);
  const caps = useOrderCaps();
  const problems = cart.map((line) => lineProblem(line, fresh, caps));
  const tooManyLines = cart.length > caps.lines;
  const blocked = problems.some(Boolean) || tooManyLines;

  usePageMeta({ title: 'O teu carrinho', description: 'As peças que escolheste na Joias Inox.', noindex: true });

  if (cart.length === 0) {
    return (
      <div className="container page-body">
        <h1>O teu carrinho</h1>
        <div className="empty-state card">
          <p>{checkoutTexts.emptyCart}</p>
          <Link to={paths.shop} className="button">
            Ver produtos
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="container page-body">
      <h1>O teu carrinho</h1>
      <div className="cart-layout">
        <ul className="cart-lines" aria-label="Peças no carrinho">
          {cart.map((line, i) => (
            <CartLine key={lineKey(line)} line={line} problem={problems[i] ?? null} caps={caps} />
          ))}
        </ul>
        <aside className="card cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">Resumo</h2>
          <Totals rows={[...goods.rows, { label: 'Total', value: goods.totalCents, total: true }]} />
          <CartCode cart={cart} code={code} />
          <p className="field-hint">
            {qualifiesForFreeShipping(summary.subtotalCents)
              ? checkoutTexts.freeShippingReached
              : `${checkoutTexts.freeShippingFrom(formatCents(FREE_SHIPPING_THRESHOLD_CENTS))} Os portes são calculados no passo seguinte.`}
          </p>
          <button type="button" className="button button--block" disabled={blocked} onClick={() => navigate(paths.shipping)}>
            Finalizar compra
          </button>
          {tooManyLines && (
            <p className="field-error" role="alert">
              {checkoutTexts.linesCap(caps.lines)}
            </p>
          )}
          {blocked && <p className="field-hint">{checkoutTexts.fixCartLines}</p>}
          <Link to={paths.shop} className="button button--quiet button--block">
            Continuar a comprar
          </Link>
        </aside>
      </div>
    </div>
  );
}
