/**
 * Several orders at once: the orders chosen in the list (a new filter or search starts a new choice),
 * and the real steps moved on all of them ("Marcar como pagas", "Marcar como enviadas"; only where the
 * lifecycle allows each order), then what moved and what did not, with why.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import type { OrderSummary } from '#shared/api.ts';
import { adminNextStatuses, isPaidOutsideMove, type OrderStatus } from '#shared/order-status.ts';
import { errorMessage } from '#web/lib/api.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { useAction } from '#web/lib/use-submit.ts';
import { Feedback } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';

const t = texts.orders;

/**
 * The moves the owner can make on many orders at once: the real steps (only where the lifecycle allows
 * each order, and never a reservation paid outside the site: that one asks how, on its own page).
 */
const BULK_MOVES: readonly { readonly to: OrderStatus; readonly label: (n: number) => string }[] = [
  { to: 'Enviar', label: (n) => t.bulkPaid(n) },
  { to: 'Enviado', label: (n) => t.bulkShipped(n) },
];

/** Whether the list may move `order` to `to`. */
function movable(order: OrderSummary, to: OrderStatus): boolean {
  return adminNextStatuses(order.status).includes(to) && !isPaidOutsideMove(order.status, to);
}

export interface Selection {
  readonly selected: ReadonlySet<string>;
  /** The chosen orders among those shown. */
  readonly chosen: readonly OrderSummary[];
  toggle(id: string): void;
  /** All those shown, or none. */
  setAll(all: boolean): void;
  clear(): void;
}

/** The orders chosen among those `shown`; `filter` (the list's filters) starts a new choice when it changes. */
export function useSelection(shown: readonly OrderSummary[], filter: string): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setSelected(new Set()), [filter]);
  return {
    selected,
    chosen: shown.filter((order) => selected.has(order.id)),
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    setAll: (all) => setSelected(all ? new Set(shown.map((order) => order.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

/** What a bulk action came to: the numbers of the orders it did, one line per order it did not, with why. */
export interface BulkOutcomeState {
  readonly done?: readonly string[];
  readonly failed?: readonly string[];
}

/**
 * Moves orders one by one and keeps what came of it: several outcomes at once (some moved, some
 * refused), unlike a panel's single action, though run as one (`useAction`: busy meanwhile, a second
 * click moves nothing). `onDone` after the last (the list reloads).
 */
export function useBulkMoves(onDone: () => void) {
  const api = useAdminApi();
  const action = useAction();
  const [outcome, setOutcome] = useState<BulkOutcomeState>({});
  const move = (chosen: readonly OrderSummary[], to: OrderStatus) =>
    action.run(
      async () => {
        const eligible = chosen.filter((order) => movable(order, to));
        setOutcome({});
        const done: string[] = [];
        const failed: string[] = [];
        for (const order of eligible) {
          try {
            await api.setOrderStatus(order.id, { status: to });
            done.push(String(order.orderNumber));
          } catch (failure) {
            failed.push(t.bulkFailedOne(order.orderNumber, errorMessage(failure)));
          }
        }
        setOutcome({ done, failed });
        onDone();
      },
      () => undefined,
    );
  return { ...outcome, busy: action.busy, move };
}

export type BulkMoves = ReturnType<typeof useBulkMoves>;

/** What the last moves came to: the orders moved, and each that was not. */
export function BulkOutcome({
  bulk,
  doneText = t.bulkDone,
}: {
  readonly bulk: BulkOutcomeState;
  readonly doneText?: (numbers: readonly string[]) => string;
}) {
  return (
    <>
      {bulk.done && bulk.done.length > 0 && <Feedback kind="success">{doneText(bulk.done)}</Feedback>}
      {bulk.failed && bulk.failed.length > 0 && (
        <Feedback kind="error">
          {bulk.failed.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Feedback>
      )}
    </>
  );
}

/** The bar over the list while orders are chosen: each move (with how many it applies to), print, clear. */
export function BulkBar({
  selection,
  bulk,
  children,
}: {
  readonly selection: Selection;
  readonly bulk: BulkMoves;
  readonly children?: ReactNode;
}) {
  const { chosen } = selection;
  return (
    <div className="adm-bulk" role="region" aria-label={t.bulkTitle} data-testid="bulk-actions">
      <span className="adm-strong">{t.bulkSelected(chosen.length)}</span>
      {BULK_MOVES.map(({ to, label }) => {
        const count = chosen.filter((order) => movable(order, to)).length;
        return (
          <button
            key={to}
            type="button"
            className="button button--small"
            disabled={bulk.busy || count === 0}
            onClick={() => void bulk.move(chosen, to)}
          >
            {bulk.busy ? t.bulkWorking : label(count)}
          </button>
        );
      })}
      {children}
      <Link className="button button--small button--secondary" to={adminPaths.printOrders(chosen.map((order) => order.id))}>
        {texts.packingSlip.printChosen(chosen.length)}
      </Link>
      <button type="button" className="button button--small button--secondary" disabled={bulk.busy} onClick={selection.clear}>
        {t.bulkClear}
      </button>
    </div>
  );
}
