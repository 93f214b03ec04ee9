/**
 * Mail test helpers: benign and hostile data for every template, and a renderer that does what SES
 * does with a stored template (Handlebars without HTML escaping; aws-ses-v2-local does the same).
 */
import Handlebars from 'handlebars';
import { templateData } from '#lambdas/contracts/mail-data.ts';
import type { MailData, MailShopData, MailTemplateId } from '#lambdas/contracts/mail-templates.ts';

/** A link to another site: the attack the escaping exists for. */
export const EVIL_LINK = '<a href="https://evil.example">PAGAR AQUI</a>';
export const EVIL_IMG = '<img src=x onerror=alert(1)>';
export const RLO = '\u202E';
export const ZWSP = '\u200B';

/** Hostile text of at most `max` characters: markup, template syntax, line breaks, bidi and zero-width characters. */
export function hostile(max = 200): string {
  return `${EVIL_LINK}\r\n{{numero}}${RLO}${ZWSP}${EVIL_IMG}'"&{{{texto}}}`.slice(0, max);
}

/** The shop's values of every mail (the footer's seller identification), as the outbox consumer adds them. */
export const BENIGN_SHOP: MailShopData = { legal: 'Joias Inox, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto', email: 'ola@joiasinox.pt' };
const loja = BENIGN_SHOP;

