import { invoiceTexts } from '#shared/messages/index.ts';
import { ExternalLink } from './external-link.tsx';

/** After a fatura's (or a credit note's) words: the link to its PDF, once there is one (docs/invoices.md). */
export function InvoicePdfLink({ url, label = invoiceTexts.download }: { url: string | undefined; label?: string }) {
  if (!url) return null;
  return (
    <>
      {' '}
      <ExternalLink href={url}>{label}</ExternalLink>
    </>
  );
}
