/**
 * The typed table of order statuses and order numbers. The status values are the stored values and
 * the contract; labels and badge colours are for display.
 */

/** The statuses, in their usual order: a reservation awaiting payment, then proof to check, to ship, shipped, done, closed. */
export const ORDER_STATUSES = ['Aguarda Pagamento', 'Confirmar Pagamento', 'Enviar', 'Enviado', 'Concluido', 'Encerrada'] as const;

/** An order status value. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A reservation: prices, stock and number fixed, waiting for the customer's payment and proof (it expires). */
export const RESERVED_STATUS = 'Aguarda Pagamento' satisfies OrderStatus;
/** An order whose proof of payment arrived: the owner checks the payment. */
export const PROOF_STATUS = 'Confirmar Pagamento' satisfies OrderStatus;
/** The closed status: a cancellation before shipping, or the end of an order after it. */
export const CLOSED_STATUS = 'Encerrada' satisfies OrderStatus;
/** A paid order to prepare and send (the owner's confirmation, a payment outside the site, the provider's). */
export const TO_SHIP_STATUS = 'Enviar' satisfies OrderStatus;
/** A parcel on its way. */
export const SHIPPED_STATUS = 'Enviado' satisfies OrderStatus;
/** Delivered: the order's story is done. */
export const DELIVERED_STATUS = 'Concluido' satisfies OrderStatus;
/** The statuses of an order that left the shop (the tracking speaks of a parcel on its way or delivered). */
export const SHIPPED_STATUSES: readonly OrderStatus[] = [SHIPPED_STATUS, DELIVERED_STATUS];

/**
 * The order lifecycle: the statuses each one may move to. The server changes a status only along
 * these (conditioned on the status it read), and the admin's select offers only these. Paying (the
 * proof) is the customer's move; every other move is the owner's, among them a reservation paid
 * outside the site (`Aguarda Pagamento → Enviar`, with a note: see `isPaidOutsideMove`). Closing
 * before shipping cancels: stock and the MB WAY slot come back. Closing after shipping asks whether
 * the pieces came back.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'Aguarda Pagamento': ['Confirmar Pagamento', 'Enviar', 'Encerrada'],
  'Confirmar Pagamento': ['Enviar', 'Encerrada'],
  Enviar: ['Enviado', 'Encerrada'],
  Enviado: ['Concluido', 'Encerrada'],
  Concluido: ['Encerrada'],
  Encerrada: [],
};

/**
 * Who or what asks for a move; some effects depend on it (the provider's paid move also tells the owner,
 * a suspicious close or an erasure tells nobody).
 */
export type MoveCause = 'customer' | 'owner' | 'provider' | 'expiry' | 'suspicious' | 'erasure';

/** The mails a move queues: the customer's (`ADMIN_EMAIL_KINDS` of the same names) and the owner's notes. */
export type MoveMail = 'order-received' | 'payment-confirmed' | 'shipped' | 'order-cancelled' | 'owner-new-order' | 'owner-order-paid';

/** What follows a move, written in the move's own transaction (`lambdas/services/order-lifecycle.ts`). */
export interface MoveEffects {
  readonly mails: readonly MoveMail[];
  /** `give-back`: every piece goes back to the stock; `ask`: the owner says whether they came back. */
  readonly stock: 'kept' | 'give-back' | 'ask';
  /** The money paid can go back: through the provider, or by hand (the owner says how much and how). */
  readonly refund: boolean;
  /** An MB WAY order's slot of the month: a live one becomes paid, or the slot is freed. */
  readonly mbwaySlot: 'kept' | 'paid' | 'freed';
  /** The dashboard's counters: every move moves `orders#<status>`; a paying move adds the month's revenue. */
  readonly counters: 'status' | 'status-and-revenue';
  /** Mails by cause, where they differ from `mails`. */
  readonly byCause?: Partial<Record<MoveCause, readonly MoveMail[]>>;
}

