/**
 * The shop's e-mails, written once in MJML (responsive e-mail markup) with Handlebars placeholders,
 * and rendered into SES templates at build time by `infra/common/mail-render.ts`: when the CDK stack is
 * synthesized (`infra/cloud/mail.ts`) and when the local twin creates its templates
 * (`infra/twin/bootstrap.ts`). The Lambda functions never see any of this; they send by template name
 * with data typed in `lambdas/contracts/mail-templates.ts`.
 *
 * Placeholders: the HTML (MJML) reads the escaped values at the top level (`{{nome}}`); the subject and
 * the plain-text part read the unescaped one-line values under `texto` (`{{texto.nome}}`); see
 * `lambdas/contracts/mail-data.ts`. Only the `href` of a button takes a value in an attribute, and
 * only for the URLs of `MAIL_URL_FIELDS`. Helpers: `{{#if}}`, `{{else}}`, `{{#each}}`, as SES documents.
 * Order e-mails say plainly that they are not invoices (the shop invoices separately).
 *
 * The layout's brand (name, tagline) is fixed (`SHOP_BRAND`) and written in here; the seller's
 * identification and contact address in the footer are settings the owner changes on "Definições", so
 * they are placeholders of every template (`{{loja.legal}}`, `{{loja.email}}` and their `texto.`
 * twins: `MailShopData`), the address the same as the site's footer, filled when each mail
 * is sent: the next e-mail shows the new identification with no deploy.
 */
