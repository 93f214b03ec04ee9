/**
 * "Fechar como suspeita" on an unpaid reservation or an unconfirmed proof: the owner chooses how long
 * to block the buyer, confirms, and the order closes (stock back) with its buyer blocked; the page
 * then shows the closed order and until when the block lasts.
 */
import { useEffect, useRef, useState } from 'react';
import type { Order } from '#shared/api.ts';
import { BLOCK_DURATIONS, isSuspiciousClosable, type BlockDuration } from '#shared/abuse.ts';
import { formatDateTime } from '#shared/dates.ts';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { BlockDurationField, DEFAULT_BLOCK } from '#web/ui/admin/block-duration.tsx';

const t = abuseUiTexts.panel;

export function SuspiciousPanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const action = useAction();
  const [blockFor, setBlockFor] = useState<BlockDuration>(DEFAULT_BLOCK);
  const [confirming, setConfirming] = useState(false);
  if (!isSuspiciousClosable(order.status) && !action.notice) return null;
  const close = () =>
    void action.run(
      async () => {
        const closed = await api.closeSuspicious(order.id, blockFor);
        setConfirming(false);
        onOrder(closed.order);
        return t.done(formatDateTime(closed.block.until));
      },
      (failure) => {
        setConfirming(false);
        return failureMessage(t.failed, failure);
      },
    );
  return (
    <Panel id="adm-order-suspicious" title={t.title} testId="order-suspicious">
      <ActionFeedback notice={action.notice} />
      {isSuspiciousClosable(order.status) && (
        <>
          <p className="adm-small muted">{t.hint}</p>
          <BlockDurationField value={blockFor} onChange={setBlockFor} disabled={action.busy || confirming} />
          {confirming ? (
            <Confirmation
              orderNumber={order.orderNumber}
              label={BLOCK_DURATIONS[blockFor].label}
              busy={action.busy}
              onConfirm={close}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            <p>
              <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(true)}>
                {t.open}
              </button>
            </p>
          )}
        </>
      )}
    </Panel>
  );
}

/** What closing does, then yes or no (the focus starts on its question). */
function Confirmation(props: {
  readonly orderNumber: number;
  readonly label: string;
  readonly busy: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="notice notice--info" role="group" aria-labelledby="adm-suspicious-title">
      <h3 id="adm-suspicious-title" className="adm-section-title" tabIndex={-1} ref={heading}>
        {t.confirmTitle(props.orderNumber)}
      </h3>
      <p>{t.confirmText(props.label)}</p>
      <p className="adm-inline-form">
        <button type="button" className="button button--small" disabled={props.busy} onClick={props.onConfirm}>
          {props.busy ? t.working : t.confirm}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={props.busy} onClick={props.onCancel}>
          {t.cancel}
        </button>
      </p>
    </div>
  );
}
