/**
 * Data: nome, numero, rastreio (tracking code) and rastreioLink (its CTT page; absent for another carrier, and then the code is not called the CTT's), link.
 */
import { COLOR, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

export const shipped: MailTemplateFile<'shipped'> = {
  id: 'shipped',
  source: {
    subject: 'A tua encomenda nº {{texto.numero}} foi enviada',
    preview: 'A encomenda nº {{numero}} vai a caminho.',
    body: `        ${greeting}
        <mj-text><p>A tua encomenda nº <strong>{{numero}}</strong> foi enviada.</p></mj-text>
        {{#if rastreio}}<mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">Código de envio{{#if rastreioLink}} CTT{{/if}}: <strong>{{rastreio}}</strong>{{#if rastreioLink}}<br /><a href="{{rastreioLink}}" style="color:${COLOR.accent}">Seguir o envio nos CTT</a>{{/if}}</p></mj-text>{{/if}}${orderButton}`,
    text: `Olá {{texto.nome}},

A tua encomenda nº {{texto.numero}} foi enviada.{{#if texto.rastreio}} Código de envio{{#if texto.rastreioLink}} CTT{{/if}}: {{texto.rastreio}}.{{#if texto.rastreioLink}} Segue o envio nos CTT: {{texto.rastreioLink}}{{/if}}{{/if}}${orderLinkText}`,
  },
};
