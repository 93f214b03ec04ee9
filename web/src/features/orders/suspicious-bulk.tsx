/**
 * "Fechar como suspeitas" on the orders chosen in the list: the owner chooses how long to block their
 * buyers, confirms, and the server closes each one it can (unpaid or unconfirmed) and says why it did
 * not close each other one; the list reloads.
 */
import { useEffect, useRef, useState } from 'react';
import type { OrderSummary } from '#shared/api.ts';
import { BLOCK_DURATIONS, type BlockDuration } from '#shared/abuse.ts';
import { abuseUiTexts } from '#web/lib/admin/abuse-texts.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { BlockDurationField, DEFAULT_BLOCK } from '#web/ui/admin/block-duration.tsx';
import type { BulkOutcomeState } from './bulk-actions.tsx';

const t = abuseUiTexts.bulk;

/**
 * Closes the chosen orders as suspicious in one request and keeps each one's outcome, run as one action
 * (`useAction`: busy meanwhile, a second click closes nothing); `onDone` after it (the list reloads).
 */
export function useSuspiciousBulk(onDone: () => void) {
  const api = useAdminApi();
  const action = useAction();
  const [outcome, setOutcome] = useState<BulkOutcomeState>({});
  const close = (chosen: readonly OrderSummary[], blockFor: BlockDuration) =>
    action.run(
      async () => {
        setOutcome({});
        try {
          const answer = await api.closeSuspiciousMany(
            chosen.map((order) => order.id),
            blockFor,
          );
          const numberOf = (id: string) => chosen.find((order) => order.id === id)?.orderNumber ?? id;
          setOutcome({
            done: answer.results.flatMap((result) => (result.ok ? [String(result.orderNumber)] : [])),
            failed: answer.results.flatMap((result) => (result.ok ? [] : [t.failedOne(numberOf(result.id), result.message)])),
          });
        } catch (failure) {
          setOutcome({ failed: [failureMessage(t.failed, failure)] });
        }
        onDone();
      },
      () => undefined,
    );
  return { ...outcome, busy: action.busy, close };
}

export type SuspiciousBulk = ReturnType<typeof useSuspiciousBulk>;

/** The bar's button, then the block time and a confirmation naming the orders. */
export function SuspiciousBulkAction({
  chosen,
  bulk,
  disabled,
}: {
  readonly chosen: readonly OrderSummary[];
  readonly bulk: SuspiciousBulk;
  readonly disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [blockFor, setBlockFor] = useState<BlockDuration>(DEFAULT_BLOCK);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={disabled || bulk.busy || chosen.length === 0}
        onClick={() => setConfirming(true)}
      >
        {t.button(chosen.length)}
      </button>
    );
  }
  const numbers = chosen.map((order) => order.orderNumber).sort((a, b) => a - b);
  return (
    <div
      className="notice notice--info adm-bulk-confirm"
      role="group"
      aria-labelledby="adm-bulk-suspicious-title"
      data-testid="bulk-suspicious"
    >
      <h3 id="adm-bulk-suspicious-title" className="adm-section-title" tabIndex={-1} ref={heading}>
        {t.confirmTitle(numbers)}
      </h3>
      <BlockDurationField value={blockFor} onChange={setBlockFor} disabled={bulk.busy} />
      <p>{t.confirmText(BLOCK_DURATIONS[blockFor].label)}</p>
      <p className="adm-inline-form">
        <button
          type="button"
          className="button button--small"
          disabled={bulk.busy}
          onClick={() => void bulk.close(chosen, blockFor).then((ran) => ran && setConfirming(false))}
        >
          {bulk.busy ? t.working : t.confirm}
        </button>
        <button type="button" className="button button--small button--secondary" disabled={bulk.busy} onClick={() => setConfirming(false)}>
          {t.cancel}
        </button>
      </p>
    </div>
  );
}
