/**
 * Data: nome, numero, total, metodo, instrucoes, prazo, link; paid through the provider, `multibanco`
 * (the reference) or `mbwayAutomatico` (the request sent to the phone), and then no proof is asked for.
 * When the reservation is made (before any payment); for the provider, once the request or reference exists.
 */
import { COLOR, greeting, orderButton, type MailTemplateFile } from '../parts.ts';

/** What happens when a reservation's time runs out (the reservation mail; Termos §4 say the same). */
const AFTER_DEADLINE = 'Se não recebermos o comprovativo até lá, a reserva é cancelada e as peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';

/** The same for a payment the provider takes (docs/design.md §34): no proof, the payment itself is what must arrive. */
const AFTER_DEADLINE_AUTOMATIC = 'Se o pagamento não chegar até lá, a reserva é cancelada e as peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';
/** After an automatic request: what the customer does not need to do, and what still works if it fails. */
const NO_PROOF = 'Não precisas de enviar comprovativo: assim que o pagamento chegar, confirmamos sozinhos e enviamos-te um e-mail.';
const MBWAY_FALLBACK = 'Se o pedido MB WAY falhar ou expirar, podes pagar por outro método na página da tua encomenda até ao fim do prazo.';

export const orderReserved: MailTemplateFile<'order-reserved'> = {
  id: 'order-reserved',
  source: {
    subject: 'Reserva nº {{texto.numero}}: paga {{texto.total}} até {{texto.prazo}}',
    preview:
      '{{#if multibanco}}Referência Multibanco para pagares {{total}} até {{prazo}}.{{else}}{{#if mbwayAutomatico}}Aprova o pagamento de {{total}} na app MB WAY até {{prazo}}.{{else}}Referência do pagamento: {{numero}}. Paga {{total}} até {{prazo}} e envia o comprovativo.{{/if}}{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if multibanco}}<p>Reservámos para ti as peças da encomenda nº <strong>{{numero}}</strong> até <strong>{{prazo}}</strong>. Paga com esta referência Multibanco numa caixa Multibanco ou no homebanking (Pagamentos de serviços) até lá.</p>{{else}}{{#if mbwayAutomatico}}<p>Reservámos para ti as peças da encomenda nº <strong>{{numero}}</strong> até <strong>{{prazo}}</strong>. Enviámos um pedido de pagamento MB WAY para o telemóvel que indicaste: abre a app MB WAY e aprova-o até lá.</p>{{else}}<p>Reservámos para ti as peças da encomenda nº <strong>{{numero}}</strong> até <strong>{{prazo}}</strong>. Paga e envia o comprovativo até lá.</p>{{/if}}{{/if}}</mj-text>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px">{{#if multibanco}}<p style="margin:0 0 4px">Entidade: <strong>{{multibanco.entidade}}</strong></p><p style="margin:0 0 4px">Referência: <strong>{{multibanco.referencia}}</strong></p><p style="margin:0 0 4px">Montante: <strong>{{multibanco.montante}}</strong></p>{{#if codigo}}<p style="margin:0 0 4px">Com o código {{codigo.nome}}: −{{codigo.valor}}</p>{{/if}}<p style="margin:0">Válida até: <strong>{{multibanco.validade}}</strong></p>{{else}}<p style="margin:0 0 4px">Valor a pagar: <strong>{{total}}</strong> · até <strong>{{prazo}}</strong></p>{{#if codigo}}<p style="margin:0 0 4px">Com o código {{codigo.nome}}: −{{codigo.valor}}</p>{{/if}}{{#if mbwayAutomatico}}{{else}}<p style="margin:0 0 4px">Referência do pagamento: <strong>{{numero}}</strong></p>{{/if}}<p style="margin:0 0 4px"><strong>Pagamento: {{metodo}}</strong></p><p style="margin:0">{{instrucoes}}</p>{{/if}}</mj-text>
        <mj-text>{{#if multibanco}}<p>${NO_PROOF}</p><p>${AFTER_DEADLINE_AUTOMATIC}</p>{{else}}{{#if mbwayAutomatico}}<p>${NO_PROOF}</p><p>${MBWAY_FALLBACK}</p><p>${AFTER_DEADLINE_AUTOMATIC}</p>{{else}}<p>Depois de pagares, abre a tua encomenda (neste ou noutro dispositivo) e envia o comprovativo: uma captura de ecrã ou o PDF.</p><p>${AFTER_DEADLINE}</p>{{/if}}{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.multibanco}}
Reservámos para ti as peças da encomenda nº {{texto.numero}} até {{texto.prazo}}. Paga com esta referência Multibanco numa caixa Multibanco ou no homebanking (Pagamentos de serviços) até lá.

Entidade: {{texto.multibanco.entidade}}
Referência: {{texto.multibanco.referencia}}
Montante: {{texto.multibanco.montante}}
{{#if texto.codigo}}Com o código {{texto.codigo.nome}}: −{{texto.codigo.valor}}\n{{/if}}Válida até: {{texto.multibanco.validade}}

${NO_PROOF}

${AFTER_DEADLINE_AUTOMATIC}

Acompanha a tua encomenda em: {{texto.link}}
{{else}}
{{#if texto.mbwayAutomatico}}
Reservámos para ti as peças da encomenda nº {{texto.numero}} até {{texto.prazo}}. Enviámos um pedido de pagamento MB WAY para o telemóvel que indicaste: abre a app MB WAY e aprova-o até lá.

Valor a pagar: {{texto.total}} (até {{texto.prazo}})
{{#if texto.codigo}}Com o código {{texto.codigo.nome}}: −{{texto.codigo.valor}}\n{{/if}}Pagamento: {{texto.metodo}}. {{texto.instrucoes}}

${NO_PROOF}

${MBWAY_FALLBACK}

${AFTER_DEADLINE_AUTOMATIC}

Acompanha a tua encomenda em: {{texto.link}}
{{else}}
Reservámos para ti as peças da encomenda nº {{texto.numero}} até {{texto.prazo}}. Paga e envia o comprovativo até lá.

Valor a pagar: {{texto.total}} (até {{texto.prazo}})
{{#if texto.codigo}}Com o código {{texto.codigo.nome}}: −{{texto.codigo.valor}}\n{{/if}}Referência do pagamento: {{texto.numero}}
Pagamento: {{texto.metodo}}. {{texto.instrucoes}}

Depois de pagares, abre a tua encomenda (neste ou noutro dispositivo) e envia o comprovativo: uma captura de ecrã ou o PDF.

${AFTER_DEADLINE}

Envia o comprovativo em: {{texto.link}}
{{/if}}
{{/if}}`,
  },
};
