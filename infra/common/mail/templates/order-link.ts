/**
 * Data: nome, numero, link. Asked for by number and e-mail on "A minha encomenda".
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const orderLink: MailTemplateFile<'order-link'> = {
  id: 'order-link',
  source: {
    subject: 'A ligação para a tua encomenda nº {{texto.numero}}',
    preview: 'Acompanha a encomenda nº {{numero}}.',
    body: `        ${greeting}
        <mj-text><p>Pediste a ligação para acompanhar a tua encomenda nº <strong>{{numero}}</strong>. Aqui está:</p></mj-text>${orderButton}
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Não foste tu? Podes ignorar este e-mail: a ligação só chega a este endereço.</p></mj-text>`,
    text: `Olá {{texto.nome}},

Pediste a ligação para acompanhar a tua encomenda nº {{texto.numero}}.${orderLinkText}

Não foste tu? Podes ignorar este e-mail: a ligação só chega a este endereço.`,
  },
};
