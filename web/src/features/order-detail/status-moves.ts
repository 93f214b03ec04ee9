/**
 * The status panel's forms and how each is sent: every move (a step's, or the list's) goes through
 * `useFormSubmit` over `orderStatusChangeSchema`, checked here as the server checks it. A message with a
 * field on screen (the tracking code, the payment note, the close's refund) is said beside it, which
 * takes the focus; any other (an unanswered restock, a status no longer allowed, the server's refusal)
 * is the panel's notice. A move meanwhile (409) shows the order as it is now. The forms' values live
 * here, not in the forms: a step is replaced once the order moves, and what the panel says stays.
 */
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import type { Order } from '#shared/api.ts';
import { adminTexts, validationTexts } from '#shared/messages/index.ts';
import { CLOSED_STATUS, isBeforeShipping, type OrderStatus } from '#shared/order-status.ts';
import { orderStatusChangeSchema } from '#shared/schemas/index.ts';
import { serverFieldErrors, type FieldMessages } from '#web/lib/form.ts';
import { ordersListReturn } from '#web/lib/admin/admin-paths.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { reloadOnConflict } from './reload-on-conflict.ts';
import { outcomeNotice, useFormSubmit, type FormSubmit, type Notice } from '#web/lib/use-submit.ts';
import type { FlashState } from '#web/ui/admin/admin-ui.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import type { Tracking } from './tracking-field.tsx';
import { refundInput, refundLeftOf, type RefundDraft } from './close-refund-fields.tsx';

const t = texts.order;

/** How a move ends: a step keeps the order open here (with what to say); the list's move goes back to the list. */
type MoveEnd = { readonly stay: string } | 'list';

/** The fields said beside themselves; any other message is the panel's notice. */
const BESIDE = ['trackingCode', 'note', 'refundCents', 'refundMethod'] as const;

function beside(fields: FieldMessages): FieldMessages | null {
  const found = Object.fromEntries(Object.entries(fields).filter(([name]) => (BESIDE as readonly string[]).includes(name)));
  return Object.keys(found).length > 0 ? found : null;
}

/** The first message with no field on screen (e.g. the restock's question, the status), if any. */
function notBeside(fields: FieldMessages): string | undefined {
  return Object.entries(fields).find(([name]) => !(BESIDE as readonly string[]).includes(name))?.[1];
}

/** What every move shares: the order, where the moved order goes, and the focus after a step. */
interface MoveContext {
  readonly order: Order;
  readonly tracking: Tracking;
  readonly onOrder: (order: Order, moved?: OrderStatus) => void;
  /** Set before a step's move is shown: the focus then goes to what comes next. */
  readonly focusAfterMove: { current: boolean };
}

/** A move sent: the order as it is now, and what a step says (the list's move says nothing: the list does). */
interface Moved {
  readonly moved: Order;
  readonly said?: string;
}

interface MoveOptions {
  readonly values: unknown;
  readonly fieldOrder: readonly string[];
  readonly end: MoveEnd;
  readonly check?: () => FieldMessages;
}

/** One move's form: `values` checked with the schema and `check`, then sent; `end` says where the owner goes. */
function useMove(context: MoveContext, options: MoveOptions): FormSubmit<Moved> {
  const { order, tracking, onOrder, focusAfterMove } = context;
  const { end } = options;
  const api = useAdminApi();
  const navigate = useNavigate();
  return useFormSubmit({
    schema: orderStatusChangeSchema,
    fieldOrder: options.fieldOrder,
    values: options.values,
    check: options.check,
    invalidAlert: notBeside,
    send: async (input): Promise<Moved> => {
      const { order: moved } = await api.setOrderStatus(order.id, input);
      return end === 'list' ? { moved } : { moved, said: end.stay };
    },
    onSent: ({ moved }, input) => {
      if (end === 'list') return navigate(ordersListReturn(), { state: { flash: adminTexts.statusUpdated } satisfies FlashState });
      // The code as the shop keeps it (no spaces, capitals), for the shipped e-mail.
      if (input.trackingCode) tracking.setCode(input.trackingCode);
      focusAfterMove.current = true;
      onOrder(moved, input.status);
    },
    serverFields: (failure) => {
      const fields = serverFieldErrors(failure);
      return fields && beside(fields);
    },
    refusedFieldsAlert: () => undefined,
    failedMessage: (failure) => failureMessage(adminTexts.statusSaveFailed, failure),
    // Refused because the order moved meanwhile (409): show it as it is now.
    onFailed: reloadOnConflict(api, order.id, onOrder),
  });
}

