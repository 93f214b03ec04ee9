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
  return `${EVIL_LINK}\r\n{{number}}${RLO}${ZWSP}${EVIL_IMG}'"&{{{text}}}`.slice(0, max);
}

/** The shop's values of every mail (the footer's seller identification), as the outbox consumer adds them. */
export const BENIGN_SHOP: MailShopData = {
  legal: 'Joias Inox, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto',
  email: 'ola@joiasinox.pt',
};
const shop = BENIGN_SHOP;

/** Ordinary data for each template. */
export const benignMailData: { readonly [Id in MailTemplateId]: MailData[Id] } = {
  'order-received': {
    name: 'Ana',
    number: 123456,
    lines: [
      { name: 'Anel Lua', quantity: 2, price: '16,99 €', total: '33,98 €', fullPrice: '18,86 €', fullTotal: '37,72 €' },
      { name: 'Colar Sol', quantity: 1, price: '12,50 €', total: '12,50 €' },
    ],
    subtotal: '50,22 €',
    discount: '3,74 €',
    shipping: 'Grátis',
    total: '46,48 €',
    method: 'Transferência bancária',
    shippingMethod: 'CTT Expresso',
    address: { name: 'Ana Costa', street: 'Rua das Flores, 12', postalCode: '4050-262', city: 'Porto', country: 'Portugal' },
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
  'payment-confirmed': {
    name: 'Ana',
    number: 123456,
    method: 'Transferência Bancária',
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
  shipped: {
    name: 'Ana',
    number: 123456,
    trackingCode: 'RR123456789PT',
    trackingLink:
      'https://appserver.ctt.pt/CustomerArea/PublicArea_Detail?ObjectCodeInput=RR123456789PT&SearchInput=RR123456789PT&IsFromPublicArea=true',
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
  'review-request': { name: 'Ana', shop },
  'back-in-stock': { product: 'Brincos Estrela', link: 'https://loja.example/product/brincos-estrela?a=1&b=2', shop },
  'order-cancelled': { name: 'Ana', number: 123456, expired: false, link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', shop },
  'owner-new-order': {
    number: 123456,
    customer: 'Ana Costa',
    email: 'ana@example.com',
    total: '46,48 €',
    method: 'MB WAY',
    code: { name: 'MARIA10', amount: '5,16 €' },
    shop,
  },
  'owner-contact-message': {
    name: 'Ana Costa',
    email: 'ana@example.com',
    phone: '912345678',
    subject: 'Anel por medida',
    message: 'Olá! Fazem anéis por medida?',
    shop,
  },
  'order-link': { name: 'Ana', number: 123456, link: 'https://loja.example/encomenda/123456#t=abc_DEF-123', shop },
  'order-reserved': {
    name: 'Ana',
    number: 123456,
    total: '31,80 €',
    method: 'Transferência bancária',
    instructions: 'Faz uma transferência bancária de 31,80 € para o IBAN PT50 0000 0000 0000 0000 0000 0.',
    deadline: '26/11/2026 às 14:48',
    code: { name: 'MARIA10', amount: '3,53 €' },
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
  'owner-digest': { day: '26/11/2026', start: '14:00', end: '15:00', total: 14, messages: 12, proofs: 2, others: 0, shop },
  'owner-held-stock': {
    held: 80,
    total: 136,
    percent: 58,
    reservations: 4,
    link: 'https://loja.example/bastidores-7b99/orders?estado=Aguarda+Pagamento',
    shop,
  },
  'stock-alert-confirm': { product: 'Brincos Estrela', link: 'https://loja.example/aviso/confirmar#id=abc&t=abc_DEF-123', shop },
  'order-refunded': {
    name: 'Ana',
    number: 123456,
    amount: '31,80 €',
    method: 'MB WAY',
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
  'owner-order-paid': {
    number: 123456,
    customer: 'Ana Costa',
    email: 'ana@example.com',
    total: '46,48 €',
    method: 'MB WAY',
    code: { name: 'MARIA10', amount: '5,16 €' },
    shop,
  },
  'invoice-document': {
    name: 'Ana',
    number: 123456,
    document: 'FR A/12',
    amount: '46,48 €',
    creditNote: false,
    documentLink: 'https://conta.app.invoicexpress.com/documents/abc?x=1&y=2',
    link: 'https://loja.example/encomenda/123456#t=abc_DEF-123',
    shop,
  },
};

/** The shop's values as hostile as a customer's (a stored setting is escaped like any value). */
const hostileShop: MailShopData = { legal: hostile(), email: hostile() };

/** The same data with every text value hostile (URLs stay URLs, but with markup-like query text). */
export const hostileMailData: { readonly [Id in MailTemplateId]: MailData[Id] } = {
  'order-received': {
    ...benignMailData['order-received'],
    name: hostile(),
    lines: [{ name: hostile(), quantity: 1, price: hostile(), total: hostile(), fullPrice: hostile(), fullTotal: hostile() }],
    subtotal: hostile(),
    discount: hostile(),
    shipping: hostile(),
    total: hostile(),
    method: hostile(),
    shippingMethod: hostile(),
    address: { name: hostile(), street: hostile(), postalCode: hostile(), city: hostile(), country: hostile() },
    shop: hostileShop,
  },
  'payment-confirmed': {
    name: hostile(),
    number: 123456,
    method: hostile(),
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  shipped: {
    name: hostile(),
    number: 123456,
    trackingCode: hostile(),
    trackingLink: 'https://appserver.ctt.pt/x?c="><b>x</b>',
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'review-request': { name: hostile(), shop: hostileShop },
  'back-in-stock': {
    product: hostile(),
    link: 'https://loja.example/product/x?q="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'order-cancelled': {
    name: hostile(),
    number: 123456,
    expired: true,
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'owner-new-order': {
    number: 123456,
    customer: hostile(),
    email: hostile(),
    total: hostile(),
    method: hostile(),
    code: { name: hostile(30), amount: hostile(20) },
    shop: hostileShop,
  },
  'owner-contact-message': {
    name: hostile(),
    email: hostile(),
    phone: hostile(),
    subject: hostile(),
    message: hostile(5000),
    shop: hostileShop,
  },
  'order-link': {
    name: hostile(),
    number: 123456,
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'order-reserved': {
    name: hostile(),
    number: 123456,
    total: hostile(20),
    method: hostile(40),
    instructions: hostile(),
    deadline: hostile(40),
    code: { name: hostile(30), amount: hostile(20) },
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'owner-digest': { day: hostile(), start: hostile(), end: hostile(), total: 3, messages: 1, proofs: 1, others: 1, shop: hostileShop },
  'owner-held-stock': {
    held: 80,
    total: 136,
    percent: 58,
    reservations: 4,
    link: 'https://loja.example/b/orders?estado="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'stock-alert-confirm': {
    product: hostile(),
    link: 'https://loja.example/aviso/confirmar#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'order-refunded': {
    name: hostile(),
    number: 123456,
    amount: hostile(20),
    method: hostile(40),
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
  'owner-order-paid': {
    number: 123456,
    customer: hostile(),
    email: hostile(),
    total: hostile(),
    method: hostile(),
    code: { name: hostile(30), amount: hostile(20) },
    shop: hostileShop,
  },
  'invoice-document': {
    name: hostile(),
    number: 123456,
    document: hostile(40),
    amount: hostile(20),
    creditNote: true,
    invoice: hostile(40),
    documentLink: 'https://conta.app.invoicexpress.com/d/1?q="><script>alert(1)</script>{{number}}',
    link: 'https://loja.example/encomenda/1#t="><script>alert(1)</script>{{number}}',
    shop: hostileShop,
  },
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
