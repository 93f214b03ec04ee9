/**
 * {prefix}/ordersdetail/{orderId}: one order loaded by id (reloads and shared links work): its status
 * and next step first, every field of the order, the items and the proof of payment through a
 * short-lived link, the customer e-mails true of it with their history, and its timeline. The page's
 * one tracking code is shared by the "Enviado" step and the shipped e-mail. Each panel is a file of
 * this folder.
 */
import { useParams } from '#web/lib/router.tsx';
import type { Order, OrderDetailResponse } from '#shared/api.ts';
import { adminTexts } from '#shared/messages/index.ts';
import type { OrderStatus } from '#shared/order-status.ts';
import { ordersListReturn } from '#web/lib/admin/admin-paths.ts';
import { useLoad } from '#web/lib/admin/use-admin-load.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { giftTexts } from '#shared/messages/index.ts';
import { PackingSlip } from '#web/ui/admin/packing-slip.tsx';
import { GiftSlip } from '#web/ui/admin/gift-slip.tsx';
import { GiftPanel } from './gift-panel.tsx';
import { AdminPage, LoadView } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { CustomerPanel } from './customer-panel.tsx';
import { emailOfMove, recordsOf, waitForEmail } from './email-outcome.ts';
import { EmailsPanel } from './emails-panel.tsx';
import { ItemsPanel } from './items-panel.tsx';
import { PaymentPanel } from './payment-panel.tsx';
import { InvoicePanel } from './invoice-panel.tsx';
import { ProofPanel } from './proof-panel.tsx';
import { StatusPanel } from './status-panel.tsx';
import { SuspiciousPanel } from './suspicious-panel.tsx';
import { TimelinePanel } from './timeline-panel.tsx';
import { useTracking } from './tracking-field.tsx';

const t = texts.order;

export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const { state, reload, update } = useLoad((api) => api.order(orderId), [orderId]);
  return (
    <AdminPage
      title={t.title(state.status === 'ready' ? state.data.order.orderNumber : orderId)}
      back={{ to: ordersListReturn(), label: t.backToList }}
    >
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

/**
 * The status first (on a phone too), the order's facts, then its e-mails and timeline; on a wide
 * screen the facts on the left and the rest on the right. Its packing slip for printing.
 */
function OrderDetail({ detail, onOrder }: { readonly detail: OrderDetailResponse; readonly onOrder: (order: Order) => void }) {
  const { order, proofUrl } = detail;
  const api = useAdminApi();
  const tracking = useTracking(order);
  // What the print buttons put on paper: the packing slip, or a gift order's gift slip (no prices).
  const [paper, setPaper] = useState<'order' | 'gift'>('order');
  const print = (which: 'order' | 'gift') => {
    flushSync(() => setPaper(which));
    window.print();
  };
  // A move mails the customer by itself: its outcome shows once the outbox recorded it.
  const onMoved = (moved: Order, to?: OrderStatus) => {
    onOrder(moved);
    const kind = to && emailOfMove(to);
    if (kind) void waitForEmail(api, moved.id, kind, recordsOf(moved, kind), onOrder);
  };
  return (
    <>
      <p className="adm-screen-only">
        <button type="button" className="button button--secondary button--small" onClick={() => print('order')}>
          {texts.packingSlip.print}
        </button>{' '}
        {order.gift && (
          <button type="button" className="button button--secondary button--small" onClick={() => print('gift')}>
            {giftTexts.printGift}
          </button>
        )}
      </p>
      {order.mailProblem && <MailProblem problem={order.mailProblem} />}
      <div className="adm-detail adm-order">
        <div className="adm-detail-side adm-order-now">
          <StatusPanel order={order} tracking={tracking} onOrder={onMoved} />
          <SuspiciousPanel order={order} onOrder={onOrder} />
        </div>
        <div className="adm-detail-main">
          <CustomerPanel order={order} />
          <PaymentPanel order={order} onOrder={onOrder} />
          <InvoicePanel order={order} onOrder={onOrder} />
          <ItemsPanel order={order} />
          {order.gift && <GiftPanel gift={order.gift} />}
          <ProofPanel order={order} proofUrl={proofUrl} />
        </div>
        <div className="adm-detail-side adm-order-more">
          <EmailsPanel order={order} tracking={tracking} onOrder={onOrder} />
          <TimelinePanel order={order} onOrder={onOrder} />
        </div>
      </div>
      {/* Last in the page, so the screen's own elements come first in reading order. */}
      {paper === 'gift' && order.gift ? <GiftSlip order={order} /> : <PackingSlip order={order} />}
    </>
  );
}
