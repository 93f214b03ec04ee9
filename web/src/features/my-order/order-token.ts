/**
 * The access token of "A minha encomenda": in the link's fragment (`/encomenda/{id}#t=<token>`, which
 * never reaches a server or a log), or `?token=` in links mailed before (read once, then the address
 * bar is cleaned with `history.replaceState`: the token moves to the fragment). It is kept in this
 * tab's `sessionStorage` per order, so a reload or a way back finds it.
 */
import { ORDER_TOKEN_FRAGMENT } from '#shared/paths.ts';
import { readText, writeText } from '#web/lib/browser-storage.ts';

const keyOf = (orderId: string) => `order.token.${orderId}`;

/** The token of order `orderId` from the address (cleaning an old `?token=` away), else the one kept; '' when none. */
export function orderToken(orderId: string): string {
  const url = new URL(window.location.href);
  const fromFragment = new URLSearchParams(url.hash.slice(1)).get(ORDER_TOKEN_FRAGMENT);
  const fromQuery = url.searchParams.get('token');
  const token = fromFragment ?? fromQuery;
  if (fromQuery !== null) {
    url.searchParams.delete('token');
    url.hash = `${ORDER_TOKEN_FRAGMENT}=${encodeURIComponent(fromQuery)}`;
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  if (token) {
    writeText('session', keyOf(orderId), token);
    return token;
  }
  return readText('session', keyOf(orderId)) ?? '';
}
