/**
 * To the customer: the order was closed before shipping. Data (`MailData['order-cancelled']`): name,
 * number, expired (the reservation ran out unpaid), refund (what went back, if any), link.
 */
import { greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderCancelled: MailTemplateFile<'order-cancelled'> = {
  id: 'order-cancelled',
  source: {
    subject: 'A tua encomenda nº {{text.number}} foi cancelada',
    preview: 'Encomenda nº {{number}} cancelada; as peças voltaram à loja.',
    body:
      `        ${greeting}
        <mj-text>{{#if expired}}<p>A reserva da tua encomenda nº <strong>{{number}}</strong> expirou sem recebermos o comprovativo de ` +
      `pagamento, por isso as peças voltaram à loja.</p><p>Se ainda as quiseres, podes fazer uma nova encomenda ` +
      `na loja. Se já pagaste, responde a este e-mail com o comprovativo e tratamos de tudo.</p>{{else}}` +
      `<p>A tua encomenda nº <strong>{{number}}</strong> foi cancelada e as peças voltaram à loja.</p>{{#if refund}}` +
      `<p>{{refund}} Qualquer dúvida, responde a este e-mail.</p>{{else}}<p>Se já pagaste, devolvemos o valor ` +
      `pelo mesmo meio. Qualquer dúvida, responde a este e-mail.</p>{{/if}}{{/if}}</mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

{{#if text.expired}}
A reserva da tua encomenda nº {{text.number}} expirou sem recebermos o comprovativo de pagamento, por isso as peças voltaram à loja. ` +
      `Se ainda as quiseres, podes fazer uma nova encomenda na loja. Se já pagaste, responde a este e-mail com o comprovativo e ` +
      `tratamos de tudo.
{{else}}
A tua encomenda nº {{text.number}} foi cancelada e as peças voltaram à loja. {{#if text.refund}}{{text.refund}}` +
      `{{else}}Se já pagaste, devolvemos o valor pelo mesmo meio.{{/if}} Qualquer dúvida, responde a este e-mail.
{{/if}}${orderLinkText}`,
  },
};
