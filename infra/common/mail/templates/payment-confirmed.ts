/**
 * To the customer: the payment is confirmed. Data (`MailData['payment-confirmed']`): name, number,
 * link; `provider` (the method) when the payment provider confirmed it, else `method` (the method the
 * owner confirmed).
 */
import { greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const paymentConfirmed: MailTemplateFile<'payment-confirmed'> = {
  id: 'payment-confirmed',
  source: {
    subject: 'Pagamento confirmado: encomenda nº {{text.number}}',
    preview:
      '{{#if provider}}O pagamento por {{provider}} da encomenda nº {{number}} foi confirmado.' +
      '{{else}}Confirmámos o pagamento{{#if method}} por {{method}}{{/if}} da encomenda nº {{number}}.{{/if}}',
    body:
      `        ${greeting}
        <mj-text>{{#if provider}}<p>O pagamento por {{provider}} da tua encomenda nº <strong>{{number}}</strong> foi confirmado pelo ` +
      `nosso prestador de pagamentos. Vamos prepará-la com todo o cuidado.</p>{{else}}` +
      `<p>Confirmámos o pagamento{{#if method}} por ` +
      `{{method}}{{/if}} da tua encomenda nº <strong>{{number}}` +
      `</strong>. Vamos prepará-la com todo o cuidado.</p>{{/if}}</mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

{{#if text.provider}}
O pagamento por {{text.provider}} da tua encomenda nº {{text.number}} foi confirmado pelo nosso prestador de pagamentos. Vamos ` +
      `prepará-la com todo o cuidado.
{{else}}
Confirmámos o pagamento{{#if text.method}} por {{text.method}}{{/if}} da tua encomenda nº {{text.number}}. Vamos prepará-la com todo ` +
      `o cuidado.
{{/if}}${orderLinkText}`,
  },
};
