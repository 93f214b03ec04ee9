/**
 * The e-mails of a payment the provider takes (docs/design.md §34): the reservation mail with the
 * Multibanco reference or the MB WAY request (and no proof asked for), the payment-confirmed mail saying
 * the provider confirmed it, the late payment's refund mail; amounts from cents as "12,50 €", every
 * value escaped as SES renders it. The manual methods' mails stay as they were. Unit tests: no twin.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/api.ts';
import type { ProviderPaymentRecord } from '#shared/automatic-payments.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import type { MailData, MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { customerMail, refundMailItem } from '#lambdas/services/order-mail.ts';
import { renderMailTemplate, type SesTemplateParts } from '#infra/common/mail/render.ts';
import { BENIGN_SHOP, benignMailData, EVIL_IMG, EVIL_LINK, hostile, renderAsSes, type MailParts } from '../../support/mail.ts';

const LINK = 'https://loja.example/encomenda/123456#t=abc_DEF-123';
const payments = {
  ...DEFAULT_SETTINGS.payments,
  iban: 'PT50 0002 0123 1234 5678 9015 4',
  ibanHolder: 'Joias Inox',
  mbwayPhone1: '912 345 678',
};

function order(providerPayment?: ProviderPaymentRecord, more: Partial<Order> = {}): Order {
  return {
    id: '123456',
    orderNumber: 123456,
    status: 'Aguarda Pagamento',
    createdAt: '2026-11-27T10:00:00.000Z',
    timestamp: 1795773600,
    email: 'ana@example.pt',
    firstName: 'Ana',
    lastName: 'Costa',
    phone: '912345678',
    country: 'Portugal',
    address: 'Rua das Flores, 12',
    city: 'Porto',
    postalCode: '4050-262',
    shippingMethod: 'ctt-normal',
    paymentMethod: providerPayment?.method ?? 'transferencia',
    lines: [],
    subtotalCents: 1250,
    discountCents: 0,
    shippingCents: 0,
    totalCents: 1250,
    expiresAt: '2026-12-04T10:00:00.000Z',
    emails: [],
    timeline: [],
    ...(providerPayment ? { providerPayment } : {}),
    ...more,
  } as Order;
}

const MULTIBANCO: ProviderPaymentRecord = {
  provider: 'stripe',
  method: 'multibanco',
  status: 'pending',
  paymentId: 'pi_123',
  multibanco: { entity: '12345', reference: '123456789', amountCents: 1250, expiresAt: '2026-12-04T10:00:00.000Z' },
};
const MBWAY: ProviderPaymentRecord = { provider: 'stripe', method: 'mbway', status: 'pending', paymentId: 'pi_456' };

const rendered = new Map<MailTemplateId, SesTemplateParts>();
beforeAll(async () => {
  for (const id of ['order-reserved', 'payment-confirmed', 'order-refunded'] as const) rendered.set(id, await renderMailTemplate(id));
}, 60_000);

/** The mail as the customer receives it: the queued data, the link and the shop's values added, rendered as SES does. */
function mail<Id extends 'order-reserved' | 'payment-confirmed' | 'order-refunded'>(
  id: Id,
  data: Omit<MailData[Id], 'link' | 'shop'>,
): MailParts {
  return renderAsSes(rendered.get(id)!, id, { ...data, link: LINK, shop: BENIGN_SHOP } as MailData[Id]);
}
const visible = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the reservation e-mail of a provider payment', () => {
  it('Multibanco: entidade, referência, montante "12,50 €" and validity, in both parts; no proof asked for', () => {
    const { template, data } = customerMail(order(MULTIBANCO), 'order-reserved', { payments });
    expect(template).toBe('order-reserved');
    expect(data).toMatchObject({
      total: '12,50 €',
      method: 'Multibanco',
      multibanco: { entity: '12345', reference: '123 456 789', amount: '12,50 €', validUntil: '04/12/2026 às 10:00' },
    });
    const sent = mail('order-reserved', data as MailData['order-reserved']);
    for (const part of [visible(sent.html), sent.text]) {
      expect(part).toContain('Entidade: 12345');
      expect(part).toContain('Referência: 123 456 789');
      expect(part).toContain('Montante: 12,50 €');
      expect(part).toContain('Válida até: 04/12/2026 às 10:00');
      expect(part).toContain('Não precisas de enviar comprovativo');
      expect(part).not.toContain('Envia o comprovativo');
      expect(part).not.toContain('Paga e envia o comprovativo');
    }
    expect(sent.subject).toBe('Reserva nº 123456: paga 12,50 € até 04/12/2026 às 10:00');
  });

  it('a Multibanco reservation is never mailed without its reference', () => {
    expect(() => customerMail(order({ ...MULTIBANCO, multibanco: undefined, status: 'starting' }), 'order-reserved', { payments })).toThrow(
      /Multibanco reference/,
    );
  });

  it('automatic MB WAY: approve in the app, no number to pay to, no proof; another method if the request fails', () => {
    const { data } = customerMail(order(MBWAY), 'order-reserved', { payments });
    expect(data).toMatchObject({ mbwayAutomatic: true, method: 'MB WAY' });
    const sent = mail('order-reserved', data as MailData['order-reserved']);
    for (const part of [visible(sent.html), sent.text]) {
      expect(part).toContain('abre a app MB WAY e aprova-o');
      expect(part).toContain('Não precisas de enviar comprovativo');
      expect(part).toContain('podes pagar por outro método');
      expect(part).not.toContain('912 345 678');
      expect(part).not.toContain('Referência do pagamento');
    }
  });

  it('a manual method keeps its mail as before: the number as reference, the proof asked for', () => {
    const { data } = customerMail(order(), 'order-reserved', { payments });
    expect(data).not.toHaveProperty('multibanco');
    expect(data).not.toHaveProperty('mbwayAutomatic');
    const sent = mail('order-reserved', data as MailData['order-reserved']);
    expect(sent.text).toContain('Paga e envia o comprovativo até lá.');
    expect(sent.text).toContain('Referência do pagamento: 123456');
    expect(sent.text).toContain('Envia o comprovativo em:');
    expect(sent.text).not.toContain('Não precisas de enviar comprovativo');
    expect(mail('order-reserved', benignMailData['order-reserved']).text).toContain('PT50 0000');
  });

  it('escapes every value of the reference in the HTML, and keeps them one line in the text', () => {
    const evil = {
      ...benignMailData['order-reserved'],
      multibanco: { entity: hostile(), reference: hostile(), amount: hostile(), validUntil: hostile() },
    };
    const sent = mail('order-reserved', evil);
    expect(sent.html).not.toContain(EVIL_LINK);
    expect(sent.html).not.toContain(EVIL_IMG);
    expect(sent.html).not.toContain('<script');
    expect(sent.html).toContain('&lt;a href&#61;&quot;https://evil.example&quot;&gt;PAGAR AQUI&lt;/a&gt;');
    expect(sent.subject).not.toMatch(/[\r\n]/);
    expect(sent.text).toContain(EVIL_LINK);
    expect(sent.text).not.toContain('\r');
  });
});