import { escapeHtml } from '#shared/html.ts';
import type { MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { SHOP_BRAND } from '#shared/shop-identity.ts';
import { COLOR, footerHtml, greeting, NOT_AN_INVOICE, orderButton, orderLinkText, SANS, SERIF, type MailTemplateSource } from './mail-parts.ts';
import { invoiceMailSources } from './mail-templates-invoices.ts';

export type { MailTemplateSource };

const SIGNATURE_TEXT = `Obrigado,\nA equipa ${SHOP_BRAND.name}`;
/** The seller's identification in force, one line (`MailShopData.legal`): escaped in the HTML, as typed in the text. */
const LEGAL_HTML = '{{loja.legal}}';
const LEGAL_TEXT = '{{texto.loja.legal}}';
/** The one contact address, Definições' (`MailShopData.email`), as the site's footer. */
const EMAIL_HTML = '{{loja.email}}';
const FOOTER_TEXT = `${LEGAL_TEXT} · {{texto.loja.email}}`;

/** The whole MJML document of one e-mail: head, brand header, the card with `body`, signature and footer. */
export function mailLayout(source: Pick<MailTemplateSource, 'preview' | 'body' | 'footer'>): string {
  const name = escapeHtml(SHOP_BRAND.name);
  return `<mjml lang="pt" dir="ltr">
  <mj-head>
    <mj-title>${name}</mj-title>
    <mj-preview>${source.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${SANS}" />
      <mj-text font-size="15px" line-height="1.6" color="${COLOR.ink}" padding="8px 28px" />
      <mj-table font-size="14px" line-height="1.5" color="${COLOR.ink}" padding="8px 28px" cellpadding="0" />
      <mj-section padding="0" />
    </mj-attributes>
    <mj-style>
      p { margin: 0 0 12px; }
      .linhas th { white-space: nowrap; font-size: 12px; font-weight: 600; color: ${COLOR.muted}; text-transform: uppercase; letter-spacing: 0.04em; padding: 0 0 8px; border-bottom: 1px solid ${COLOR.line}; }
      .linhas td { padding: 10px 0; border-bottom: 1px solid ${COLOR.sand}; vertical-align: top; }
      .linhas .valor, .totais .valor { text-align: right; white-space: nowrap; padding-left: 12px; }
      .linhas .antes { color: ${COLOR.muted}; font-size: 12px; }
      .linhas .qtd { text-align: center; padding-left: 8px; padding-right: 8px; }
      .totais td { padding: 4px 0; }
      .totais .total td { padding-top: 10px; border-top: 2px solid ${COLOR.ink}; font-size: 16px; font-weight: 700; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${COLOR.paper}" width="600px">
    <mj-section background-color="${COLOR.ink}" padding="28px 16px 24px">
      <mj-column>
        <mj-text align="center" color="${COLOR.onDark}" font-family="${SERIF}" font-size="26px" letter-spacing="4px" text-transform="uppercase" padding="0">${name}</mj-text>
        <mj-text align="center" color="${COLOR.gold}" font-size="12px" letter-spacing="1px" padding="6px 0 0">${escapeHtml(SHOP_BRAND.tagline)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 0 20px">
      <mj-column>
${source.body}
        <mj-text padding="16px 28px 0">Obrigado,<br />A equipa ${name}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="20px 16px 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="1.5" color="${COLOR.muted}" padding="0">${footerHtml(source)}<br />${LEGAL_HTML} · ${EMAIL_HTML}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The plain-text part: the template's text, the signature and the footer. */
export function textLayout(source: Pick<MailTemplateSource, 'text' | 'footer'>): string {
  return `${source.text.trimEnd()}\n\n${SIGNATURE_TEXT}\n\n--\n${source.footer ?? NOT_AN_INVOICE}\n${FOOTER_TEXT}\n`;
}

/** After a proof every mail speaks in the past tense and never asks for the payment again. */
const RECEIVED_PROOF = 'Recebemos o teu comprovativo; vamos confirmar o pagamento.';
/** What happens when a reservation's time runs out (the reservation mail; Termos §4 say the same). */
const AFTER_DEADLINE = 'Se não recebermos o comprovativo até lá, a reserva é cancelada e as peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';

/** The same for a payment the provider takes (docs/design.md §34): no proof, the payment itself is what must arrive. */
const AFTER_DEADLINE_AUTOMATIC = 'Se o pagamento não chegar até lá, a reserva é cancelada e as peças voltam à loja: não pagues depois dessa hora, faz uma nova encomenda.';
/** After an automatic request: what the customer does not need to do, and what still works if it fails. */
const NO_PROOF = 'Não precisas de enviar comprovativo: assim que o pagamento chegar, confirmamos sozinhos e enviamos-te um e-mail.';
const MBWAY_FALLBACK = 'Se o pedido MB WAY falhar ou expirar, podes pagar por outro método na página da tua encomenda até ao fim do prazo.';

export const mailTemplateSources: Readonly<Record<MailTemplateId, MailTemplateSource>> = {
  /** Data: see `MailData['order-received']`. */
  'order-received': {
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
  /** Data: nome, numero, link; `prestador` (the method) when the payment provider confirmed it, else `metodo` (the method the owner confirmed). */
  'payment-confirmed': {
    subject: 'Pagamento confirmado: encomenda nº {{texto.numero}}',
    preview: '{{#if prestador}}O pagamento por {{prestador}} da encomenda nº {{numero}} foi confirmado.{{else}}Confirmámos o pagamento{{#if metodo}} por {{metodo}}{{/if}} da encomenda nº {{numero}}.{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if prestador}}<p>O pagamento por {{prestador}} da tua encomenda nº <strong>{{numero}}</strong> foi confirmado pelo nosso prestador de pagamentos. Vamos prepará-la com todo o cuidado.</p>{{else}}<p>Confirmámos o pagamento{{#if metodo}} por {{metodo}}{{/if}} da tua encomenda nº <strong>{{numero}}</strong>. Vamos prepará-la com todo o cuidado.</p>{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.prestador}}
O pagamento por {{texto.prestador}} da tua encomenda nº {{texto.numero}} foi confirmado pelo nosso prestador de pagamentos. Vamos prepará-la com todo o cuidado.
{{else}}
Confirmámos o pagamento{{#if texto.metodo}} por {{texto.metodo}}{{/if}} da tua encomenda nº {{texto.numero}}. Vamos prepará-la com todo o cuidado.
{{/if}}${orderLinkText}`,
  },
  /** Data: nome, numero, rastreio (tracking code) and rastreioLink (its CTT page; absent for another carrier, and then the code is not called the CTT's), link. */
  shipped: {
    subject: 'A tua encomenda nº {{texto.numero}} foi enviada',
    preview: 'A encomenda nº {{numero}} vai a caminho.',
    body: `        ${greeting}
        <mj-text><p>A tua encomenda nº <strong>{{numero}}</strong> foi enviada.</p></mj-text>
        {{#if rastreio}}<mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">Código de envio{{#if rastreioLink}} CTT{{/if}}: <strong>{{rastreio}}</strong>{{#if rastreioLink}}<br /><a href="{{rastreioLink}}" style="color:${COLOR.accent}">Seguir o envio nos CTT</a>{{/if}}</p></mj-text>{{/if}}${orderButton}`,
    text: `Olá {{texto.nome}},

A tua encomenda nº {{texto.numero}} foi enviada.{{#if texto.rastreio}} Código de envio{{#if texto.rastreioLink}} CTT{{/if}}: {{texto.rastreio}}.{{#if texto.rastreioLink}} Segue o envio nos CTT: {{texto.rastreioLink}}{{/if}}{{/if}}${orderLinkText}`,
  },
  /** Data: nome. */
  'review-request': {
    subject: 'Gostaste das tuas joias?',
    preview: 'A tua opinião ajuda-nos muito.',
    body: `        ${greeting}
        <mj-text><p>Esperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo a este e-mail ou nas nossas redes sociais.</p></mj-text>`,
    text: `Olá {{texto.nome}},

Esperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo a este e-mail ou nas nossas redes sociais.`,
  },
  /** Data: produto (name), link (absolute product URL). */
  'back-in-stock': {
    subject: '{{texto.produto}} voltou a estar disponível',
    preview: '{{produto}} voltou a estar disponível.',
    body: `        <mj-text><p>Olá,</p><p>A peça <strong>{{produto}}</strong> que pediste voltou a estar disponível.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Ver a peça</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: {{link}}</p></mj-text>`,
    text: `Olá,

A peça {{texto.produto}} que pediste voltou a estar disponível: {{texto.link}}`,
  },
  /** Data: produto (name), link (the confirmation page, token in its fragment). */
  'stock-alert-confirm': {
    subject: 'Confirma o aviso de {{texto.produto}}',
    preview: 'Confirma o pedido para te avisarmos quando {{produto}} voltar.',
    body: `        <mj-text><p>Olá,</p><p>Pediram-nos um aviso para este e-mail quando a peça <strong>{{produto}}</strong> voltar a estar disponível. Confirma o pedido para o receberes.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Confirmar o aviso</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: {{link}}</p><p>Se não foste tu, ignora este e-mail: sem confirmação, o pedido é apagado em 7 dias e não te enviamos mais nada.</p></mj-text>`,
    text: `Olá,

Pediram-nos um aviso para este e-mail quando a peça {{texto.produto}} voltar a estar disponível. Confirma o pedido para o receberes: {{texto.link}}

Se não foste tu, ignora este e-mail: sem confirmação, o pedido é apagado em 7 dias e não te enviamos mais nada.`,
  },
  /** Data: nome, numero, expirada, link. */
  'order-cancelled': {
    subject: 'A tua encomenda nº {{texto.numero}} foi cancelada',
    preview: 'Encomenda nº {{numero}} cancelada; as peças voltaram à loja.',
    body: `        ${greeting}
        <mj-text>{{#if expirada}}<p>A reserva da tua encomenda nº <strong>{{numero}}</strong> expirou sem recebermos o comprovativo de pagamento, por isso as peças voltaram à loja.</p><p>Se ainda as quiseres, podes fazer uma nova encomenda na loja. Se já pagaste, responde a este e-mail com o comprovativo e tratamos de tudo.</p>{{else}}<p>A tua encomenda nº <strong>{{numero}}</strong> foi cancelada e as peças voltaram à loja.</p>{{#if devolucao}}<p>{{devolucao}} Qualquer dúvida, responde a este e-mail.</p>{{else}}<p>Se já pagaste, devolvemos o valor pelo mesmo meio. Qualquer dúvida, responde a este e-mail.</p>{{/if}}{{/if}}</mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.expirada}}
A reserva da tua encomenda nº {{texto.numero}} expirou sem recebermos o comprovativo de pagamento, por isso as peças voltaram à loja. Se ainda as quiseres, podes fazer uma nova encomenda na loja. Se já pagaste, responde a este e-mail com o comprovativo e tratamos de tudo.
{{else}}
A tua encomenda nº {{texto.numero}} foi cancelada e as peças voltaram à loja. {{#if texto.devolucao}}{{texto.devolucao}}{{else}}Se já pagaste, devolvemos o valor pelo mesmo meio.{{/if}} Qualquer dúvida, responde a este e-mail.
{{/if}}${orderLinkText}`,
  },
  /** Data: numero, cliente, email, total, metodo, codigo (optional: the discount code). To the owner. */
  'owner-new-order': {
    subject: 'Novo comprovativo para confirmar: nº {{texto.numero}} ({{texto.total}})',
    preview: '{{cliente}} enviou o comprovativo da encomenda nº {{numero}}.',
    body: `        <mj-text><p>Chegou o comprovativo de pagamento da encomenda nº <strong>{{numero}}</strong>.</p><p>Cliente: {{cliente}} ({{email}})<br />Total: <strong>{{total}}</strong>{{#if codigo}}<br />Código de desconto: {{codigo.nome}} (−{{codigo.valor}}){{/if}}<br />Pagamento: {{metodo}}</p><p>Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.</p></mj-text>`,
    text: `Chegou o comprovativo de pagamento da encomenda nº {{texto.numero}}.

Cliente: {{texto.cliente}} ({{texto.email}})
Total: {{texto.total}}
{{#if texto.codigo}}Código de desconto: {{texto.codigo.nome}} (−{{texto.codigo.valor}})\n{{/if}}Pagamento: {{texto.metodo}}

Confirma o pagamento no back-office: Encomendas → a encomenda → Marcar como paga.`,
  },
  /** Data: numero, cliente, email, total, metodo, codigo (optional). To the owner: the payment provider confirmed the payment. */
  'owner-order-paid': {
    subject: 'Encomenda paga: nº {{texto.numero}} ({{texto.total}})',
    preview: 'O pagamento da encomenda nº {{numero}} foi confirmado automaticamente.',
    body: `        <mj-text><p>O pagamento da encomenda nº <strong>{{numero}}</strong> foi confirmado pelo prestador de pagamentos: não há comprovativo a verificar.</p><p>Cliente: {{cliente}} ({{email}})<br />Total: <strong>{{total}}</strong>{{#if codigo}}<br />Código de desconto: {{codigo.nome}} (−{{codigo.valor}}){{/if}}<br />Pagamento: {{metodo}}</p><p>A encomenda está em «Enviar»: falta prepará-la e enviá-la.</p></mj-text>`,
    text: `O pagamento da encomenda nº {{texto.numero}} foi confirmado pelo prestador de pagamentos: não há comprovativo a verificar.

Cliente: {{texto.cliente}} ({{texto.email}})
Total: {{texto.total}}, pago por {{texto.metodo}}{{#if texto.codigo}}\nCódigo de desconto: {{texto.codigo.nome}} (−{{texto.codigo.valor}}){{/if}}

A encomenda está em «Enviar»: falta prepará-la e enviá-la.`,
  },
  /** Data: nome, email, telefone, assunto, mensagem. To the owner. */
  'owner-contact-message': {
    subject: 'Nova mensagem de contacto: {{texto.assunto}}',
    preview: '{{nome}} escreveu pelo formulário de contacto.',
    body: `        <mj-text><p><strong>{{nome}}</strong> ({{email}}, {{telefone}}) escreveu pelo formulário de contacto:</p><p><strong>{{assunto}}</strong></p><p>{{mensagem}}</p><p>Responde a partir do teu e-mail; a mensagem fica também no back-office (Contactos).</p></mj-text>`,
    text: `{{texto.nome}} ({{texto.email}}, {{texto.telefone}}) escreveu pelo formulário de contacto:

{{texto.assunto}}

{{texto.mensagem}}

A mensagem fica também no back-office (Contactos).`,
  },
  /**
   * Data: nome, numero, total, metodo, instrucoes, prazo, link; paid through the provider, `multibanco`
   * (the reference) or `mbwayAutomatico` (the request sent to the phone), and then no proof is asked for.
   * When the reservation is made (before any payment); for the provider, once the request or reference exists.
   */
  'order-reserved': {
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
  /** Data: nome, numero, valor (what was given back), metodo, parcial, link. A provider payment that arrived after the reservation closed, or (parcial) part of a paid order given back. */
  'order-refunded': {
    subject: 'Devolvemos-te {{texto.valor}} da encomenda nº {{texto.numero}}',
    preview: '{{#if parcial}}Devolvemos-te {{valor}} por {{metodo}}.{{else}}O pagamento chegou depois de a reserva terminar: devolvemos-te {{valor}}.{{/if}}',
    body: `        ${greeting}
        <mj-text>{{#if parcial}}<p>Devolvemos-te parte do pagamento da tua encomenda nº <strong>{{numero}}</strong>.</p>{{else}}<p>O teu pagamento por {{metodo}} da encomenda nº <strong>{{numero}}</strong> chegou depois de a reserva terminar, quando as peças já tinham voltado à loja.</p>{{/if}}</mj-text>
        <mj-text container-background-color="${COLOR.accentSoft}" padding="16px 28px"><p style="margin:0">{{#if parcial}}Devolvemos-te <strong>{{valor}}</strong> por {{metodo}}.{{else}}Devolvemos-te <strong>{{valor}}</strong> pelo mesmo meio de pagamento.{{/if}} Pode levar alguns dias úteis a aparecer na tua conta.</p></mj-text>
        <mj-text><p>{{#if parcial}}Qualquer dúvida, responde a este e-mail.{{else}}Se ainda quiseres as peças, faz uma nova encomenda na loja. Qualquer dúvida, responde a este e-mail.{{/if}}</p></mj-text>${orderButton}`,
    text: `Olá {{texto.nome}},

{{#if texto.parcial}}Devolvemos-te parte do pagamento da tua encomenda nº {{texto.numero}}.

Devolvemos-te {{texto.valor}} por {{texto.metodo}}. Pode levar alguns dias úteis a aparecer na tua conta.

Qualquer dúvida, responde a este e-mail.{{else}}O teu pagamento por {{texto.metodo}} da encomenda nº {{texto.numero}} chegou depois de a reserva terminar, quando as peças já tinham voltado à loja.

Devolvemos-te {{texto.valor}} pelo mesmo meio de pagamento. Pode levar alguns dias úteis a aparecer na tua conta.

Se ainda quiseres as peças, faz uma nova encomenda na loja. Qualquer dúvida, responde a este e-mail.{{/if}}${orderLinkText}`,
  },
  /** Data: nome, numero, link. Asked for by number and e-mail on "A minha encomenda". */
  'order-link': {
    subject: 'A ligação para a tua encomenda nº {{texto.numero}}',
    preview: 'Acompanha a encomenda nº {{numero}}.',
    body: `        ${greeting}
        <mj-text><p>Pediste a ligação para acompanhar a tua encomenda nº <strong>{{numero}}</strong>. Aqui está:</p></mj-text>${orderButton}
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Não foste tu? Podes ignorar este e-mail: a ligação só chega a este endereço.</p></mj-text>`,
    text: `Olá {{texto.nome}},

Pediste a ligação para acompanhar a tua encomenda nº {{texto.numero}}.${orderLinkText}

Não foste tu? Podes ignorar este e-mail: a ligação só chega a este endereço.`,
  },
  /** Data: dia, inicio, fim, total, mensagens, comprovativos, outras. To the owner, once an hour at most. */
  'owner-digest': {
    subject: '{{texto.total}} notificações entre as {{texto.inicio}} e as {{texto.fim}} ({{texto.dia}})',
    preview: 'Juntámos as notificações desta hora num só e-mail.',
    body: `        <mj-text><p>Entre as {{inicio}} e as {{fim}} de {{dia}} chegaram mais <strong>{{total}}</strong> notificações do que as que enviamos por hora. Para a tua caixa de correio não encher, juntámo-las aqui:</p><ul>{{#if mensagens}}<li>{{mensagens}} novas mensagens de contacto</li>{{/if}}{{#if comprovativos}}<li>{{comprovativos}} novos comprovativos para confirmar</li>{{/if}}{{#if outras}}<li>{{outras}} outras notificações</li>{{/if}}</ul><p>Estão todas guardadas no back-office (Contactos e Encomendas). Se não esperavas tantas, pode ser um abuso: vê-as no back-office.</p></mj-text>`,
    text: `Entre as {{texto.inicio}} e as {{texto.fim}} de {{texto.dia}} chegaram mais {{texto.total}} notificações do que as que enviamos por hora. Para a tua caixa de correio não encher, juntámo-las aqui:
{{#if texto.mensagens}}
- {{texto.mensagens}} novas mensagens de contacto{{/if}}{{#if texto.comprovativos}}
- {{texto.comprovativos}} novos comprovativos para confirmar{{/if}}{{#if texto.outras}}
- {{texto.outras}} outras notificações{{/if}}

Estão todas guardadas no back-office (Contactos e Encomendas).`,
  },
  /** Data: reservadas, total, percentagem, reservas, link (the orders list filtered to open reservations). To the owner, once per rise. */
  'owner-held-stock': {
    subject: 'Mais de metade do stock está reservado sem pagamento ({{texto.percentagem}} %)',
    preview: '{{reservadas}} de {{total}} peças estão presas em reservas por pagar.',
    body: `        <mj-text><p><strong>{{reservadas}} de {{total}} peças</strong> da loja ({{percentagem}} %) estão reservadas em {{reservas}} encomendas que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como esgotadas.</p><p>Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: se alguma for suspeita, abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que escolheres); várias fecham-se de uma vez na lista.</p></mj-text>
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" border-radius="4px" inner-padding="12px 28px" padding="8px 28px 16px">Ver as reservas abertas</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Só recebes este aviso outra vez depois de as reservas descerem abaixo de metade e voltarem a subir.</p></mj-text>`,
    text: `{{texto.reservadas}} de {{texto.total}} peças da loja ({{texto.percentagem}} %) estão reservadas em {{texto.reservas}} encomendas que ainda não foram pagas. Enquanto estiverem reservadas, os outros clientes veem-nas como esgotadas.

Pode ser movimento normal, ou alguém a prender o stock. Vê as reservas abertas: {{texto.link}}
Se alguma for suspeita, abre-a e usa «Fechar como suspeita» (as peças voltam ao stock e o cliente fica bloqueado durante o tempo que escolheres); várias fecham-se de uma vez na lista.

Só recebes este aviso outra vez depois de as reservas descerem abaixo de metade e voltarem a subir.`,
  },
  ...invoiceMailSources,
};
