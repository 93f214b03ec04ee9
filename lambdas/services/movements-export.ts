/**
 * The accountant's "Movimentos" (docs/money.md): one row per movement of the orders' money, read from
 * each order's ledger — a payment that came in, a refund that went back, the provider's fee — with its
 * day, method, how the shop knows, and the provider's ids; then the totals per method and of all.
 *
 * It holds the movements of the same orders as the orders CSV of the same query (created in its days,
 * in its statuses), so its totals per method match that file's "Recebido" per "Pagamento" and its
 * "Devolvido". Attempts that moved no money (a declined request, a proof still to check, a refund only
 * asked for, an event of another amount or currency) are not movements.
 */
import type { Order } from '#shared/api.ts';
import { csvDocument, csvMoney } from '#shared/csv.ts';
import { formatDateTime } from '#shared/dates.ts';
import { moneyOf, type LedgerEntry, type LedgerMethod } from '#shared/ledger.ts';
import { discountCodeTexts, movementTexts } from '#shared/messages/index.ts';
import { CURRENCY } from '#shared/money.ts';
import { ORDER_STATUS_INFO } from '#shared/order-status.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';

/** One movement: money in (`inCents`) or out (`outCents`), at `at`. */
interface Movement {
  readonly at: string;
  readonly order: Order;
  readonly entry: LedgerEntry;
  readonly kind: keyof typeof movementTexts.kind;
  readonly inCents: number;
  readonly outCents: number;
}

/** The movements of one order's ledger: each payment paid (and its fee, once known), each refund made. */
export function orderMovements(order: Order): Movement[] {
  const movements: Movement[] = [];
  for (const entry of moneyOf(order).ledger) {
    const at = entry.settledAt ?? entry.at;
    if (entry.kind === 'payment' && entry.state === 'paid') {
      movements.push({ at, order, entry, kind: 'payment', inCents: entry.amountCents, outCents: 0 });
      if (entry.feeCents) movements.push({ at, order, entry, kind: 'fee', inCents: 0, outCents: entry.feeCents });
    }
    if (entry.kind === 'refund' && entry.state === 'refunded') movements.push({ at, order, entry, kind: 'refund', inCents: 0, outCents: entry.amountCents });
  }
  return movements;
}

function movementRow({ at, order, entry, kind, inCents, outCents }: Movement): (string | number)[] {
  return [
    formatDateTime(at),
    order.orderNumber,
    ORDER_STATUS_INFO[order.status].label,
    movementTexts.kind[kind],
    ledgerMethodLabel(entry.method),
    movementTexts.source[entry.source],
    inCents ? csvMoney(inCents) : '',
    outCents ? csvMoney(outCents) : '',
    entry.currency,
    entry.paymentId ?? '',
    entry.refundId ?? '',
    // The code of the order the money is of (docs/discount-codes.md): the influencer's return, movement by movement.
    order.discount?.code ?? '',
  ];
}

/** The totals' rows: per method (in the order first met), then of all methods. */
function totalRows(movements: readonly Movement[]): (string | number)[][] {
  const byMethod = new Map<LedgerMethod, { in: number; out: number }>();
  for (const movement of movements) {
    const sums = byMethod.get(movement.entry.method) ?? { in: 0, out: 0 };
    byMethod.set(movement.entry.method, { in: sums.in + movement.inCents, out: sums.out + movement.outCents });
  }
  const all = movements.reduce((sums, movement) => ({ in: sums.in + movement.inCents, out: sums.out + movement.outCents }), { in: 0, out: 0 });
  const row = (method: string, sums: { in: number; out: number }) => ['', '', '', movementTexts.total, method, '', csvMoney(sums.in), csvMoney(sums.out), CURRENCY, '', '', ''];
  return [...[...byMethod].map(([method, sums]) => row(ledgerMethodLabel(method), sums)), row(movementTexts.allMethods, all)];
}

/** The Movimentos CSV of `orders`: the header on the first line, the movements by time, the totals. */
export function movementsCsv(orders: readonly Order[]): string {
  const movements = orders.flatMap(orderMovements).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order.orderNumber - b.order.orderNumber));
  return csvDocument([...movementTexts.columns, discountCodeTexts.csvColumns[0]], [...movements.map(movementRow), ...totalRows(movements)]);
}
