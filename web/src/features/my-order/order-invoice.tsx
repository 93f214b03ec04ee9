/**
 * The order's fatura-recibo on "A minha encomenda" (docs/invoices.md): its number and PDF once issued,
 * else that it is being issued; then each credit note of a refund, with the amount given back and its PDF.
 * What it lists comes from `customerInvoiceView` (`shared/invoices.ts`): the order's own documents only,
 * read with the order's access token (`GET /api/orders/{id}`).
 */
import type { CustomerOrder } from '#shared/api.ts';
import { invoiceTexts } from '#shared/messages/index.ts';
import { formatCents } from '#shared/money.ts';
import { InvoicePdfLink } from '#web/ui/invoice-pdf-link.tsx';

export function OrderInvoice({ invoice }: { invoice: NonNullable<CustomerOrder['invoice']> }) {
  if (invoice.status !== 'issued') return <p data-testid="invoice">{invoiceTexts.customer.pending}</p>;
  const notes = invoice.creditNotes ?? [];
  return (
    <>
      <p data-testid="invoice">
        {invoiceTexts.customer.issued(invoice.number)}
        <InvoicePdfLink url={invoice.url} />
      </p>
      {notes.length > 0 && (
        <ul data-testid="credit-notes">
          {notes.map((note) => (
            <li key={note.number}>
              {invoiceTexts.customer.creditNote(note.number, formatCents(note.amountCents))}
              <InvoicePdfLink url={note.url} label={invoiceTexts.downloadCreditNote} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
