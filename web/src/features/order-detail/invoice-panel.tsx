/**
 * The order's fatura (docs/invoices.md), once invoicing concerns it: its number and link, the credit
 * notes of its refunds, or "Fatura pendente" / "Fatura não emitida" with why and "Tentar de novo".
 * Nothing while invoicing is off: the order then has no `invoice`, and nothing speaks of a fatura.
 */
import type { Order } from '#shared/api.ts';
import { invoiceTexts } from '#shared/messages/index.ts';
import { InvoicePdfLink } from '#web/ui/invoice-pdf-link.tsx';
import { formatCents } from '#shared/money.ts';
import { failureMessage } from '#web/lib/admin/admin-api.ts';
import { useAdminApi } from '#web/lib/admin/session.tsx';
import { ActionFeedback, Panel } from '#web/ui/admin/action-panel.tsx';
import { useAction } from '#web/lib/use-submit.ts';

export function InvoicePanel({ order, onOrder }: { readonly order: Order; readonly onOrder: (order: Order) => void }) {
  const api = useAdminApi();
  const action = useAction();
  const invoice = order.invoice;
  if (!invoice) return null;
  const retry = () =>
    void action.run(
      async () => {
        onOrder((await api.retryInvoice(order.id)).order);
        return invoiceTexts.retried;
      },
      (failure) => failureMessage(invoiceTexts.retryFailed, failure),
    );
  const title =
    invoice.status === 'issued'
      ? invoiceTexts.issued(invoice.number)
      : invoice.status === 'failed'
        ? invoiceTexts.failed
        : invoiceTexts.pending;
  return (
    <Panel id="adm-order-invoice" title={invoiceTexts.panel} testId="order-invoice">
      <ActionFeedback notice={action.notice} />
      <p className={invoice.status === 'issued' ? undefined : invoice.status === 'failed' ? 'notice notice--error' : 'notice notice--info'}>
        <strong>{title}</strong>
      </p>
      {invoice.url && (
        <p>
          <InvoicePdfLink url={invoice.url} />
        </p>
      )}
      {invoice.reason && <p className="adm-small">{invoice.reason}</p>}
      {invoice.creditNotes && invoice.creditNotes.length > 0 && (
        <ul className="adm-small">
          {invoice.creditNotes.map((note) => (
            <li key={note.number}>
              {invoiceTexts.creditNote(note.number, formatCents(note.amountCents))}
              <InvoicePdfLink url={note.url} label={invoiceTexts.downloadCreditNote} />
            </li>
          ))}
        </ul>
      )}
      {invoice.reason && (
        <p>
          <button type="button" className="button button--small button--secondary" disabled={action.busy} onClick={retry}>
            {invoiceTexts.retry}
          </button>
        </p>
      )}
    </Panel>
  );
}
