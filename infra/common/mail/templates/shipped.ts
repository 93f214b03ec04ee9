/**
 * To the customer: the order is on its way. Data (`MailData['shipped']`): name, number, trackingCode
 * and trackingLink (its CTT page; absent for another carrier, and then the code is not called the
 * CTT's), link.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const shipped: MailTemplateFile<'shipped'> = {
  id: 'shipped',
  source: {
    subject: 'A tua encomenda nº {{text.number}} foi enviada',
    preview: 'A encomenda nº {{number}} vai a caminho.',
    body:
      `        ${greeting}
        <mj-text><p>A tua encomenda nº <strong>{{number}}</strong> foi enviada.</p></mj-text>
        {{#if trackingCode}}<mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">Código ` +
      `de envio{{#if trackingLink}} CTT{{/if}}: <strong>{{trackingCode}}</strong>{{#if trackingLink}}<br />` +
      `<a href="{{trackingLink}}" style="color:${COLOR.accent}">Seguir o envio nos CTT</a>{{/if}}</p></mj-text>{{/if}}${orderButton}`,
    text:
      `Olá {{text.name}},

A tua encomenda nº {{text.number}} foi enviada.{{#if text.trackingCode}} Código de envio{{#if text.trackingLink}} CTT` +
      `{{/if}}: {{text.trackingCode}}.{{#if text.trackingLink}} Segue o envio nos CTT: {{text.trackingLink}}{{/if}}{{/if}}${orderLinkText}`,
  },
};
