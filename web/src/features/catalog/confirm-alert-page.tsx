import { useEffect, useState } from 'react';
import { stockAlertTexts } from '#shared/messages/index.ts';
import { paths } from '#shared/paths.ts';
import { nameWithSize } from '#shared/variants.ts';
import { api, ApiError } from '#web/lib/api.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { Link } from '#web/lib/router.tsx';

type State =
  | { readonly kind: 'confirming' }
  | { readonly kind: 'confirmed'; readonly piece: string }
  | { readonly kind: 'refused'; readonly message: string };

/** The request's id and token from the link's fragment (`#id=…&t=…`): never sent to a server but by the POST below. */
function linkOf(hash: string): { id: string; token: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const id = params.get('id');
  const token = params.get('t');
  return id && token ? { id, token } : undefined;
}

/**
 * /aviso/confirmar#id=…&t=…: opened from the confirmation mail of a back-in-stock request (double
 * opt-in); sends the link's token once and says whether the request is now confirmed.
 */
export function ConfirmAlertPage() {
  usePageMeta({ title: 'Confirmar o aviso', description: stockAlertTexts.confirming, noindex: true });
  const [state, setState] = useState<State>({ kind: 'confirming' });
  useEffect(() => {
    const link = linkOf(window.location.hash);
    if (!link) {
      setState({ kind: 'refused', message: stockAlertTexts.confirmLinkInvalid });
      return;
    }
    let live = true;
    api
      .confirmStockAlert(link)
      .then((confirmed) => live && setState({ kind: 'confirmed', piece: nameWithSize(confirmed.productName, confirmed.size) }))
      .catch((error: unknown) => {
        // A refusal of the link is said as the server says it; anything else (network, 5xx) lets the shopper try again.
        const message =
          error instanceof ApiError && error.status < 500 && error.status !== 429 ? error.message : stockAlertTexts.confirmFailed;
        if (live) setState({ kind: 'refused', message });
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="container page-body">
      <div className="empty-state card" role="status">
        <h1>Aviso de reposição</h1>
        {state.kind === 'confirming' && <p>{stockAlertTexts.confirming}</p>}
        {state.kind === 'confirmed' && <p className="notice notice--success">{stockAlertTexts.confirmed(state.piece)}</p>}
        {state.kind === 'refused' && <p className="notice notice--error">{state.message}</p>}
        {state.kind !== 'confirming' && (
          <Link to={paths.shop} className="button">
            Ver produtos
          </Link>
        )}
      </div>
    </div>
  );
}
