/**
 * The accountant's export: the orders (or their lines, or the movements of their money:
 * `movements-export.ts`) created in a range of Lisbon days, as CSV that Portuguese Excel opens as it is
 * (`shared/csv.ts`): the header is the sheet's row 1. The sales by default: only paid orders (`Enviar`,
 * `Enviado`, `Concluido`); other statuses when the query names them; the file's name says which
 * (`exportFileName`). Each order names the method that paid and its financial status, what came in and
 * what went back, from its ledger (docs/money.md); orders paid through the payment provider carry its
 * payment id, fee, net amount and refunds (the last four columns). Reads the listing index by its date
 * key, never the whole table. The NIF, the fatura-recibo's number and its credit notes (docs/invoices.md)
 * come before the provider's columns. Then the gifts' two (docs/gifts.md): whether the order is one, and
 * what its wrap cost (Subtotal − Desconto + Portes + Embrulho = Total).
 */
import type { Order } from '#shared/api.ts';
import { csvDocument, csvMoney } from '#shared/csv.ts';
import { formatDateTime, lisbonDayStart } from '#shared/dates.ts';
import { moneyOf, receivedCents, refundedCents, shownMethod } from '#shared/ledger.ts';
import { giftTexts, movementTexts, ownerFinancialTexts } from '#shared/messages/index.ts';
import { giftWrapCents } from '#shared/gift.ts';
import { ORDER_STATUS_INFO } from '#shared/order-status.ts';
import { ledgerMethodLabel } from '#shared/payment-view.ts';
import { exportFileName, exportStatuses, type OrdersExportQuery } from '#shared/schemas/orders-export-query.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { ordersCreatedBetween } from '../repositories/orders.ts';
import { nameWithSize } from '#shared/variants.ts';
import { movementsCsv } from './movements-export.ts';
import { discountCodeTexts } from '#shared/messages/index.ts';

const ORDER_COLUMNS = [
  'Nº encomenda',
  'Data',
  'Estado',
  'Nome',
  'Apelido',
  'E-mail',
  'Telefone',
  'Morada',
  'Código postal',
  'Localidade',
  'País',
  'Pagamento',
  'Envio',
  'Subtotal',
  'Desconto',
  'Portes',
  'Total',
  // From the order's ledger (docs/money.md): its financial status, what came in, what went back.
  ...movementTexts.orderColumns,
  // The invoice (docs/invoices.md): the customer's NIF, the fatura-recibo's number, the credit notes (number and amount).
  'NIF',
  'Fatura',
  'Notas de crédito',
  // Gift orders (docs/gifts.md): Sim / Não, and the wrap's price as charged.
  giftTexts.csvGift,
  giftTexts.csvWrap,
  // Orders paid through the payment provider (docs/design.md §34); empty for the others.
  'Pagamento no Stripe',
  'Comissão do Stripe',
  'Líquido recebido',
  'Reembolsado pelo Stripe',
  // The discount code and what it took off (docs/discount-codes.md); empty without one.
  ...discountCodeTexts.csvColumns,
];
const LINE_COLUMNS = [
  'Nº encomenda',
  'Data',
  'Estado',
  'Peça',
  'Código',
  'SKU',
  'Quantidade',
  'Preço unitário',
  'Desconto (%)',
  'Preço com desconto',
  'Total da linha',
];

/** The day after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The provider's payment of an order, as the accountant reconciles it with the provider's payouts: its
 * id, the fee and the net amount once settled, what was refunded through it. Empty for an order paid
 * another way, or whose payment never succeeded.
 */
function providerCells(order: Order): string[] {
  const payment = order.providerPayment;
  if (payment?.status !== 'succeeded' || !payment.paymentId) return ['', '', '', ''];
  const refunded = (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);
  return [
    payment.paymentId,
    payment.feeCents === undefined ? '' : csvMoney(payment.feeCents),
    payment.netCents === undefined ? '' : csvMoney(payment.netCents),
    csvMoney(refunded),
  ];
}

/** The order's money as the accountant reads it: the method that paid (or is being checked), its financial status, in and back. */
export function moneyCells(order: Order): { readonly method: string; readonly cells: string[] } {
  const { ledger, financialStatus } = moneyOf(order);
  return {
    method: ledgerMethodLabel(shownMethod(ledger, order.paymentMethod)),
    cells: [ownerFinancialTexts[financialStatus], csvMoney(receivedCents(ledger)), csvMoney(refundedCents(ledger))],
  };
}

/** The invoice's cells: the NIF given, the fatura-recibo's number once issued, each credit note with its amount. */
function invoiceCells(order: Order): string[] {
  const invoice = order.invoice;
  const notes = (invoice?.creditNotes ?? []).map((note) => `${note.number} (${csvMoney(note.amountCents)})`).join('; ');
  return [order.nif ?? '', invoice?.status === 'issued' ? invoice.number : '', notes];
}

export async function exportOrders(query: OrdersExportQuery): Promise<{ filename: string; csv: string }> {
  const statuses = exportStatuses(query);
  const orders = (await ordersCreatedBetween(lisbonDayStart(query.from), lisbonDayStart(nextDay(query.to)))).filter((order) =>
    statuses.includes(order.status),
  );
  const filename = exportFileName(query);
  if (query.kind === 'movements') return { filename, csv: movementsCsv(orders) };
  if (query.kind === 'lines') {
    const rows = orders.flatMap((order) =>
      order.lines.map((line) => [
        order.orderNumber,
        formatDateTime(order.createdAt),
        ORDER_STATUS_INFO[order.status].label,
        nameWithSize(line.name, line.size),
        line.code,
        line.sku,
        line.quantity,
        csvMoney(line.priceCents),
        line.discountPercent,
        csvMoney(line.unitPriceCents),
        csvMoney(line.lineTotalCents),
      ]),
    );
    return { filename, csv: csvDocument(LINE_COLUMNS, rows) };
  }
  const rows = orders.map((order) => orderRow(order));
  return { filename, csv: csvDocument(ORDER_COLUMNS, rows) };
}

function orderRow(order: Order): (string | number)[] {
  const money = moneyCells(order);
  return [
    order.orderNumber,
    formatDateTime(order.createdAt),
    ORDER_STATUS_INFO[order.status].label,
    order.firstName,
    order.lastName,
    order.email,
    order.phone,
    order.address,
    order.postalCode,
    order.city,
    order.country,
    money.method,
    SHIPPING_METHODS[order.shippingMethod].label,
    csvMoney(order.subtotalCents),
    csvMoney(order.discountCents),
    csvMoney(order.shippingCents),
    csvMoney(order.totalCents),
    ...money.cells,
    ...invoiceCells(order),
    order.gift ? giftTexts.yes : giftTexts.no,
    csvMoney(giftWrapCents(order.gift)),
    ...providerCells(order),
    order.discount?.code ?? '',
    order.discount ? csvMoney(order.discount.amountCents) : '',
  ];
}
