/**
 * To the owner: a proof of payment to confirm. Data (`OwnerOrderMail`): number, customer, email,
 * total, method, code (optional: the discount code).
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerNewOrder: MailTemplateFile<'owner-new-order'> = {
  id: 'owner-new-order',
  source: {
    subject: 'Novo comprovativo para confirmar: nº {{text.number}} ({{text.total}})',
    preview: '{{customer}} enviou o comprovativo da encomenda nº {{number}}.',
    body:
      `        <mj-text><p>Chegou o comprovativo de pagamento da encomenda nº <strong>{{number}}</strong>.` +
      `</p><p>Cliente: {{customer}} ({{email}})<br />Total: <strong>{{total}}</strong>{{#if code}}` +
      `<br />Código de desconto: {{code.name}} (−{{code.amount}}){{/if}}<br />Pagamento: {{method}}</p>` +
      `<p>Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.</p></mj-text>`,
    text: `Chegou o comprovativo de pagamento da encomenda nº {{text.number}}.

Cliente: {{text.customer}} ({{text.email}})
Total: {{text.total}}
{{#if text.code}}Código de desconto: {{text.code.name}} (−{{text.code.amount}})\n{{/if}}Pagamento: {{text.method}}

Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.`,
  },
};
