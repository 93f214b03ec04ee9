/**
 * Data: nome, numero, valor (what was given back), metodo, parcial, link. A provider payment that arrived after the reservation closed, or (parcial) part of a paid order given back.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderRefunded: MailTemplateFile<'order-refunded'> = {
  id: 'order-refunded',
  source: {
    subject: 'Devolvemos-te {{texto.valor}} da encomenda nº {{texto.numero}}',
    preview: '{{#if parcial}}Devolvemos-te {{valor}} por {{metodo}}.{{else}}O pagamento chegou depois de a reserva terminar: devolvemos-te {{valor}}.{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if parcial}}<p>Devolvemos-te parte do pagamento da tua encomenda nº <strong>{{numero}}</strong>.</p>{{else}}<p>O teu pagamento por {{metodo}} da encomenda nº <strong>{{numero}}</strong> chegou depois de a reserva terminar, quando as peças já tinham voltado à loja.</p>{{/if}}</mj-text>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">{{#if parcial}}Devolvemos-te <strong>{{valor}}</strong> por {{metodo}}.{{else}}Devolvemos-te <strong>{{valor}}</strong> pelo mesmo meio de pagamento.{{/if}} Pode levar alguns dias úteis a aparecer na tua conta.</p></mj-text>
        <mj-text><p>{{#if parcial}}Qualquer dúvida, responde a este e-mail.{{else}}Se ainda quiseres as peças, faz uma nova encomenda na loja. Qualquer dúvida, responde a este e-mail.{{/if}}</p></mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.parcial}}Devolvemos-te parte do pagamento da tua encomenda nº {{texto.numero}}.

Devolvemos-te {{texto.valor}} por {{texto.metodo}}. Pode levar alguns dias úteis a aparecer na tua conta.

Qualquer dúvida, responde a este e-mail.{{else}}O teu pagamento por {{texto.metodo}} da encomenda nº {{texto.numero}} chegou depois de a reserva terminar, quando as peças já tinham voltado à loja.

Devolvemos-te {{texto.valor}} pelo mesmo meio de pagamento. Pode levar alguns dias úteis a aparecer na tua conta.

Se ainda quiseres as peças, faz uma nova encomenda na loja. Qualquer dúvida, responde a este e-mail.{{/if}}${orderLinkText}`,
  },
};
