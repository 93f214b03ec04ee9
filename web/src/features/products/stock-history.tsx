/**
 * The product page's stock history: the latest movements, newest first, each with its reason, its
 * size, who caused it (an order, the admin, the shop) and when.
 */
import { useId } from 'react';
import { Link } from '#web/lib/router.tsx';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import type { StockMovement } from '#shared/stock.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAdminSession } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { LoadView } from '#web/ui/admin/admin-ui.tsx';

const t = texts.stock;

/**
 * Who caused a movement: the order (a link to it), the admin, or the shop itself. The server records
 * the admin as its access token names them; when that is the signed-in admin's username (an id in
 * this pool), their e-mail is shown instead.
 */
function Origin({ movement }: { readonly movement: StockMovement }) {
  const { user } = useAdminSession();
  const actor = movement.actor;
  if (actor.kind === 'order') return <Link to={adminPaths.orderDetail(actor.orderId)}>{t.byOrder(actor.orderId)}</Link>;
  if (actor.kind === 'admin')
    return <span className="adm-stock-admin">{user.username && actor.email === user.username ? user.email : actor.email}</span>;
  return <span>{t.bySystem}</span>;
}

/**
 * The product's latest stock movements, newest first; loaded again whenever `refreshKey` changes. For
 * a piece sold in sizes (`sizes`: id → label), each movement names its size.
 */
export function StockHistory({
  productId,
  refreshKey,
  variantLabels,
}: {
  readonly productId: string;
  readonly refreshKey: number;
  readonly variantLabels?: ReadonlyMap<string, string>;
}) {
  const titleId = useId();
  const { state, reload } = useLoad((api) => api.stockMovements(productId).then((r) => r.movements), [productId, refreshKey]);
  return (
    <section className="adm-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="adm-section-title">
        {t.history}
      </h2>
      <p className="muted adm-small">{t.historyHint}</p>
      <LoadView state={state} onRetry={reload}>
        {(movements) =>
          movements.length === 0 ? (
            <p className="muted">{adminTexts.noStockMovements}</p>
          ) : (
            <ol className="adm-history adm-stock-history" aria-label={t.history}>
              {movements.map((movement) => (
                <li key={movement.movementId}>
                  <strong
                    className={`adm-stock-delta ${movement.delta > 0 ? 'adm-ok-text' : 'adm-error-text'}`}
                    aria-label={`${t.howMany}: ${t.units(movement.delta)}`}
                  >
                    {t.units(movement.delta)}
                  </strong>
                  <span className="adm-pill adm-pill-pending">{t.reasons[movement.reason] ?? movement.reason}</span>
                  {variantLabels && movement.variantId && variantLabels.has(movement.variantId) && (
                    <span className="adm-small">{t.ofVariant(variantLabels.get(movement.variantId)!)}</span>
                  )}
                  <Origin movement={movement} />
                  <time className="muted adm-small" dateTime={movement.at}>
                    {formatDateTime(movement.at)}
                  </time>
                  {movement.note && <span className="adm-stock-note">{movement.note}</span>}
                </li>
              ))}
            </ol>
          )
        }
      </LoadView>
    </section>
  );
}
