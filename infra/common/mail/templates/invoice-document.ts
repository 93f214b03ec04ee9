/**
 * The shop's own mail of a document its invoicing provider issued (docs/invoices.md): the fatura-recibo
 * of a paid order, or the credit note of a refund, when the provider does not mail it itself ("enviar a
 * fatura ao cliente" off, or the provider's mail failed). One mail per document. It carries the
 * provider's link to the document's PDF (`documentLink`, a URL of `MAIL_URL_FIELDS`) and the order's
 * page, where the document is shown too. Unlike the shop's other mails, it speaks of a fatura that
 * exists: its footer says the PDF, not the mail, is the fiscal document.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

const pdfButton =
  `
        <mj-button href="{{documentLink}}" background-color="${COLOR.ink}" color="#ffffff" font-size="15px" font-weight="600" ` +
  `border-radius="4px" inner-padding="12px 28px" padding="8px 28px">{{#if creditNote}}Abrir a nota de crédito (PDF)` +
  `{{else}}Abrir a fatura-recibo (PDF){{/if}}</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: ` +
  `{{documentLink}}</p></mj-text>`;

/**
 * Data (`MailData['invoice-document']`): name, number, document (its number), amount, creditNote, invoice (a credit note's invoice),
 * documentLink, link.
 */
export const invoiceDocument: MailTemplateFile<'invoice-document'> = {
  id: 'invoice-document',
  source: {
    subject:
      '{{#if text.creditNote}}Nota de crédito {{text.document}}' +
      '{{else}}Fatura-recibo {{text.document}}{{/if}}: encomenda nº {{text.number}}',
    preview:
      '{{#if creditNote}}A nota de crédito {{document}} ({{amount}}) da encomenda nº {{number}}.' +
      '{{else}}A fatura-recibo {{document}} ({{amount}}) da encomenda nº {{number}}.{{/if}}',
    body:
      `        ${greeting}
        <mj-text>{{#if creditNote}}<p>Emitimos a nota de crédito <strong>{{document}}</strong>, de <strong>{{amount}}` +
      `</strong>, do valor que te devolvemos da encomenda nº <strong>{{number}}</strong>{{#if invoice}}: corrige a fatura-recibo ` +
      `{{invoice}}{{/if}}.</p>{{else}}<p>Aqui está a fatura-recibo <strong>{{document}}</strong>, de <strong>{{amount}}` +
      `</strong>, da tua encomenda nº <strong>{{number}}</strong>, emitida pelo nosso programa de faturação certificado.</p>{{/if}}` +
      `</mj-text>
        {{#if documentLink}}${pdfButton}{{else}}<mj-text><p>Encontras o documento na página da tua encomenda.</p></mj-text>{{/if}}
        <mj-text><p>Guarda-o com as tuas despesas: é o documento fiscal da tua compra.</p></mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

{{#if text.creditNote}}
Emitimos a nota de crédito {{text.document}}, de {{text.amount}}, do valor que te devolvemos da encomenda nº {{text.number}}` +
      `{{#if text.invoice}}: corrige a fatura-recibo {{text.invoice}}{{/if}}.
{{else}}
Aqui está a fatura-recibo {{text.document}}, de {{text.amount}}, da tua encomenda nº {{text.number}}, emitida pelo nosso programa de ` +
      `faturação certificado.
{{/if}}

{{#if text.documentLink}}
O documento (PDF): {{text.documentLink}}
{{else}}
Encontras o documento na página da tua encomenda.
{{/if}}

Guarda-o com as tuas despesas: é o documento fiscal da tua compra.${orderLinkText}`,
    footer: 'O documento fiscal é o PDF emitido pelo nosso programa de faturação certificado; este e-mail não o substitui.',
  },
};
