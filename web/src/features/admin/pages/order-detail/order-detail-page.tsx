/**
 * {prefix}/ordersdetail/{orderId}: one order loaded by id (reloads and shared links work): every field
 * of the order, the status with 'Guardar Estado', the three customer e-mails with their history, the
 * items and the proof of payment through a short-lived link. Each panel is a file of this folder.
 */
import { useParams } from '#web/lib/router.tsx';
import type { Order, OrderDetailResponse } from '#shared/api.ts';
import { adminTexts } from '#shared/messages.ts';
import { ordersListReturn } from '../../admin-paths.ts';
import { useLoad } from '../../api/use-load.ts';
import { PackingSlip } from '../../components/packing-slip.tsx';
import { AdminPage, LoadView } from '../../components/ui.tsx';
import { texts } from '../../texts.ts';
import { CustomerPanel } from './customer-panel.tsx';
import { EmailsPanel } from './emails-panel.tsx';
import { ItemsPanel } from './items-panel.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { ProofPanel } from './proof-panel.tsx';
import { StatusPanel } from './status-panel.tsx';
import { TimelinePanel } from './timeline-panel.tsx';

const t = texts.order;

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { state, reload, update } = useLoad((api) => api.order(orderId), [orderId]);
  return (
    <AdminPage title={t.title(state.status === 'ready' ? state.data.order.orderNumber : orderId)} back={{ to: ordersListReturn(), label: t.backToList }}>
      <LoadView state={state} onRetry={reload} notFound={adminTexts.orderNotFound}>
        {(detail) => <OrderDetail detail={detail} onOrder={(order) => update((d) => ({ ...d, order }))} />}
      </LoadView>
    </AdminPage>
  );
}

/** An e-mail to the customer bounced or was marked as spam: said above everything else. */
function MailProblem({ problem }: { readonly problem: NonNullable<Order['mailProblem']> }) {
  return (
    <div className="notice notice--error" role="status" data-testid="mail-problem">
      <p>{t.mailProblem[problem.kind](problem.address)}</p>
      {problem.detail && <p className="adm-small">{t.mailProblemDetail(problem.detail)}</p>}
    </div>
  );
}

/** The order's facts on the left, what the owner does with it on the right, and its packing slip for printing. */
function OrderDetail({ detail, onOrder }: { readonly detail: OrderDetailResponse; readonly onOrder: (order: Order) => void }) {
  const { order, proofUrl } = detail;
  return (
    <>
      <p className="adm-screen-only">
        <button type="button" className="button button--secondary button--small" onClick={() => window.print()}>
          {texts.packingSlip.print}
        </button>
      </p>
      <div className="adm-detail">
        <div className="adm-detail-main">
          {order.mailProblem && <MailProblem problem={order.mailProblem} />}
          <CustomerPanel order={order} />
          <PaymentPanel order={order} />
          <ItemsPanel order={order} />
          <ProofPanel order={order} proofUrl={proofUrl} />
        </div>
        <aside className="adm-detail-side">
          <StatusPanel order={order} />
          <EmailsPanel order={order} onOrder={onOrder} />
          <TimelinePanel order={order} onOrder={onOrder} />
        </aside>
      </div>
      {/* Last in the page, so the screen's own elements come first in reading order. */}
      <PackingSlip order={order} />
    </>
  );
}