const PAYING: Omit<MoveEffects, 'mails'> = { stock: 'kept', refund: false, mbwaySlot: 'paid', counters: 'status-and-revenue' };
const CANCELLING: MoveEffects = {
  mails: ['order-cancelled'],
  stock: 'give-back',
  refund: true,
  mbwaySlot: 'freed',
  counters: 'status',
  byCause: { suspicious: [], erasure: [] },
};
const CLOSING_AFTER_SHIPPING: MoveEffects = { mails: [], stock: 'ask', refund: true, mbwaySlot: 'kept', counters: 'status' };
const PLAIN: Omit<MoveEffects, 'mails'> = { stock: 'kept', refund: false, mbwaySlot: 'kept', counters: 'status' };

/**
 * The lifecycle owns its effects (docs/design.md §35): for each move of `ORDER_TRANSITIONS`, the mails,
 * stock, refunds, MB WAY slot and counters that follow it. Callers only ask for the move.
 */
export const MOVE_EFFECTS: Readonly<Record<OrderStatus, Readonly<Partial<Record<OrderStatus, MoveEffects>>>>> = {
  'Aguarda Pagamento': {
    // A proof is a claim: the MB WAY slot stays live until the owner confirms the money.
    'Confirmar Pagamento': { mails: ['order-received', 'owner-new-order'], ...PAYING, mbwaySlot: 'kept', counters: 'status' },
    Enviar: { mails: ['payment-confirmed'], ...PAYING, byCause: { provider: ['payment-confirmed', 'owner-order-paid'] } },
    Encerrada: { ...CANCELLING, refund: false },
  },
  'Confirmar Pagamento': { Enviar: { mails: ['payment-confirmed'], ...PAYING }, Encerrada: CANCELLING },
  Enviar: { Enviado: { mails: ['shipped'], ...PLAIN }, Encerrada: CANCELLING },
  Enviado: { Concluido: { mails: [], ...PLAIN }, Encerrada: CLOSING_AFTER_SHIPPING },
  Concluido: { Encerrada: CLOSING_AFTER_SHIPPING },
  Encerrada: {},
};

/** What follows the move `from → to` asked by `cause` (its mails for that cause). Throws for a move the lifecycle does not have. */
export function moveEffects(from: OrderStatus, to: OrderStatus, cause: MoveCause): MoveEffects {
  const effects = MOVE_EFFECTS[from][to];
  if (!effects) throw new Error(`no move ${from} → ${to}`);
  return { ...effects, mails: effects.byCause?.[cause] ?? effects.mails };
}

/**
 * The statuses in which an order holds its pieces for a customer who has not paid yet, or whose payment
 * the owner has not confirmed: they count against the customer's hold caps (docs/design.md §27).
 */
export const HELD_STATUSES: readonly OrderStatus[] = [RESERVED_STATUS, PROOF_STATUS];

/** Whether an order in `status` counts against its customer's hold caps (`HELD_STATUSES`). */
export function isHeldStatus(status: OrderStatus): boolean {
  return HELD_STATUSES.includes(status);
}

/** The customer's access token to their order: 43 URL-safe characters (32 random bytes). */
export const ACCESS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The statuses of a paid order: the payment is confirmed (the owner's move from `Confirmar Pagamento`,
 * or a reservation paid outside the site), whether shipped or not. The month's revenue, the
 * accountant's export by default and the payment-confirmed e-mail count these.
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['Enviar', 'Enviado', 'Concluido'];

/** Whether an order in `status` is paid (`PAID_STATUSES`). */
export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}

/**
 * Whether the shop ever held the order as paid: its history has a move to a paid status. A payment
 * that came only after the reservation closed never made it so (it is given back whole, and no sale
 * took place).
 */
export function everPaid(timeline: readonly { readonly to?: OrderStatus }[] | undefined): boolean {
  return (timeline ?? []).some((entry) => entry.to !== undefined && isPaidStatus(entry.to));
}

/** Moves the owner makes from the back-office (the customer's payment is not one of them). */
export function adminNextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from].filter((to) => !(from === RESERVED_STATUS && to === PROOF_STATUS));
}

/**
 * Whether a move is the owner's "paid outside the site": a reservation whose customer paid but sent
 * the proof by e-mail or phone (or none) goes straight to `Enviar`. It needs a note (`note` of
 * `PATCH /api/admin/orders/{id}`, 1 to `PAYMENT_NOTE_MAX` characters) that the order's timeline keeps.
 *
 * @example isPaidOutsideMove('Aguarda Pagamento', 'Enviar') // true
 * @example isPaidOutsideMove('Confirmar Pagamento', 'Enviar') // false
 */
