/**
 * To the customer who asked for it by number and e-mail on "A minha encomenda". Data
 * (`MailData['order-link']`): name, number, link.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderLink: MailTemplateFile<'order-link'> = {
  id: 'order-link',
  source: {
    subject: 'A ligação para a tua encomenda nº {{text.number}}',
    preview: 'Acompanha a encomenda nº {{number}}.',
    body:
      `        ${greeting}
        <mj-text><p>Pediste a ligação para acompanhar a tua encomenda nº <strong>{{number}}</strong>. Aqui está:</p></mj-text>${orderButton}
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Não foste tu? Podes ignorar este e-mail: a ligação só chega a este ` +
      `endereço.</p></mj-text>`,
    text: `Olá {{text.name}},

Pediste a ligação para acompanhar a tua encomenda nº {{text.number}}.${orderLinkText}

Não foste tu? Podes ignorar este e-mail: a ligação só chega a este endereço.`,
  },
};
