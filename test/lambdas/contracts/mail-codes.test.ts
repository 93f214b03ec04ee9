/**
 * The discount code in the e-mails (docs/discount-codes.md): the customer's reservation and
 * order-received mails and the owner's two notes about an order say the code and what it took off,
 * in the HTML and the text part, with the same cents as the order; an order without a code has no
 * code line; and whatever reaches a mail as a code (codes are [A-Z0-9-], but an old or tampered
 * record is not trusted) arrives as text: escaped in the HTML, one plain line in the text. Rendered
 * as SES renders the stored templates. Unit tests: no twin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/api.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import type { MailData, MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { customerMail, ownerOrderData } from '#lambdas/services/order-mail.ts';
import { renderMailTemplate, type SesTemplateParts } from '#infra/common/mail/render.ts';
import { BENIGN_SHOP, EVIL_IMG, EVIL_LINK, hostile, renderAsSes, type MailParts } from '../../support/mail.ts';
import { CODED_CART, sampleOrder } from '../../support/sample-order.ts';

const LINK = 'https://loja.example/encomenda/100300#t=abc_DEF-123';
const payments = {
  ...DEFAULT_SETTINGS.payments,
  iban: 'PT50 0002 0123 1234 5678 9015 4',
  ibanHolder: 'Joias Inox',
  mbwayPhone1: '912 345 678',
};
const TEMPLATES = ['order-reserved', 'order-received', 'owner-new-order', 'owner-order-paid'] as const;
type Template = (typeof TEMPLATES)[number];

/** A 34,80 € cart with a 10 % code: −3,48 €, free shipping (31,32 € after the code), 31,32 € to pay. */
function order(more: Partial<Order> = {}): Order {
  return sampleOrder({
    address: 'Rua das Flores, 12',
    city: 'Porto',
    postalCode: '4050-262',
    ...CODED_CART,
    expiresAt: '2026-12-09T10:00:00.000Z',
    ...more,
  });
}

const rendered = new Map<MailTemplateId, SesTemplateParts>();
beforeAll(async () => {
  for (const id of TEMPLATES) rendered.set(id, await renderMailTemplate(id));
}, 60_000);

/** The mail of `template` for `o` as its reader gets it: the data the shop queues, rendered as SES does. */
function mailOf(o: Order, template: Template): MailParts {
  const data =
    template === 'owner-new-order' || template === 'owner-order-paid' ? ownerOrderData(o) : customerMail(o, template, { payments }).data;
  return renderAsSes(rendered.get(template)!, template, { ...data, link: LINK, shop: BENIGN_SHOP } as MailData[Template]);
}
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');

/** How each mail says the code (the customer's, as the order page; the owner's, in a sentence). */
const SAYS: Record<Template, RegExp> = {
  'order-reserved': /Com o código MARIA10: −3,48 €/,
  'order-received': /Código MARIA10:? −3,48 €/,
  'owner-new-order': /Código de desconto: MARIA10 \(−3,48 €\)/,
  'owner-order-paid': /Código de desconto: MARIA10 \(−3,48 €\)/,
};

describe('the discount code in the mails', () => {
  it.each(TEMPLATES)('%s: the code and the cents it took off, in the HTML and the text, beside the total of the order', (template) => {
    const sent = mailOf(order(), template);
    for (const part of [visible(sent.html), sent.text]) {
      expect(part).toMatch(SAYS[template]);
      expect(part).toContain('31,32 €');
    }
  });

  it('order-reserved with a Multibanco reference: the code beside the amount too', () => {
    const multibanco = { entity: '12345', reference: '123456789', amountCents: 3132, expiresAt: '2026-12-09T10:00:00.000Z' };
    const sent = mailOf(
      order({
        paymentMethod: 'multibanco',
        providerPayment: { provider: 'stripe', method: 'multibanco', status: 'pending', paymentId: 'pi_1', multibanco },
      }),
      'order-reserved',
    );
    for (const part of [visible(sent.html), sent.text]) {
      expect(part).toContain('Montante: 31,32 €');
      expect(part).toMatch(SAYS['order-reserved']);
    }
  });

  it.each(TEMPLATES)('%s: no code line for an order without a code', (template) => {
    const sent = mailOf(order({ discount: undefined, totalCents: 3480 }), template);
    for (const part of [visible(sent.html), sent.text]) {
      expect(part).not.toMatch(/Código (de desconto)?|código/);
      expect(part).toContain('34,80 €');
    }
  });

  it.each(TEMPLATES)('%s: a hostile code reaches the HTML escaped and the text as one plain line', (template) => {
    const evil = order({ discount: { code: hostile(120), type: 'amount', amountCents: 348 } });
    const sent = mailOf(evil, template);
    expect(sent.html).not.toContain(EVIL_LINK);
    expect(sent.html).not.toContain(EVIL_IMG);
    expect(sent.html).not.toMatch(/<a href="https:\/\/evil|<img src=x|\{\{\{?text|\{\{number/);
    expect(sent.html).toContain('&lt;a href&#61;&quot;https://evil.example&quot;&gt;PAGAR AQUI&lt;/a&gt;');
    expect(sent.text).toContain('<a href="https://evil.example">PAGAR AQUI</a> {{number}}');
    expect(sent.text).not.toMatch(/[\u202E\u200B]/);
    expect(sent.subject).not.toMatch(/[\r\n]/);
  });
});
