import { Link } from '#web/lib/router.tsx';
import { checkoutTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';

export type Refusal = { readonly message: string; readonly fix: 'cart' | 'shipping' | null };

/**
 * What the customer can do about a refused order: the server's message (out of stock, MB WAY full,
 * invalid field, reservation expired...), and where to fix it, from the field or code it names.
 */
export function orderRefusal(error: unknown): Refusal {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) {
    return { message: errorMessage(error, checkoutTexts.orderFailed), fix: null };
  }
  if (error.code === 'reservation_expired' || error.code === 'order_closed') return { message: error.message, fix: 'cart' };
  const field = Object.keys(error.fields ?? {})[0] ?? '';
  const fix = field.startsWith('items') ? 'cart' : field.startsWith('shipping') ? 'shipping' : null;
  return { message: (field && error.fields?.[field]) || error.message, fix };
}

/** A reservation whose time to pay ran out: said the same way wherever the customer sees it. */
export const RESERVATION_OVER: Refusal = { message: checkoutTexts.reservationOver, fix: 'cart' };

export function OrderRefusalNotice({ refusal }: { refusal: Refusal }) {
  return (
    <div className="notice notice--error">
      <p>{refusal.message}</p>
      {refusal.fix === 'cart' && <Link to={paths.cart}>Rever o carrinho</Link>}
      {refusal.fix === 'shipping' && <Link to={paths.shipping}>Rever os dados de envio e pagamento</Link>}
    </div>
  );
}
