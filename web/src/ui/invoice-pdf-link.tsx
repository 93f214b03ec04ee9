import { invoiceTexts } from '#shared/messages/index.ts';
import { ExternalLink } from './external-link.tsx';

/** After a fatura's words: the link to its PDF, once there is one (docs/invoices.md). */
export function InvoicePdfLink({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <>
      {' '}
      <ExternalLink href={url}>{invoiceTexts.download}</ExternalLink>
    </>
  );
}