/** The list's choice: the status, whether the pieces go back to stock, and the close's refund. */
export interface OtherChoice {
  readonly status: OrderStatus | '';
  readonly restock: boolean | undefined;
  readonly draft: RefundDraft;
}

export interface StatusMoves {
  /** The panel's element: after a step the focus goes to its next step (`[data-step]`) or to it. */
  readonly panelRef: RefObject<HTMLDivElement | null>;
  /** The forms, each `onSubmit` also making its outcome the panel's notice. */
  readonly forms: Readonly<Record<MoveKey, FormSubmit<Moved>>>;
  /** The payment note of "Marcar como paga" on a reservation. */
  readonly note: string;
  readonly setNote: (note: string) => void;
  readonly choice: OtherChoice;
  readonly setChoice: (choice: OtherChoice) => void;
  /** What the last move said (its failure, or the step's success). */
  readonly notice: Notice | undefined;
  /** A move is being sent: every button of the panel waits. */
  readonly busy: boolean;
}

export type MoveKey = 'confirm' | 'paid' | 'ship' | 'other';

const EMPTY_CHOICE: OtherChoice = { status: '', restock: undefined, draft: { amount: '', method: '' } };

/** The panel's four forms: "Marcar como paga" (on a proof, and outside the site with a note), "Marcar como enviada", the list. */
export function useStatusMoves(order: Order, tracking: Tracking, onOrder: (order: Order, moved?: OrderStatus) => void): StatusMoves {
  const panelRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef(false);
  // After a step the clicked button is gone: once the moved order is shown, the focus goes to what
  // comes next (the next step, or the status).
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    (panelRef.current?.querySelector<HTMLElement>('[data-step]') ?? panelRef.current)?.focus();
  }, [order.status]);
  const [note, setNote] = useState('');
  const [choice, setChoice] = useState(EMPTY_CHOICE);
  const [last, setLast] = useState<MoveKey>();
  const context = { order, tracking, onOrder, focusAfterMove };

  const confirm = useMove(context, { values: { status: 'Enviar' }, fieldOrder: [], end: { stay: t.movedPaid } });
  const paid = useMove(context, {
    values: { status: 'Enviar', note },
    fieldOrder: ['note'],
    end: { stay: t.movedPaid },
    check: (): FieldMessages => (note.trim() === '' ? { note: validationTexts.paymentNote.required } : {}),
  });
  const ship = useMove(context, {
    values: { status: 'Enviado', ...tracking.body() },
    fieldOrder: ['trackingCode'],
    end: { stay: t.movedShipped },
  });
  const other = useOtherMove(context, choice);

  const sent = { confirm, paid, ship, other };
  const notice = last ? outcomeNotice(sent[last].outcome, (moved) => moved.said) : undefined;
  const busy = Object.values(sent).some((form) => form.sending);
  // The form submitted last is the one whose outcome the panel says.
  const said = (key: MoveKey): FormSubmit<Moved> => ({
    ...sent[key],
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      setLast(key);
      return sent[key].onSubmit(event);
    },
  });
  const forms = { confirm: said('confirm'), paid: said('paid'), ship: said('ship'), other: said('other') };
  return { panelRef, forms, note, setNote, choice, setChoice, notice, busy };
}

/** The list's move: closing a shipped order asks about the stock first; closing a paid one, what goes back. */
function useOtherMove(context: MoveContext, choice: OtherChoice) {
  const { order } = context;
  const closingAfterShipping = choice.status === CLOSED_STATUS && !isBeforeShipping(order.status);
  const refund = choice.status === CLOSED_STATUS ? refundLeftOf(order) : undefined;
  const asked = refundInput(refund, choice.draft);
  const restock = closingAfterShipping && choice.restock !== undefined ? { restock: choice.restock } : {};
  return useMove(context, {
    values: { status: choice.status, ...restock, ...('input' in asked ? asked.input : {}) },
    fieldOrder: ['status', 'restock', 'refundCents', 'refundMethod'],
    end: 'list',
    check: () => ({
      ...(closingAfterShipping && choice.restock === undefined ? { restock: validationTexts.restock.required } : {}),
      ...('errors' in asked ? asked.errors : {}),
    }),
  });
}
