/**
 * Data: see `MailData['order-received']`.
 */
import { COLOR, SERIF, greeting, orderButton, orderLinkText, type MailTemplateFile } from '../parts.ts';

/** After a proof every mail speaks in the past tense and never asks for the payment again. */
const RECEIVED_PROOF = 'Recebemos o teu comprovativo; vamos confirmar o pagamento.';

export const orderReceived: MailTemplateFile<'order-received'> = {
  id: 'order-received',
  source: {
    subject: 'Recebemos a tua encomenda nº {{texto.numero}}',
    preview: 'Encomenda nº {{numero}}: total {{total}}. Vamos confirmar o pagamento.',
    body: `        ${greeting}
        <mj-text><p>Recebemos a tua encomenda nº <strong>{{numero}}</strong> e o teu comprovativo de pagamento. Vamos confirmar o pagamento e enviamos logo a seguir.</p></mj-text>
        <mj-text font-family="${SERIF}" font-size="18px" padding="12px 28px 4px">Resumo da encomenda</mj-text>
        <mj-table css-class="linhas" role="presentation">
          <tr><th style="text-align:left">Peça</th><th class="qtd">Qtd.</th><th class="valor">Preço</th><th class="valor">Total</th></tr>
          {{#each linhas}}<tr><td>{{nome}}</td><td class="qtd">{{quantidade}}</td><td class="valor">{{#if precoOriginal}}<s class="antes">{{precoOriginal}}</s><br />{{/if}}{{preco}}</td><td class="valor">{{#if totalOriginal}}<s class="antes">{{totalOriginal}}</s><br />{{/if}}{{total}}</td></tr>{{/each}}
        </mj-table>
        <mj-table css-class="totais" role="presentation">
          <tr><td>Subtotal{{#if semDesconto}}{{else}} antes do desconto{{/if}}</td><td class="valor">{{subtotal}}</td></tr>
          {{#if semDesconto}}{{else}}<tr><td>Desconto</td><td class="valor">−{{desconto}}</td></tr>{{/if}}{{#if codigo}}<tr><td>Código {{codigo.nome}}</td><td class="valor">−{{codigo.valor}}</td></tr>{{/if}}
          <tr><td>Portes{{#if envio}} ({{envio}}){{/if}}</td><td class="valor">{{portes}}</td></tr>{{#if embrulho}}<tr><td>Embrulho de oferta</td><td class="valor">{{embrulho}}</td></tr>{{/if}}
          <tr class="total"><td>Total</td><td class="valor">{{total}}</td></tr>
        </mj-table>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0 0 4px"><strong>Pagamento: {{metodo}}</strong></p><p style="margin:0">${RECEIVED_PROOF}</p></mj-text>
        <mj-text padding="16px 28px 0">{{#if oferta}}<p><strong>Encomenda para oferta</strong><br />{{oferta.embrulho}}<br />Mensagem do cartão: {{oferta.mensagem}}</p>{{/if}}{{#if morada}}<p><strong>Morada de envio</strong><br />{{morada.nome}}<br />{{morada.rua}}<br />{{morada.codigoPostal}} {{morada.localidade}}<br />{{morada.pais}}</p>{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

Recebemos a tua encomenda nº {{texto.numero}} e o teu comprovativo de pagamento. Vamos confirmar o pagamento e enviamos logo a seguir.

Resumo da encomenda
{{#each texto.linhas}}
- {{nome}} × {{quantidade}}: {{total}} ({{preco}} cada{{#if precoOriginal}}; sem desconto {{precoOriginal}} cada, {{totalOriginal}}{{/if}})
{{/each}}

Subtotal{{#if texto.semDesconto}}{{else}} antes do desconto{{/if}}: {{texto.subtotal}}
{{#if texto.semDesconto}}
{{else}}
Desconto: −{{texto.desconto}}
{{/if}}
{{#if texto.codigo}}Código {{texto.codigo.nome}}: −{{texto.codigo.valor}}\n{{/if}}Portes{{#if texto.envio}} ({{texto.envio}}){{/if}}: {{texto.portes}}{{#if texto.embrulho}}\nEmbrulho de oferta: {{texto.embrulho}}{{/if}}
Total: {{texto.total}}

Pagamento: {{texto.metodo}}. ${RECEIVED_PROOF}{{#if texto.oferta}}\n\nEncomenda para oferta: {{texto.oferta.embrulho}}. Mensagem do cartão: {{texto.oferta.mensagem}}{{/if}}
{{#if texto.morada}}

Morada de envio:
{{texto.morada.nome}}
{{texto.morada.rua}}
{{texto.morada.codigoPostal}} {{texto.morada.localidade}}
{{texto.morada.pais}}
{{/if}}${orderLinkText}`,
  },
};
