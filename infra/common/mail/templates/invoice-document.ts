/**
 * The shop's own mail of a document its invoicing provider issued (docs/invoices.md): the fatura-recibo
 * of a paid order, or the credit note of a refund, when the provider does not mail it itself ("enviar a
 * fatura ao cliente" off, or the provider's mail failed). One mail per document. It carries the
 * provider's link to the document's PDF (`documentoLink`, a URL of `MAIL_URL_FIELDS`) and the order's
 * page, where the document is shown too. Unlike the shop's other mails, it speaks of a fatura that
 * exists: its footer says the PDF, not the mail, is the fiscal document.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

const pdfButton = `
        <mj-button href="{{documentoLink}}" background-color="${COLOR.ink}" color="#ffffff" font-size="15px" font-weight="600" border-radius="4px" inner-padding="12px 28px" padding="8px 28px">{{#if notaCredito}}Abrir a nota de crédito (PDF){{else}}Abrir a fatura-recibo (PDF){{/if}}</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: {{documentoLink}}</p></mj-text>`;

/** Data: nome, numero, documento (its number), valor, notaCredito, fatura (a credit note's invoice), documentoLink, link. */
export const invoiceDocument: MailTemplateFile<'invoice-document'> = {
  id: 'invoice-document',
  source: {
    subject: '{{#if texto.notaCredito}}Nota de crédito {{texto.documento}}{{else}}Fatura-recibo {{texto.documento}}{{/if}}: encomenda nº {{texto.numero}}',
    preview: '{{#if notaCredito}}A nota de crédito {{documento}} ({{valor}}) da encomenda nº {{numero}}.{{else}}A fatura-recibo {{documento}} ({{valor}}) da encomenda nº {{numero}}.{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if notaCredito}}<p>Emitimos a nota de crédito <strong>{{documento}}</strong>, de <strong>{{valor}}</strong>, do valor que te devolvemos da encomenda nº <strong>{{numero}}</strong>{{#if fatura}}: corrige a fatura-recibo {{fatura}}{{/if}}.</p>{{else}}<p>Aqui está a fatura-recibo <strong>{{documento}}</strong>, de <strong>{{valor}}</strong>, da tua encomenda nº <strong>{{numero}}</strong>, emitida pelo nosso programa de faturação certificado.</p>{{/if}}</mj-text>
        {{#if documentoLink}}${pdfButton}{{else}}<mj-text><p>Encontras o documento na página da tua encomenda.</p></mj-text>{{/if}}
        <mj-text><p>Guarda-o com as tuas despesas: é o documento fiscal da tua compra.</p></mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.notaCredito}}
Emitimos a nota de crédito {{texto.documento}}, de {{texto.valor}}, do valor que te devolvemos da encomenda nº {{texto.numero}}{{#if texto.fatura}}: corrige a fatura-recibo {{texto.fatura}}{{/if}}.
{{else}}
Aqui está a fatura-recibo {{texto.documento}}, de {{texto.valor}}, da tua encomenda nº {{texto.numero}}, emitida pelo nosso programa de faturação certificado.
{{/if}}

{{#if texto.documentoLink}}
O documento (PDF): {{texto.documentoLink}}
{{else}}
Encontras o documento na página da tua encomenda.
{{/if}}

Guarda-o com as tuas despesas: é o documento fiscal da tua compra.${orderLinkText}`,
    footer: 'O documento fiscal é o PDF emitido pelo nosso programa de faturação certificado; este e-mail não o substitui.',
  },
};