describe('the payment-confirmed e-mail', () => {
  it('says the provider confirmed it, with the method, once the provider payment succeeded', () => {
    const { data } = customerMail(order({ ...MBWAY, status: 'succeeded' }, { status: 'Enviar' }), 'payment-confirmed');
    expect(data).toMatchObject({ provider: 'MB WAY' });
    const sent = mail('payment-confirmed', data as MailData['payment-confirmed']);
    expect(sent.text).toContain('O pagamento por MB WAY da tua encomenda nº 123456 foi confirmado pelo nosso prestador de pagamentos.');
    expect(visible(sent.html)).toContain('foi confirmado pelo nosso prestador de pagamentos');
    expect(sent.subject).toBe('Pagamento confirmado: encomenda nº 123456');
  });

  it("a payment the shop confirmed names the method that paid (the ledger's), not the provider", () => {
    const { data } = customerMail(order(undefined, { status: 'Enviar' }), 'payment-confirmed');
    expect(data).not.toHaveProperty('provider');
    expect(data).toMatchObject({ method: 'Transferência Bancária' });
    expect(mail('payment-confirmed', data as MailData['payment-confirmed']).text).toContain(
      'Confirmámos o pagamento por Transferência Bancária da tua encomenda nº 123456.',
    );
    // A declined automatic MB WAY, then a proof of a transfer the owner confirmed: the transfer.
    const declinedThenTransfer = customerMail(
      order({ ...MBWAY, status: 'failed' }, { status: 'Enviar', proofKey: 'proofs/x.png', proofMethod: 'transferencia' }),
      'payment-confirmed',
    );
    expect(declinedThenTransfer.data).toMatchObject({ method: 'Transferência Bancária' });
    expect(declinedThenTransfer.data).not.toHaveProperty('provider');
  });
});

