/**
 * To whoever asked for a back-in-stock notice: confirm the request (double opt-in). Data
 * (`MailData['stock-alert-confirm']`): product (its name), link (the confirmation page, token in its
 * fragment).
 */
import { COLOR, type MailTemplateFile } from '../parts.ts';

export const stockAlertConfirm: MailTemplateFile<'stock-alert-confirm'> = {
  id: 'stock-alert-confirm',
  source: {
    subject: 'Confirma o aviso de {{text.product}}',
    preview: 'Confirma o pedido para te avisarmos quando {{product}} voltar.',
    body:
      `        <mj-text><p>Olá,</p><p>Pediram-nos um aviso para este e-mail quando a peça <strong>{{product}}` +
      `</strong> voltar a estar disponível. Confirma o pedido para o receberes.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" ` +
      `border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Confirmar o aviso</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: {{link}}</p>` +
      `<p>Se não foste tu, ignora este e-mail: sem confirmação, o pedido é apagado em 7 dias e não te enviamos mais nada.</p></mj-text>`,
    text:
      `Olá,

Pediram-nos um aviso para este e-mail quando a peça {{text.product}} voltar a estar disponível. Confirma o pedido para o receberes: ` +
      `{{text.link}}

Se não foste tu, ignora este e-mail: sem confirmação, o pedido é apagado em 7 dias e não te enviamos mais nada.`,
  },
};
