/**
 * To the customer, once the proof of payment arrived: the order's summary, in the past tense. Data:
 * see `MailData['order-received']`.
 */
import { COLOR, SERIF, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

/** After a proof every mail speaks in the past tense and never asks for the payment again. */
const RECEIVED_PROOF = 'Recebemos o teu comprovativo; vamos confirmar o pagamento.';

export const orderReceived: MailTemplateFile<'order-received'> = {
  id: 'order-received',
  source: {
    subject: 'Recebemos a tua encomenda nº {{text.number}}',
    preview: 'Encomenda nº {{number}}: total {{total}}. Vamos confirmar o pagamento.',
    body:
      `        ${greeting}
        <mj-text><p>Recebemos a tua encomenda nº <strong>{{number}}</strong> e o teu comprovativo de pagamento. Vamos confirmar o ` +
      `pagamento e enviamos logo a seguir.</p></mj-text>
        <mj-text font-family="${SERIF}" font-size="18px" padding="12px 28px 4px">Resumo da encomenda</mj-text>
        <mj-table css-class="linhas" role="presentation">
          <tr><th style="text-align:left">Peça</th><th class="qtd">Qtd.</th><th class="valor">Preço</th><th class="valor">Total</th></tr>
          {{#each lines}}<tr><td>{{name}}</td><td class="qtd">{{quantity}}</td><td class="valor">{{#if fullPrice}}<s class="antes">` +
      `{{fullPrice}}</s><br />{{/if}}{{price}}</td><td class="valor">{{#if fullTotal}}<s class="antes">{{fullTotal}}</s><br />{{/if}}` +
      `{{total}}</td></tr>{{/each}}
        </mj-table>
        <mj-table css-class="totais" role="presentation">
          <tr><td>Subtotal{{#if noDiscount}}{{else}} antes do desconto{{/if}}</td><td class="valor">{{subtotal}}</td></tr>
          {{#if noDiscount}}{{else}}<tr><td>Desconto</td><td class="valor">−{{discount}}</td></tr>{{/if}}{{#if code}}<tr>` +
      `<td>Código {{code.name}}</td><td class="valor">−{{code.amount}}</td></tr>{{/if}}
          <tr><td>Portes{{#if shippingMethod}} ({{shippingMethod}}){{/if}}</td><td class="valor">{{shipping}}</td></tr>{{#if wrap}}` +
      `<tr><td>Embrulho de oferta</td><td class="valor">{{wrap}}</td></tr>{{/if}}
          <tr class="total"><td>Total</td><td class="valor">{{total}}</td></tr>
        </mj-table>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0 0 4px">` +
      `<strong>Pagamento: {{method}}</strong></p><p style="margin:0">${RECEIVED_PROOF}</p></mj-text>
        <mj-text padding="16px 28px 0">{{#if gift}}<p><strong>Encomenda para oferta</strong><br />{{gift.wrap}}` +
      `<br />Mensagem do cartão: {{gift.message}}</p>{{/if}}{{#if address}}<p><strong>Morada de envio` +
      `</strong><br />{{address.name}}` +
      `<br />{{address.street}}<br />{{address.postalCode}} {{address.city}}<br />{{address.country}}</p>{{/if}}</mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

Recebemos a tua encomenda nº {{text.number}} e o teu comprovativo de pagamento. Vamos confirmar o pagamento e enviamos logo a seguir.

Resumo da encomenda
{{#each text.lines}}
- {{name}} × {{quantity}}: {{total}} ({{price}} cada{{#if fullPrice}}; sem desconto {{fullPrice}} cada, {{fullTotal}}{{/if}})
{{/each}}

Subtotal{{#if text.noDiscount}}{{else}} antes do desconto{{/if}}: {{text.subtotal}}
{{#if text.noDiscount}}
{{else}}
Desconto: −{{text.discount}}
{{/if}}
{{#if text.code}}Código {{text.code.name}}: −{{text.code.amount}}\n{{/if}}Portes{{#if text.shippingMethod}} ({{text.shippingMethod}})` +
      `{{/if}}: {{text.shipping}}{{#if text.wrap}}\nEmbrulho de oferta: {{text.wrap}}{{/if}}
Total: {{text.total}}

Pagamento: {{text.method}}. ${RECEIVED_PROOF}{{#if text.gift}}\n\nEncomenda para oferta: {{text.gift.wrap}}. Mensagem do cartão: ` +
      `{{text.gift.message}}{{/if}}
{{#if text.address}}

Morada de envio:
{{text.address.name}}
{{text.address.street}}
{{text.address.postalCode}} {{text.address.city}}
{{text.address.country}}
{{/if}}${orderLinkText}`,
  },
};
