/**
 * {prefix}/dashboard: the welcome message, what is open now (each figure linking to its list), and
 * today's, the last 7 days' and this month's orders received and revenue (Lisbon time).
 */
import { Link } from '#web/lib/router.tsx';
import { adminTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import type { DashboardResponse } from '#shared/api.ts';
import { adminPaths, ordersListPath, productsListPath } from '#web/lib/admin/admin-paths.ts';
import { useAdminSession } from '#web/lib/admin/session.tsx';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';

const t = texts.dashboard;

function Card(props: {
  readonly label: string;
  readonly value: string | number;
  readonly to: string;
  readonly hint?: string;
  readonly alert?: boolean;
  readonly testId?: string;
}) {
  return (
    <li data-testid={props.testId}>
      <Link className={`adm-card${props.alert ? ' adm-card-alert' : ''}`} to={props.to}>
        <span className="adm-card-value">{props.value}</span>
        <span className="adm-card-label">{props.label}</span>
        {props.hint && <span className="adm-card-hint">{props.hint}</span>}
      </Link>
    </li>
  );
}

/** "Produtos esgotados": pieces with no unit in any size; under it, those still selling with a size out (the list shows both). */
function SoldOutCard({ soldOut, withSizeOut }: { readonly soldOut: number; readonly withSizeOut: number }) {
  const hint = withSizeOut > soldOut ? t.soldOutSizes(withSizeOut - soldOut) : undefined;
  return (
    <Card
      label={t.outOfStock}
      value={soldOut}
      hint={hint}
      to={productsListPath({ soldOut: true })}
      alert={soldOut > 0}
      testId="card-sold-out"
    />
  );
}

/** Orders received and revenue of each period (today, the last 7 days, this month). */
function PeriodsTable({ periods }: { readonly periods: DashboardResponse['periods'] }) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-table--cards adm-periods" data-testid="dashboard-periods">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t.periodsTitle}</span>
            </th>
            {periods.map((p) => (
              <th key={p.period} scope="col" className="adm-num">
                {t.period[p.period]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t.receivedOrders}</th>
            {periods.map((p) => (
              <td key={p.period} className="adm-num" data-label={t.period[p.period]}>
                {p.receivedOrders}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">{t.periodRevenue}</th>
            {periods.map((p) => (
              <td key={p.period} className="adm-num" data-label={t.period[p.period]}>
                {formatCents(p.revenueCents)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function DashboardPage() {
  const { user } = useAdminSession();
  const { state, reload } = useLoad((api) => api.dashboard(), []);
  const byStatus = (status: OrderStatus) => ordersListPath({ status });
  return (
    <AdminPage title={t.title}>
      <p className="adm-welcome">{adminTexts.welcome(user.email)}</p>
      <h2 className="adm-section-title">{t.glance}</h2>
      <LoadView state={state} onRetry={reload}>
        {(d) => (
          <>
            {!d.goLive.ready && (
              <p className="adm-settings-warning" role="status" data-testid="go-live-banner">
                {texts.goLive.banner} <Link to={adminPaths.settings}>{texts.goLive.bannerLink}</Link>
              </p>
            )}
            <ul className="adm-cards">
              {d.openReservations && (
                <Card
                  label={t.openReservations}
                  value={d.openReservations.count}
                  hint={t.unitsHeld(d.openReservations.units)}
                  to={byStatus('Aguarda Pagamento')}
                  testId="card-open-reservations"
                />
              )}
              <Card
                label={t.awaitingPayment}
                value={d.ordersByStatus['Confirmar Pagamento'] ?? 0}
                hint={d.unconfirmedProofs ? abuseUiTexts.dashboard.unitsHeld(d.unconfirmedProofs.units) : undefined}
                to={byStatus('Confirmar Pagamento')}
                alert={(d.ordersByStatus['Confirmar Pagamento'] ?? 0) > 0}
                testId="card-unconfirmed-proofs"
              />
              <Card
                label={t.toShip}
                value={d.ordersByStatus.Enviar ?? 0}
                to={byStatus('Enviar')}
                alert={(d.ordersByStatus.Enviar ?? 0) > 0}
              />
              <Card label={t.shipped} value={d.ordersByStatus.Enviado ?? 0} to={byStatus('Enviado')} />
              <SoldOutCard soldOut={d.outOfStockProducts} withSizeOut={d.soldOutSizeProducts} />
              <Card
                label={t.lowStock(d.lowStockThreshold)}
                value={d.lowStockProducts}
                to={productsListPath({ lowStock: true })}
                alert={d.lowStockProducts > 0}
              />
              <Card label={t.pendingAlerts} value={d.pendingStockAlerts} to={adminPaths.stockAlerts} alert={d.pendingStockAlerts > 0} />
              <Card label={t.unreadMessages} value={d.unreadContactMessages} to={adminPaths.contacts} alert={d.unreadContactMessages > 0} />
            </ul>
            <h2 className="adm-section-title">{t.periodsTitle}</h2>
            <PeriodsTable periods={d.periods} />
            <p className="adm-small muted">{t.periodsHint}</p>
          </>
        )}
      </LoadView>
    </AdminPage>
  );
}
