/**
 * Data: numero, cliente, email, total, metodo, codigo (optional: the discount code). To the owner.
 */
import type { MailTemplateFile } from '../parts.ts';

export const ownerNewOrder: MailTemplateFile<'owner-new-order'> = {
  id: 'owner-new-order',
  source: {
    subject: 'Novo comprovativo para confirmar: nº {{texto.numero}} ({{texto.total}})',
    preview: '{{cliente}} enviou o comprovativo da encomenda nº {{numero}}.',
    body: `        <mj-text><p>Chegou o comprovativo de pagamento da encomenda nº <strong>{{numero}}</strong>.</p><p>Cliente: {{cliente}} ({{email}})<br />Total: <strong>{{total}}</strong>{{#if codigo}}<br />Código de desconto: {{codigo.nome}} (−{{codigo.valor}}){{/if}}<br />Pagamento: {{metodo}}</p><p>Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.</p></mj-text>`,
    text: `Chegou o comprovativo de pagamento da encomenda nº {{texto.numero}}.

Cliente: {{texto.cliente}} ({{texto.email}})
Total: {{texto.total}}
{{#if texto.codigo}}Código de desconto: {{texto.codigo.nome}} (−{{texto.codigo.valor}})\n{{/if}}Pagamento: {{texto.metodo}}

Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.`,
  },
};
