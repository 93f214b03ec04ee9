/**
 * Data: numero, cliente, email, total, metodo, codigo (optional). To the owner: the payment provider confirmed the payment.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerOrderPaid: MailTemplateFile<'owner-order-paid'> = {
  id: 'owner-order-paid',
  source: {
    subject: 'Encomenda paga: nº {{texto.numero}} ({{texto.total}})',
    preview: 'O pagamento da encomenda nº {{numero}} foi confirmado automaticamente.',
    body: `        <mj-text><p>O pagamento da encomenda nº <strong>{{numero}}</strong> foi confirmado pelo prestador de pagamentos: não há comprovativo a verificar.</p><p>Cliente: {{cliente}} ({{email}})<br />Total: <strong>{{total}}</strong>{{#if codigo}}<br />Código de desconto: {{codigo.nome}} (−{{codigo.valor}}){{/if}}<br />Pagamento: {{metodo}}</p><p>A encomenda está em «Enviar»: falta prepará-la e enviá-la.</p></mj-text>`,
    text: `O pagamento da encomenda nº {{texto.numero}} foi confirmado pelo prestador de pagamentos: não há comprovativo a verificar.

Cliente: {{texto.cliente}} ({{texto.email}})
Total: {{texto.total}}, pago por {{texto.metodo}}{{#if texto.codigo}}\nCódigo de desconto: {{texto.codigo.nome}} (−{{texto.codigo.valor}}){{/if}}

A encomenda está em «Enviar»: falta prepará-la e enviá-la.`,
  },
};
