/**
 * Data: nome, numero, expirada, link.
 */
import { greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderCancelled: MailTemplateFile<'order-cancelled'> = {
  id: 'order-cancelled',
  source: {
    subject: 'A tua encomenda nº {{texto.numero}} foi cancelada',
    preview: 'Encomenda nº {{numero}} cancelada; as peças voltaram à loja.',
    body: `        ${greeting}
        <mj-text>{{#if expirada}}<p>A reserva da tua encomenda nº <strong>{{numero}}</strong> expirou sem recebermos o comprovativo de pagamento, por isso as peças voltaram à loja.</p><p>Se ainda as quiseres, podes fazer uma nova encomenda na loja. Se já pagaste, responde a este e-mail com o comprovativo e tratamos de tudo.</p>{{else}}<p>A tua encomenda nº <strong>{{numero}}</strong> foi cancelada e as peças voltaram à loja.</p>{{#if devolucao}}<p>{{devolucao}} Qualquer dúvida, responde a este e-mail.</p>{{else}}<p>Se já pagaste, devolvemos o valor pelo mesmo meio. Qualquer dúvida, responde a este e-mail.</p>{{/if}}{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.expirada}}
A reserva da tua encomenda nº {{texto.numero}} expirou sem recebermos o comprovativo de pagamento, por isso as peças voltaram à loja. Se ainda as quiseres, podes fazer uma nova encomenda na loja. Se já pagaste, responde a este e-mail com o comprovativo e tratamos de tudo.
{{else}}
A tua encomenda nº {{texto.numero}} foi cancelada e as peças voltaram à loja. {{#if texto.devolucao}}{{texto.devolucao}}{{else}}Se já pagaste, devolvemos o valor pelo mesmo meio.{{/if}} Qualquer dúvida, responde a este e-mail.
{{/if}}${orderLinkText}`,
  },
};
