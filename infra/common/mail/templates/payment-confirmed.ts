/**
 * Data: nome, numero, link; `prestador` (the method) when the payment provider confirmed it, else `metodo` (the method the owner confirmed).
 */
import { greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const paymentConfirmed: MailTemplateFile<'payment-confirmed'> = {
  id: 'payment-confirmed',
  source: {
    subject: 'Pagamento confirmado: encomenda nº {{texto.numero}}',
    preview: '{{#if prestador}}O pagamento por {{prestador}} da encomenda nº {{numero}} foi confirmado.{{else}}Confirmámos o pagamento{{#if metodo}} por {{metodo}}{{/if}} da encomenda nº {{numero}}.{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if prestador}}<p>O pagamento por {{prestador}} da tua encomenda nº <strong>{{numero}}</strong> foi confirmado pelo nosso prestador de pagamentos. Vamos prepará-la com todo o cuidado.</p>{{else}}<p>Confirmámos o pagamento{{#if metodo}} por {{metodo}}{{/if}} da tua encomenda nº <strong>{{numero}}</strong>. Vamos prepará-la com todo o cuidado.</p>{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.prestador}}
O pagamento por {{texto.prestador}} da tua encomenda nº {{texto.numero}} foi confirmado pelo nosso prestador de pagamentos. Vamos prepará-la com todo o cuidado.
{{else}}
Confirmámos o pagamento{{#if texto.metodo}} por {{texto.metodo}}{{/if}} da tua encomenda nº {{texto.numero}}. Vamos prepará-la com todo o cuidado.
{{/if}}${orderLinkText}`,
  },
};
