/**
 * To the customer: money given back, from a provider payment that arrived after the reservation closed,
 * or (`partial`) part of a paid order. Data (`MailData['order-refunded']`): name, number, amount (what
 * was given back), method, partial, link.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderRefunded: MailTemplateFile<'order-refunded'> = {
  id: 'order-refunded',
  source: {
    subject: 'Devolvemos-te {{text.amount}} da encomenda nº {{text.number}}',
    preview:
      '{{#if partial}}Devolvemos-te {{amount}} por {{method}}.{{else}}O pagamento ' +
      'chegou depois de a reserva terminar: devolvemos-te {{amount}}.{{/if}}',
    body:
      `        ${greeting}
        <mj-text>{{#if partial}}<p>Devolvemos-te parte do pagamento da tua encomenda nº <strong>{{number}}</strong>.</p>{{else}}` +
      `<p>O teu pagamento por {{method}} da encomenda nº <strong>{{number}}</strong> chegou depois de a reserva terminar, quando as ` +
      `peças já tinham voltado à loja.</p>{{/if}}</mj-text>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">` +
      `{{#if partial}}Devolvemos-te <strong>{{amount}}</strong> por {{method}}.{{else}}Devolvemos-te <strong>{{amount}}` +
      `</strong> pelo mesmo meio de pagamento.{{/if}} Pode levar alguns dias úteis a aparecer na tua conta.</p></mj-text>
        <mj-text><p>{{#if partial}}Qualquer dúvida, responde a este e-mail.{{else}}Se ainda quiseres as peças, faz uma nova encomenda ` +
      `na loja. Qualquer dúvida, responde a este e-mail.{{/if}}</p></mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

{{#if text.partial}}Devolvemos-te parte do pagamento da tua encomenda nº {{text.number}}.

Devolvemos-te {{text.amount}} por {{text.method}}. Pode levar alguns dias úteis a aparecer na tua conta.

Qualquer dúvida, responde a este e-mail.{{else}}O teu pagamento por {{text.method}} da encomenda nº {{text.number}} chegou depois de ` +
      `a reserva terminar, quando as peças já tinham voltado à loja.

Devolvemos-te {{text.amount}} pelo mesmo meio de pagamento. Pode levar alguns dias úteis a aparecer na tua conta.

Se ainda quiseres as peças, faz uma nova encomenda na loja. Qualquer dúvida, responde a este e-mail.{{/if}}${orderLinkText}`,
  },
};
