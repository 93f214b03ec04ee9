/**
 * To the owner: the payment provider confirmed an order's payment. Data (`OwnerOrderMail`): number,
 * customer, email, total, method, code (optional).
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerOrderPaid: MailTemplateFile<'owner-order-paid'> = {
  id: 'owner-order-paid',
  source: {
    subject: 'Encomenda paga: nº {{text.number}} ({{text.total}})',
    preview: 'O pagamento da encomenda nº {{number}} foi confirmado automaticamente.',
    body:
      `        <mj-text><p>O pagamento da encomenda nº <strong>{{number}}</strong> foi confirmado pelo prestador ` +
      `de pagamentos: não há comprovativo a verificar.</p><p>Cliente: {{customer}} ({{email}})<br />Total: <strong>` +
      `{{total}}</strong>{{#if code}}<br />Código de desconto: {{code.name}} (−{{code.amount}}){{/if}}` +
      `<br />Pagamento: {{method}}</p><p>A encomenda está em «Enviar»: falta prepará-la e enviá-la.</p></mj-text>`,
    text: `O pagamento da encomenda nº {{text.number}} foi confirmado pelo prestador de pagamentos: não há comprovativo a verificar.

Cliente: {{text.customer}} ({{text.email}})
Total: {{text.total}}, pago por {{text.method}}{{#if text.code}}\nCódigo de desconto: {{text.code.name}} (−{{text.code.amount}}){{/if}}

A encomenda está em «Enviar»: falta prepará-la e enviá-la.`,
  },
};
