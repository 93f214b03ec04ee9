/**
 * To whoever asked for a notice: the piece is back. Data (`MailData['back-in-stock']`): product (its
 * name), link (the absolute product URL).
 */
import { COLOR, type MailTemplateFile } from '../parts.ts';

export const backInStock: MailTemplateFile<'back-in-stock'> = {
  id: 'back-in-stock',
  source: {
    subject: '{{text.product}} voltou a estar disponível',
    preview: '{{product}} voltou a estar disponível.',
    body:
      `        <mj-text><p>Olá,</p><p>A peça <strong>{{product}}</strong> que pediste voltou a estar disponível.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" ` +
      `border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Ver a peça</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: ` +
      `{{link}}</p></mj-text>`,
    text: `Olá,

A peça {{text.product}} que pediste voltou a estar disponível: {{text.link}}`,
  },
};