export function isPaidOutsideMove(from: OrderStatus, to: OrderStatus): boolean {
  return from === RESERVED_STATUS && to === 'Enviar';
}

/** The longest note of a move (the owner's word on a payment made outside the site). */
export const PAYMENT_NOTE_MAX = 500;

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Whether the pieces are still in the shop: closing now is a cancellation that gives stock back by itself. */
export function isBeforeShipping(status: OrderStatus): boolean {
  return status === 'Aguarda Pagamento' || status === 'Confirmar Pagamento' || status === 'Enviar';
}

/**
 * The statuses where an order's story with its customer is over: nothing is left to pay, confirm, ship
 * or deliver. Only then may the customer's personal data be anonymised on their request (GDPR erasure,
 * `POST /api/admin/customers/{ref}/anonymise`); before, the shop still needs the address and the
 * e-mail to do what it owes (ship, tell the customer, give the money back).
 *
 * `Enviado` is not final: the parcel may come back undelivered and need the address again.
 * `Concluido` is final although the 14-day right of withdrawal (Decreto-Lei 24/2014) may still run:
 * the erasure is the customer's own request, and what a withdrawal needs from the shop's side stays
 * (the order number the customer quotes, the pieces, the amounts, the payment method and the dates;
 * the refund goes back by the means the customer paid with, DL 24/2014 art. 12). A customer who
 * withdraws afterwards writes with that number and their contact again. Keeping a customer's address
 * "in case" for 14 more days would be storing data the shop does not need (GDPR art. 5(1)(c), 17(1)(a)),
 * so the owner is told this in the confirmation instead of being made to wait.
 * `Encerrada` (cancelled, expired reservation, or ended after shipping) is final.
 */
export const FINAL_STATUSES: readonly OrderStatus[] = ['Concluido', 'Encerrada'];

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** A badge's colours as CSS hex colours. */
export interface BadgeColours {
  readonly background: string;
  readonly text: string;
}

/** Display data of a status. */
export interface OrderStatusInfo {
  /** pt-PT text shown in badges and selects. */
  readonly label: string;
  /** Text on background has a contrast ratio of at least 7:1 (WCAG AAA). */
  readonly badge: BadgeColours;
}

/** Label and badge colours of each status. */
export const ORDER_STATUS_INFO: Readonly<Record<OrderStatus, OrderStatusInfo>> = {
  'Aguarda Pagamento': { label: 'Aguarda Pagamento', badge: { background: '#ffe5d0', text: '#6a2c00' } },
  'Confirmar Pagamento': { label: 'Confirmar Pagamento', badge: { background: '#fff3cd', text: '#664d03' } },
  Enviar: { label: 'Enviar', badge: { background: '#cfe2ff', text: '#052c65' } },
  Enviado: { label: 'Enviado', badge: { background: '#e2d9f3', text: '#3d1f70' } },
  Concluido: { label: 'Concluído', badge: { background: '#d1e7dd', text: '#0a3622' } },
  Encerrada: { label: 'Encerrada', badge: { background: '#e2e3e5', text: '#2b2f32' } },
};

/** Type guard for status values (exact, case-sensitive). */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return (ORDER_STATUSES as readonly unknown[]).includes(value);
}

/** Smallest order number. */
export const ORDER_NUMBER_MIN = 100_000;
/** Largest order number. */
export const ORDER_NUMBER_MAX = 999_999;

/**
 * A random 6-digit order number, 100000-999999 inclusive. Uniqueness is the server's job (a
 * conditional put on the order number, retried with a new number).
 *
 * @example
 * generateOrderNumber(() => 0);        // 100000
 * generateOrderNumber(() => 0.999999); // 999999
 */
export function generateOrderNumber(random: () => number = Math.random): number {
  const span = ORDER_NUMBER_MAX - ORDER_NUMBER_MIN + 1;
  const offset = Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
  return ORDER_NUMBER_MIN + offset;
}