/** Ordinary data for each template. */
export const benignMailData: { readonly [Id in MailTemplateId]: MailData[Id] } = {
  'order-received': {
    nome: 'Ana',
    numero: 123456,
    linhas: [
      { nome: 'Anel Lua', quantidade: 2, preco: '16,99 €', total: '33,98 €', precoOriginal: '18,86 €', totalOriginal: '37,72 €' },
      { nome: 'Colar Sol', quantidade: 1, preco: '12,50 €', total: '12,50 €' },
    ],
    subtotal: '50,22 €',
    desconto: '3,74 €',
    portes: 'Grátis',
    total: '46,48 €',
    metodo: 'Transferência bancária',
    envio: 'CTT Expresso',
    morada: { nome: 'Ana Costa', rua: 'Rua das Flores, 12', codigoPostal: '4050-262', localidade: 'Porto', pais: 'Portugal' },
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    loja,
  },
  'payment-confirmed': { nome: 'Ana', numero: 123456, metodo: 'Transferência Bancária', link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
  shipped: { nome: 'Ana', numero: 123456, rastreio: 'RR123456789PT', rastreioLink: 'https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=RR123456789PT&SearchInput=RR123456789PT&IsFromPublicArea=true', link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
  'review-request': { nome: 'Ana', loja },
  'back-in-stock': { produto: 'Brincos Estrela', link: 'https://loja.example/product/brincos-estrela?a=1&b=2', loja },
  'order-cancelled': { nome: 'Ana', numero: 123456, expirada: false, link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
  'owner-new-order': { numero: 123456, cliente: 'Ana Costa', email: 'ana@example.com', total: '46,48 €', metodo: 'MB WAY', codigo: { nome: 'MARIA10', valor: '5,16 €' }, loja },
  'owner-contact-message': { nome: 'Ana Costa', email: 'ana@example.com', telefone: '912345678', assunto: 'Anel por medida', mensagem: 'Olá! Fazem anéis por medida?', loja },
  'order-link': { nome: 'Ana', numero: 123456, link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
  'order-reserved': {
    nome: 'Ana',
    numero: 123456,
    total: '31,80 €',
    metodo: 'Transferência bancária',
    instrucoes: 'Faz uma transferência bancária de 31,80 € para o IBAN PT50 0000 0000 0000 0000 0000 0.',
    prazo: '26/11/2026 às 14:48',
    codigo: { nome: 'MARIA10', valor: '3,53 €' },
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    loja,
  },
  'owner-digest': { dia: '26/11/2026', inicio: '14:00', fim: '15:00', total: 14, mensagens: 12, comprovativos: 2, outras: 0, loja },
  'owner-held-stock': { reservadas: 80, total: 136, percentagem: 58, reservas: 4, link: 'https://loja.example/bastidores-7b99/orders?estado=Aguarda+Pagamento', loja },
  'stock-alert-confirm': { produto: 'Brincos Estrela', link: 'https://loja.example/aviso/confirmar#id=abc&t=abc_DEF-123', loja },
  'order-refunded': { nome: 'Ana', numero: 123456, valor: '31,80 €', metodo: 'MB WAY', link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
  'owner-order-paid': { numero: 123456, cliente: 'Ana Costa', email: 'ana@example.com', total: '46,48 €', metodo: 'MB WAY', codigo: { nome: 'MARIA10', valor: '5,16 €' }, loja },
  'invoice-document': { nome: 'Ana', numero: 123456, documento: 'FR A/12', valor: '46,48 €', notaCredito: false, documentoLink: 'https://conta.app.invoicexpress.com/documents/abc?x=1&y=2', link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', loja },
};

/** The shop's values as hostile as a customer's (a stored setting is escaped like any value). */
const hostileShop: MailShopData = { legal: hostile(), email: hostile() };

/** The same data with every text value hostile (URLs stay URLs, but with markup-like query text). */
export const hostileMailData: { readonly [Id in MailTemplateId]: MailData[Id] } = {
  'order-received': {
    ...benignMailData['order-received'],
    nome: hostile(),
    linhas: [{ nome: hostile(), quantidade: 1, preco: hostile(), total: hostile(), precoOriginal: hostile(), totalOriginal: hostile() }],
    subtotal: hostile(),
    desconto: hostile(),
    portes: hostile(),
    total: hostile(),
    metodo: hostile(),
    envio: hostile(),
    morada: { nome: hostile(), rua: hostile(), codigoPostal: hostile(), localidade: hostile(), pais: hostile() },
    loja: hostileShop,
  },
  'payment-confirmed': { nome: hostile(), numero: 123456, metodo: hostile(), link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  shipped: { nome: hostile(), numero: 123456, rastreio: hostile(), rastreioLink: 'https://appserver.ctt.pt/x?c="><b>x</b>', link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'review-request': { nome: hostile(), loja: hostileShop },
  'back-in-stock': { produto: hostile(), link: 'https://loja.example/product/x?q="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'order-cancelled': { nome: hostile(), numero: 123456, expirada: true, link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'owner-new-order': { numero: 123456, cliente: hostile(), email: hostile(), total: hostile(), metodo: hostile(), codigo: { nome: hostile(30), valor: hostile(20) }, loja: hostileShop },
  'owner-contact-message': { nome: hostile(), email: hostile(), telefone: hostile(), assunto: hostile(), mensagem: hostile(5000), loja: hostileShop },
  'order-link': { nome: hostile(), numero: 123456, link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'order-reserved': {
    nome: hostile(),
    numero: 123456,
    total: hostile(20),
    metodo: hostile(40),
    instrucoes: hostile(),
    prazo: hostile(40),
    codigo: { nome: hostile(30), valor: hostile(20) },
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}',
    loja: hostileShop,
  },
  'owner-digest': { dia: hostile(), inicio: hostile(), fim: hostile(), total: 3, mensagens: 1, comprovativos: 1, outras: 1, loja: hostileShop },
  'owner-held-stock': { reservadas: 80, total: 136, percentagem: 58, reservas: 4, link: 'https://loja.example/b/orders?estado="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'stock-alert-confirm': { produto: hostile(), link: 'https://loja.example/aviso/confirmar#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'order-refunded': { nome: hostile(), numero: 123456, valor: hostile(20), metodo: hostile(40), link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
  'owner-order-paid': { numero: 123456, cliente: hostile(), email: hostile(), total: hostile(), metodo: hostile(), codigo: { nome: hostile(30), valor: hostile(20) }, loja: hostileShop },
  'invoice-document': { nome: hostile(), numero: 123456, documento: hostile(40), valor: hostile(20), notaCredito: true, fatura: hostile(40), documentoLink: 'https://conta.app.invoicexpress.com/d/1?q="><script>alert(1)</script>{{numero}}', link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{numero}}', loja: hostileShop },
};

export interface MailParts {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

const ses = Handlebars.create();

/** Renders a template's parts as SES does: Handlebars, no HTML escaping, with the data as `sendTemplatedMail` sends it. */
export function renderAsSes<Id extends MailTemplateId>(parts: MailParts, template: Id, data: MailData[Id]): MailParts {
  const wire = templateData(template, data);
  const render = (source: string) => ses.compile(source, { noEscape: true })(wire);
  return { subject: render(parts.subject), html: render(parts.html), text: render(parts.text) };
}
