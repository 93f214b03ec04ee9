/**
 * The accountant's "Movimentos" (docs/money.md): one row per movement of the orders' money, read from
 * each order's ledger — a payment that came in, a refund that went back, the provider's fee — with its
 * day, method, how the shop knows, and the provider's ids; then the totals per method and of all.
 *
 * It holds the movements of the same orders as the orders CSV of the same query (created in its days,
 * in its statuses), so its totals per method match that file's "Recebido" per "Pagamento" and its
 * "Devolvido". Attempts that moved no money (a declined request, a proof still to check, a refund only
 * asked for) are not movements. A payment of another amount or currency moved money though it did not
 * pay the order: it is money in (its own kind of row) until its refund goes out (docs/money.md). The
 * totals are per method and currency: euros add up with the orders CSV, another currency stands apart.
 */
import type { Order } from '#shared/api.ts';
import { csvDocument, csvMoney } from '#shared/csv.ts';
import { formatDateTime } from '#shared/dates.ts';
import { entryFlow, moneyOf, type LedgerEntry } from '#shared/ledger.ts';
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

/** The movements of one order's ledger: each payment that arrived (and its fee, once known), each refund made. */
export function orderMovements(order: Order): Movement[] {
  const movements: Movement[] = [];
  for (const entry of moneyOf(order).ledger) {
    const at = entry.settledAt ?? entry.at;
    const { inCents, outCents } = entryFlow(entry);
    if (inCents) {
      movements.push({ at, order, entry, kind: entry.received ? 'unmatched' : 'payment', inCents, outCents: 0 });
      if (entry.feeCents) movements.push({ at, order, entry, kind: 'fee', inCents: 0, outCents: entry.feeCents });
    }
    if (outCents) movements.push({ at, order, entry, kind: 'refund', inCents: 0, outCents });
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

interface Sums {
  readonly label: string;
  readonly currency: string;
  in: number;
  out: number;
}

/** Adds `movement` to the sums keyed `key`, made with `label` and the movement's currency when first met. */
function addTo(sums: Map<string, Sums>, key: string, label: string, movement: Movement): void {
  const sum = sums.get(key) ?? { label, currency: movement.entry.currency, in: 0, out: 0 };
  sum.in += movement.inCents;
  sum.out += movement.outCents;
  sums.set(key, sum);
}

/** The totals' rows: per method and currency (in the order first met), then of all methods per currency. */
function totalRows(movements: readonly Movement[]): (string | number)[][] {
  const byMethod = new Map<string, Sums>();
  const all = new Map<string, Sums>([[CURRENCY, { label: movementTexts.allMethods, currency: CURRENCY, in: 0, out: 0 }]]);
  for (const movement of movements) {
    const { method, currency } = movement.entry;
    addTo(byMethod, `${method} ${currency}`, ledgerMethodLabel(method), movement);
    addTo(all, currency, movementTexts.allMethods, movement);
  }
  const row = (sums: Sums) => [
    '',
    '',
    '',
    movementTexts.total,
    sums.label,
    '',
    csvMoney(sums.in),
    csvMoney(sums.out),
    sums.currency,
    '',
    '',
    '',
  ];
  return [...byMethod.values(), ...all.values()].map(row);
}

/** The Movimentos CSV of `orders`: the header on the first line, the movements by time, the totals. */
export function movementsCsv(orders: readonly Order[]): string {
  const movements = orders
    .flatMap(orderMovements)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order.orderNumber - b.order.orderNumber));
  return csvDocument([...movementTexts.columns, discountCodeTexts.csvColumns[0]], [...movements.map(movementRow), ...totalRows(movements)]);
}
