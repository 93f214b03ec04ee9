/**
 * The accountant's export: the orders (or their lines) created in a range of Lisbon days, as CSV that
 * Portuguese Excel opens as it is (`shared/csv.ts`). The sales by default: only paid orders (`Enviar`,
 * `Enviado`, `Concluido`); other statuses when the query names them. The file's first line and its
 * name say which statuses it holds. Orders paid through the payment provider carry its payment id, fee,
 * net amount and refunds (the last four columns); before them the NIF, the invoice and its credit notes. Reads the listing index by its date key, never the whole table.
 */
import type { Order } from '#shared/api.ts';
import { csvDocument, csvMoney } from '#shared/csv.ts';
import { formatDateTime, lisbonDayStart } from '#shared/dates.ts';
import { queryValidationTexts } from '#shared/messages/index.ts';
import { ORDER_STATUS_INFO, type OrderStatus } from '#shared/order-status.ts';
import { PAYMENT_METHOD_LABELS } from '#shared/payment-methods.ts';
import { exportStatuses, type OrdersExportQuery } from '#shared/schemas/admin-query.ts';
import { SHIPPING_METHODS } from '#shared/shipping.ts';
import { ordersCreatedBetween } from '../repositories/orders.ts';
import { nameWithSize } from '#shared/variants.ts';

const ORDER_COLUMNS = [
  'Nº encomenda', 'Data', 'Estado', 'Nome', 'Apelido', 'E-mail', 'Telefone', 'Morada', 'Código postal', 'Localidade', 'País', 'Pagamento', 'Envio', 'Subtotal', 'Desconto', 'Portes', 'Total',
  // The invoice (docs/invoices.md): the customer's NIF, the fatura-recibo's number, the credit notes (number and amount).
  'NIF', 'Fatura', 'Notas de crédito',
  // Orders paid through the payment provider (docs/design.md §34); empty for the others.
  'Pagamento no Stripe', 'Comissão do Stripe', 'Líquido recebido', 'Reembolsado pelo Stripe',
];
const LINE_COLUMNS = ['Nº encomenda', 'Data', 'Estado', 'Peça', 'Código', 'SKU', 'Quantidade', 'Preço unitário', 'Desconto (%)', 'Preço com desconto', 'Total da linha'];

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
  return [payment.paymentId, payment.feeCents === undefined ? '' : csvMoney(payment.feeCents), payment.netCents === undefined ? '' : csvMoney(payment.netCents), csvMoney(refunded)];
}

/** The invoice's cells: the NIF given, the fatura-recibo's number once issued, each credit note with its amount. */
function invoiceCells(order: Order): string[] {
  const invoice = order.invoice;
  const notes = (invoice?.creditNotes ?? []).map((note) => `${note.number} (${csvMoney(note.amountCents)})`).join('; ');
  return [order.nif ?? '', invoice?.status === 'issued' ? invoice.number : '', notes];
}

/** A status as a file name reads it: 'Aguarda Pagamento' → 'aguarda-pagamento'. */
const slug = (status: OrderStatus): string => status.toLowerCase().replace(/\s+/g, '-');

export async function exportOrders(query: OrdersExportQuery): Promise<{ filename: string; csv: string }> {
  const statuses = exportStatuses(query);
  const orders = (await ordersCreatedBetween(lisbonDayStart(query.from), lisbonDayStart(nextDay(query.to)))).filter((order) => statuses.includes(order.status));
  const filename = `${query.kind === 'lines' ? 'linhas-de-encomendas' : 'encomendas'}-${query.from}-a-${query.to}-${statuses.map(slug).join('-')}.csv`;
  const preamble = [queryValidationTexts.export.included(statuses.map((status) => ORDER_STATUS_INFO[status].label))];
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
    return { filename, csv: csvDocument(LINE_COLUMNS, rows, preamble) };
  }
  const rows = orders.map((order) => [
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
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    SHIPPING_METHODS[order.shippingMethod].label,
    csvMoney(order.subtotalCents),
    csvMoney(order.discountCents),
    csvMoney(order.shippingCents),
    csvMoney(order.totalCents),
    ...invoiceCells(order),
    ...providerCells(order),
  ]);
  return { filename, csv: csvDocument(ORDER_COLUMNS, rows, preamble) };
}
