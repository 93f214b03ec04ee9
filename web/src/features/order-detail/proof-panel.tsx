/**
 * The proof of payment: "Ver Comprovativo" while it is kept, or when and why it was deleted, or that
 * none was sent.
 */
import type { MouseEvent } from 'react';
import type { Order } from '#shared/api.ts';
import { formatDateTime } from '#shared/dates.ts';
import { adminTexts } from '#shared/messages/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.order;

export function ProofPanel({ order, proofUrl }: { readonly order: Order; readonly proofUrl?: string }) {
  return (
    <Panel id="adm-proof" title={t.proof}>
      {proofUrl ? (
        <ProofLink orderId={order.id} url={proofUrl} />
      ) : order.paidOutsideAt && !order.proofDeletedAt ? (
        <p className="muted">{t.paidOutside(formatDateTime(order.paidOutsideAt))}</p>
      ) : order.proofDeletedAt ? (
        <p className="muted">{(order.anonymisedAt ? t.proofDeletedAnonymised : t.proofDeleted)(formatDateTime(order.proofDeletedAt))}</p>
      ) : (
        <p className="muted">{adminTexts.noProof}</p>
      )}
    </Panel>
  );
}

/**
 * "Ver Comprovativo": the proof's link is short-lived (a few minutes), so each click asks the API for a
 * fresh one and opens it in the tab the click opened (never an expired link, an English S3 error, in
 * front of the owner). The first link stays the `href` for a middle click or a copy.
 */
function ProofLink({ orderId, url }: { readonly orderId: string; readonly url: string }) {
  const api = useAdminApi();
  const action = useAction();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void action.run(
      async () => {
        // Opened now, within the click, so no pop-up blocker stops it; pointed at the fresh link once known.
        const tab = window.open('', '_blank');
        try {
          const fresh = (await api.order(orderId)).proofUrl;
          if (!fresh) throw new Error('no proof');
          if (tab) {
            tab.opener = null;
            tab.location.href = fresh;
          } else window.location.assign(fresh);
        } catch (failure) {
          tab?.close();
          throw failure;
        }
      },
      (failure) => errorMessage(failure, adminTexts.proofUnavailable),
    );
  };
  return (
    <>
      <p>
        <a className="button button--secondary" href={url} target="_blank" rel="noopener noreferrer" onClick={open}>
          {t.viewProof}
        </a>{' '}
        <span className="muted adm-small">{t.proofHint}</span>
      </p>
      <ActionFeedback notice={action.notice} />
    </>
  );
}
