/**
 * To the customer, when the reservation is made (before any payment; for the provider, once the request
 * or reference exists). Data (`MailData['order-reserved']`): name, number, total, method, instructions,
 * deadline, code, link; paid through the provider, `multibanco` (the reference) or `mbwayAutomatic`
 * (the request sent to the phone), and then no proof is asked for.
 */
import { COLOR, greeting, orderButton, type MailTemplateFile } from '../parts.ts';

/** What happens when a reservation's time runs out (the reservation mail; Termos §4 say the same). */
const AFTER_DEADLINE =
  'Se não recebermos o comprovativo até lá, a reserva é cancelada e as ' +
  'peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';

/** The same for a payment the provider takes (docs/design.md §34): no proof, the payment itself is what must arrive. */
const AFTER_DEADLINE_AUTOMATIC =
  'Se o pagamento não chegar até lá, a reserva é cancelada e as peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';
/** After an automatic request: what the customer does not need to do, and what still works if it fails. */
const NO_PROOF = 'Não precisas de enviar comprovativo: assim que o pagamento chegar, confirmamos sozinhos e enviamos-te um e-mail.';
const MBWAY_FALLBACK = 'Se o pedido MB WAY falhar ou expirar, podes pagar por outro método na página da tua encomenda até ao fim do prazo.';

export const orderReserved: MailTemplateFile<'order-reserved'> = {
  id: 'order-reserved',
  source: {
    subject: 'Reserva nº {{text.number}}: paga {{text.total}} até {{text.deadline}}',
    preview:
      '{{#if multibanco}}Referência Multibanco para pagares {{total}} até {{deadline}}.{{else}}{{#if ' +
      'mbwayAutomatic}}Aprova o pagamento de {{total}} na app MB WAY até {{deadline}}.{{else}}Referência ' +
      'do pagamento: {{number}}. Paga {{total}} até {{deadline}} e envia o comprovativo.{{/if}}{{/if}}',
    body:
      `        ${greeting}
        <mj-text>{{#if multibanco}}<p>Reservámos para ti as peças da encomenda nº <strong>{{number}}</strong> até <strong>{{deadline}}` +
      `</strong>. Paga com esta referência Multibanco numa caixa Multibanco ou no homebanking (Pagamentos de serviços) até lá.</p>` +
      `{{else}}{{#if mbwayAutomatic}}<p>Reservámos para ti as peças da encomenda nº <strong>{{number}}</strong> até <strong>` +
      `{{deadline}}</strong>. Enviámos um pedido de pagamento MB WAY para o telemóvel que indicaste: abre a app MB WAY e aprova-o até ` +
      `lá.</p>{{else}}<p>Reservámos para ti as peças da encomenda nº <strong>{{number}}</strong> até <strong>{{deadline}}` +
      `</strong>. Paga e envia o comprovativo até lá.</p>{{/if}}{{/if}}</mj-text>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px">{{#if multibanco}}` +
      `<p style="margin:0 0 4px">Entidade: <strong>{{multibanco.entity}}</strong></p><p style="margin:0 0 4px">Referência: <strong>` +
      `{{multibanco.reference}}</strong></p><p style="margin:0 0 4px">Montante: <strong>{{multibanco.amount}}</strong></p>{{#if code}}` +
      `<p style="margin:0 0 4px">Com o código {{code.name}}: −{{code.amount}}</p>{{/if}}<p style="margin:0">Válida até: <strong>` +
      `{{multibanco.validUntil}}</strong></p>{{else}}<p style="margin:0 0 4px">Valor a pagar: <strong>{{total}}` +
      `</strong> · até <strong>{{deadline}}</strong></p>` +
      `{{#if code}}<p style="margin:0 0 4px">Com o código {{code.name}}: −{{code.amount}}</p>{{/if}}` +
      `{{#if mbwayAutomatic}}{{else}}<p style="margin:0 0 4px">Referência do pagamento: <strong>{{number}}</strong></p>{{/if}}` +
      `<p style="margin:0 0 4px"><strong>Pagamento: {{method}}</strong></p><p style="margin:0">{{instructions}}</p>{{/if}}</mj-text>
        <mj-text>{{#if multibanco}}<p>${NO_PROOF}</p><p>${AFTER_DEADLINE_AUTOMATIC}</p>{{else}}{{#if mbwayAutomatic}}` +
      `<p>${NO_PROOF}</p><p>${MBWAY_FALLBACK}</p><p>${AFTER_DEADLINE_AUTOMATIC}</p>{{else}}` +
      `<p>Depois de pagares, abre a tua encomenda ` +
      `(neste ou noutro dispositivo) e envia o comprovativo: uma captura de ecrã ou o PDF.` +
      `</p><p>${AFTER_DEADLINE}</p>{{/if}}{{/if}}</mj-text>${orderButton}`,
    text:
      `Olá {{text.name}},

{{#if text.multibanco}}
Reservámos para ti as peças da encomenda nº {{text.number}} até {{text.deadline}}. Paga com esta referência Multibanco numa caixa ` +
      `Multibanco ou no homebanking (Pagamentos de serviços) até lá.

Entidade: {{text.multibanco.entity}}
Referência: {{text.multibanco.reference}}
Montante: {{text.multibanco.amount}}
{{#if text.code}}Com o código {{text.code.name}}: −{{text.code.amount}}\n{{/if}}Válida até: {{text.multibanco.validUntil}}

${NO_PROOF}

${AFTER_DEADLINE_AUTOMATIC}

Acompanha a tua encomenda em: {{text.link}}
{{else}}
{{#if text.mbwayAutomatic}}
Reservámos para ti as peças da encomenda nº {{text.number}} até {{text.deadline}}. Enviámos um pedido de pagamento MB WAY para o ` +
      `telemóvel que indicaste: abre a app MB WAY e aprova-o até lá.

Valor a pagar: {{text.total}} (até {{text.deadline}})
{{#if text.code}}Com o código {{text.code.name}}: −{{text.code.amount}}\n{{/if}}Pagamento: {{text.method}}. {{text.instructions}}

${NO_PROOF}

${MBWAY_FALLBACK}

${AFTER_DEADLINE_AUTOMATIC}

Acompanha a tua encomenda em: {{text.link}}
{{else}}
Reservámos para ti as peças da encomenda nº {{text.number}} até {{text.deadline}}. Paga e envia o comprovativo até lá.

Valor a pagar: {{text.total}} (até {{text.deadline}})
{{#if text.code}}Com o código {{text.code.name}}: −{{text.code.amount}}\n{{/if}}Referência do pagamento: {{text.number}}
Pagamento: {{text.method}}. {{text.instructions}}

Depois de pagares, abre a tua encomenda (neste ou noutro dispositivo) e envia o comprovativo: uma captura de ecrã ou o PDF.

${AFTER_DEADLINE}

Envia o comprovativo em: {{text.link}}
{{/if}}
{{/if}}`,
  },
};
