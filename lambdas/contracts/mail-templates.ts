/**
 * The shop's e-mails, declared once: the CDK stack creates them as SES templates (`infra/mail.ts`) and
 * the local twin creates the same templates in the local SES server at every start. Handlebars syntax,
 * as SES uses. Order e-mails say plainly that they are not invoices (the shop invoices separately).
 */
export interface MailTemplate {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

const SIGNATURE_TEXT = '\n\nObrigado,\nA equipa Joias Inox\n\nEste e-mail não é uma fatura.';
const SIGNATURE_HTML = '<p>Obrigado,<br>A equipa Joias Inox</p><p style="color:#777;font-size:12px">Este e-mail não é uma fatura.</p>';

export const mailTemplates = {
  /**
   * Data: nome, numero, linhas [{ nome, quantidade, preco, total }], subtotal, desconto, portes, total
   * (formatted), metodo (label), instrucoes (how to pay, one sentence).
   */
  'order-received': {
    subject: 'Recebemos a tua encomenda nº {{numero}}',
    html:
      '<p>Olá {{nome}},</p><p>Recebemos a tua encomenda nº <strong>{{numero}}</strong> e o teu comprovativo de pagamento. Vamos confirmar o pagamento e enviamos logo a seguir.</p>' +
      '<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th align="left">Peça</th><th>Qtd.</th><th align="right">Preço</th><th align="right">Total</th></tr></thead><tbody>' +
      '{{#each linhas}}<tr><td>{{nome}}</td><td align="center">{{quantidade}}</td><td align="right">{{preco}}</td><td align="right">{{total}}</td></tr>{{/each}}</tbody></table>' +
      '<p>Subtotal: {{subtotal}}<br>Desconto: {{desconto}}<br>Portes: {{portes}}<br><strong>Total: {{total}}</strong></p>' +
      '<p>Pagamento: {{metodo}}. {{instrucoes}}</p>' +
      SIGNATURE_HTML,
    text:
      'Olá {{nome}},\n\nRecebemos a tua encomenda nº {{numero}} e o teu comprovativo de pagamento. Vamos confirmar o pagamento e enviamos logo a seguir.\n\n' +
      '{{#each linhas}}- {{nome}} × {{quantidade}}: {{total}}\n{{/each}}\nSubtotal: {{subtotal}}\nDesconto: {{desconto}}\nPortes: {{portes}}\nTotal: {{total}}\n\nPagamento: {{metodo}}. {{instrucoes}}' +
      SIGNATURE_TEXT,
  },
  /** Data: nome, numero. */
  'payment-confirmed': {
    subject: 'Pagamento confirmado: encomenda nº {{numero}}',
    html: '<p>Olá {{nome}},</p><p>Confirmámos o pagamento da tua encomenda nº <strong>{{numero}}</strong>. Vamos prepará-la com todo o cuidado.</p>' + SIGNATURE_HTML,
    text: 'Olá {{nome}},\n\nConfirmámos o pagamento da tua encomenda nº {{numero}}. Vamos prepará-la com todo o cuidado.' + SIGNATURE_TEXT,
  },
  /** Data: nome, numero, rastreio (tracking code). */
  shipped: {
    subject: 'A tua encomenda nº {{numero}} foi enviada',
    html: '<p>Olá {{nome}},</p><p>A tua encomenda nº <strong>{{numero}}</strong> foi enviada. Código de envio: <strong>{{rastreio}}</strong>.</p>' + SIGNATURE_HTML,
    text: 'Olá {{nome}},\n\nA tua encomenda nº {{numero}} foi enviada. Código de envio: {{rastreio}}.' + SIGNATURE_TEXT,
  },
  /** Data: nome. */
  'review-request': {
    subject: 'Gostaste das tuas joias?',
    html: '<p>Olá {{nome}},</p><p>Esperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo a este e-mail ou nas nossas redes sociais.</p>' + SIGNATURE_HTML,
    text: 'Olá {{nome}},\n\nEsperamos que estejas a gostar das tuas peças. A tua opinião ajuda-nos muito: conta-nos como correu, respondendo a este e-mail ou nas nossas redes sociais.' + SIGNATURE_TEXT,
  },
  /** Data: produto (name), link (absolute product URL). */
  'back-in-stock': {
    subject: '{{produto}} voltou a estar disponível',
    html: '<p>Olá,</p><p>A peça <strong>{{produto}}</strong> que pediste voltou a estar disponível. <a href="{{link}}">Ver a peça</a></p>' + SIGNATURE_HTML,
    text: 'Olá,\n\nA peça {{produto}} que pediste voltou a estar disponível: {{link}}' + SIGNATURE_TEXT,
  },
} as const satisfies Record<string, MailTemplate>;

export type MailTemplateId = keyof typeof mailTemplates;

/** Physical SES template name: the stage prefix keeps two stages in one account apart. */
export function templateName(prefix: string, id: MailTemplateId): string {
  return `${prefix}${id}`;
}