describe('the late payment’s refund e-mail', () => {
  const refunded = order(
    { ...MBWAY, status: 'succeeded', refunds: [{ refundId: 're_1', amountCents: 1250, at: '2026-11-27T11:00:00.000Z', reason: 'late' }] },
    { status: 'Encerrada' },
  );

  it('says the payment came late and what was given back, "12,50 €" from cents', () => {
    const { template, data } = customerMail(refunded, 'order-refunded');
    expect(template).toBe('order-refunded');
    expect(data).toEqual({ name: 'Ana', number: 123456, amount: '12,50 €', method: 'MB WAY' });
    const sent = mail('order-refunded', data as MailData['order-refunded']);
    expect(sent.subject).toBe('Devolvemos-te 12,50 € da encomenda nº 123456');
    expect(sent.text).toContain('chegou depois de a reserva terminar');
    expect(sent.text).toContain('Devolvemos-te 12,50 € pelo mesmo meio de pagamento.');
    expect(sent.text).toContain(LINK);
  });

  it('"Devolver parte do pagamento": what went back and how, never that the payment came late', () => {
    const paid = order(
      {
        ...MBWAY,
        status: 'succeeded',
        refunds: [{ refundId: 're_2', amountCents: 1000, at: '2026-11-27T11:00:00.000Z', reason: 'partial' }],
      },
      { status: 'Enviado' },
    );
    const { data } = customerMail(paid, 'order-refunded', { refundedCents: 1000, partial: true });
    expect(data).toEqual({ name: 'Ana', number: 123456, amount: '10,00 €', method: 'MB WAY', partial: true });
    const sent = mail('order-refunded', data as MailData['order-refunded']);
    expect(sent.subject).toBe('Devolvemos-te 10,00 € da encomenda nº 123456');
    for (const part of [sent.text, visible(sent.html)]) {
      expect(part).toContain('Devolvemos-te parte do pagamento da tua encomenda nº');
      expect(part).not.toContain('depois de a reserva terminar');
      expect(part).not.toContain('nova encomenda');
    }
    expect(sent.text).toContain('Devolvemos-te 10,00 € por MB WAY.');
    // Given back by hand: the method the owner recorded.
    expect(customerMail(paid, 'order-refunded', { refundedCents: 500, partial: true, refundMethod: 'paypal' }).data).toMatchObject({
      amount: '5,00 €',
      method: 'PayPal',
    });
  });

  it('one mail per refund, for the amount of that refund', () => {
    // The unit files share one process: the table's name is set for this test only.
    vi.stubEnv('TABLE_OUTBOX', process.env.TABLE_OUTBOX ?? 'outbox-test');
    try {
      const item = refundMailItem(refunded, 're_1', 999, new Date('2026-11-27T11:00:00.000Z'));
      const put = JSON.stringify(item);
      expect(put).toContain('order#123456#order-refunded#re_1');
      expect(put).toContain('9,99 €');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('escapes the customer’s name and the values', () => {
    const sent = mail('order-refunded', { name: hostile(), number: 123456, amount: hostile(20), method: hostile(40) });
    expect(sent.html).not.toContain(EVIL_LINK);
    expect(sent.html).not.toContain(EVIL_IMG);
    expect(sent.subject).not.toMatch(/[\r\n]/);
  });
});
