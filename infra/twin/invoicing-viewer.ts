/**
 * The twin's invoicing viewer (`GET /` of the InvoiceXpress stand-in, `invoicing-local.ts`): every document
 * issued, newest first, with its customer, lines, totals, state and PDF. Plain HTML with no script.
 */
import { escapeHtml } from '#shared/html.ts';
import { permalinkKey, type IxDocument } from './invoicing-book.ts';

/** The viewer's Content-Security-Policy: no script, nothing loaded. */
export const VIEWER_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPE_LABEL = { InvoiceReceipt: 'Fatura-recibo', CreditNote: 'Nota de crédito' } as const;
const STATUS_LABEL = { draft: 'rascunho', final: 'emitido', canceled: 'anulado', deleted: 'apagado' } as const;

function documentRow(doc: IxDocument, all: readonly IxDocument[]): string {
  const owner = doc.owner_invoice_id ? all.find((d) => d.id === doc.owner_invoice_id) : undefined;
  const lines = doc.items
    .map(
      (item) =>
        `<li>${escapeHtml(item.quantity)} × ${escapeHtml(item.description || item.name)} ` +
        `— ${escapeHtml(item.unit_price)} € s/ IVA${item.discount !== '0' ? `, desconto ${escapeHtml(item.discount)} %` : ''}, ` +
        `${escapeHtml(item.tax.name)}: ${escapeHtml(item.total)} €</li>`,
    )
    .join('');
  const pdf = doc.status === 'final' || doc.status === 'canceled' ? `<a href="/pdf/${permalinkKey(doc)}.pdf">PDF</a>` : '';
  const number = doc.status === 'draft' || doc.status === 'deleted' ? '—' : escapeHtml(doc.inverted_sequence_number);
  const ofInvoice = owner ? `<br><small>da fatura ${escapeHtml(owner.inverted_sequence_number)}</small>` : '';
  const nif = doc.client.fiscal_id ? `<br><small>NIF ${escapeHtml(doc.client.fiscal_id)}</small>` : '';
  const sentTo = doc.emails.length ? `<br><small>enviado a ${escapeHtml(doc.emails.join(', '))}</small>` : '';
  return (
    `<tr><td>${escapeHtml(TYPE_LABEL[doc.type])} ${number}${ofInvoice}</td>` +
    `<td>${escapeHtml(doc.reference)}<br><small>${escapeHtml(doc.date)}</small></td>` +
    `<td>${escapeHtml(doc.client.name)}${nif}</td><td><ul>${lines}</ul></td>` +
    `<td>${escapeHtml(doc.total)} €<br><small>IVA ${escapeHtml(doc.taxes)} €</small></td>` +
    `<td>${escapeHtml(STATUS_LABEL[doc.status])}${sentTo}</td><td>${pdf}</td></tr>`
  );
}

/** The viewer: every document, newest first. */
export function invoicingViewerPage(documents: readonly IxDocument[]): string {
  const rows = [...documents]
    .reverse()
    .map((doc) => documentRow(doc, documents))
    .join('');
  return (
    `<!doctype html><html lang="pt-PT"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Faturação (twin)</title>
<style>body{margin:0;padding:24px;font:15px/1.5 ` +
    `system-ui,sans-serif;background:#eee9e2;color:#2b2623}table{border-collapse:collapse;background:#fff;width:100%}` +
    `td,th{padding:8px;border-bottom:1px solid #e3d9cc;text-align:left;vertical-align:top}ul{margin:0;padding-left:18px}` +
    `small{color:#6b625b}</style></head>
<body><h1>Faturação do twin</h1><p>O programa de faturação local (simula a API do InvoiceXpress): cada fatura-recibo e nota de ` +
    `crédito que a loja emitiu, com as linhas, o total e o PDF. Documentos de teste, sem valor fiscal.</p>
<table><thead><tr><th>Documento</th><th>Referência</th><th>Cliente</th><th>Linhas</th><th>Total</th><th>Estado</th><th></th></tr>` +
    `</thead><tbody>${rows || '<tr><td colspan="7">Ainda não há documentos.</td></tr>'}</tbody></table></body></html>`
  );
}
