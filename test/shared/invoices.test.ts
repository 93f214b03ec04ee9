import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteLines,
  FINAL_CONSUMER,
  invoiceCustomer,
  invoiceLines,
  linesTotalCents,
  netUnitPrice,
  type InvoiceLine,
} from '#shared/invoices.ts';
import { quoteOrder } from '#shared/pricing.ts';
import { SHIPPING_METHOD_IDS, type ShippingMethodId } from '#shared/shipping.ts';

/**
 * What a provider that takes prices before tax makes of the lines (InvoiceXpress's arithmetic, and the
 * twin's stand-in's): net unit × quantity less the discount, plus the tax, summed, rounded once, in cents.
 */
function providerTotalCents(lines: readonly InvoiceLine[], vatPercent: number): number {
  const euros = lines.reduce(
    (sum, line) =>
      sum +
      Number(netUnitPrice(line.unitGrossCents, vatPercent)) * line.quantity * (1 - line.discountPercent / 100) * (1 + vatPercent / 100),
    0,
  );
  return Math.round(euros * 100);
}

/** An order as the shop prices it (`quoteOrder`), with the fields the invoice reads. */
function pricedOrder(
  items: readonly { priceCents: number; discountPercent: number; quantity: number }[],
  shippingMethod: ShippingMethodId,
) {
  const quote = quoteOrder(
    items.map((item, i) => ({ ...item, name: `Peça ${i}`, size: i % 2 ? '45 cm' : '', sku: `SKU-${i}` })),
    shippingMethod,
  );
  const lines = quote.lines.map((line) => ({ ...line, unitPriceCents: line.discountedUnitCents, lineTotalCents: line.totalCents }));
  return { lines, shippingCents: quote.shippingCents, shippingMethod, totalCents: quote.orderTotalCents };
}

describe('the invoice lines of an order (docs/invoices.md)', () => {
  it('each piece with its size in the description, its discount, and shipping as a line of its own', () => {
    const order = pricedOrder(
      [
        { priceCents: 1999, discountPercent: 15, quantity: 1 },
        { priceCents: 850, discountPercent: 0, quantity: 1 },
      ],
      'ctt',
    );
    const lines = invoiceLines(order);
    expect(lines.map((line) => [line.kind, line.description, line.quantity, line.unitGrossCents, line.grossCents])).toEqual([
      ['piece', 'Peça 0 · ref. SKU-0', 1, 1999, 1699],
      ['piece', 'Peça 1 · tamanho 45 cm · ref. SKU-1', 1, 850, 850],
      ['shipping', 'Envio por CTT', 1, order.shippingCents, order.shippingCents],
    ]);
    expect(lines[0]!.discountPercent).toBeCloseTo(15.0075, 4);
    expect(linesTotalCents(lines)).toBe(order.totalCents);
  });

  it('free shipping is no line at all', () => {
    const order = pricedOrder([{ priceCents: 4000, discountPercent: 0, quantity: 1 }], 'ctt');
    expect(order.shippingCents).toBe(0);
    expect(invoiceLines(order).map((line) => line.kind)).toEqual(['piece']);
  });

  it.each([
    ['a discount that rounds a half cent up', [{ priceCents: 1999, discountPercent: 15, quantity: 2 }], 'ctt'],
    ['a cent', [{ priceCents: 1, discountPercent: 0, quantity: 1 }], 'ctt'],
    [
      'a third off',
      [
        { priceCents: 1000, discountPercent: 33, quantity: 3 },
        { priceCents: 2999, discountPercent: 33, quantity: 7 },
      ],
      'ctt-expresso',
    ],
    ['ten of the dearest', [{ priceCents: 99_999, discountPercent: 5, quantity: 10 }], 'ctt'],
    [
      'net prices ending in half a cent',
      [
        { priceCents: 615, discountPercent: 0, quantity: 1 },
        { priceCents: 1845, discountPercent: 0, quantity: 3 },
      ],
      'ctt',
    ],
    [
      'twenty lines of ten',
      Array.from({ length: 20 }, (_, i) => ({ priceCents: 1234 + i * 77, discountPercent: (i * 7) % 60, quantity: 10 })),
      'ctt-expresso',
    ],
  ] as const)('the provider total equals the order total to the cent: %s', (_name, items, method) => {
    const order = pricedOrder(items, method);
    for (const rate of [23, 22, 16, 13, 6]) expect(providerTotalCents(invoiceLines(order), rate)).toBe(order.totalCents);
  });

  it('any order the shop can price: the provider total is the order total', () => {
    const item = fc.record({
      priceCents: fc.integer({ min: 1, max: 100_000 }),
      discountPercent: fc.integer({ min: 0, max: 90 }),
      quantity: fc.integer({ min: 1, max: 10 }),
    });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(...SHIPPING_METHOD_IDS),
        fc.constantFrom(23, 22, 16, 13, 6, 4),
        (items, method, rate) => {
          const order = pricedOrder(items, method);
          expect(providerTotalCents(invoiceLines(order), rate)).toBe(order.totalCents);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('credit notes and the customer', () => {
  const order = pricedOrder([{ priceCents: 2500, discountPercent: 0, quantity: 2 }], 'ctt');
  const lines = invoiceLines(order);

  it('a partial refund is one line of its amount; a refund of everything repeats the invoice', () => {
    expect(creditNoteLines(lines, 1000, 123456, 'Reembolso parcial')).toEqual([
      {
        kind: 'refund',
        name: 'Devolução',
        description: 'Reembolso parcial (encomenda 123456)',
        quantity: 1,
        unitGrossCents: 1000,
        discountPercent: 0,
        grossCents: 1000,
      },
    ]);
    expect(creditNoteLines(lines, order.totalCents, 123456, 'Encomenda cancelada')).toEqual(lines);
  });

  it('no NIF is "Consumidor final"; a NIF names the company when given, else the customer', () => {
    const person = {
      firstName: 'Ana',
      lastName: 'Sá',
      email: 'ana@example.com',
      address: 'Rua A, 1',
      city: 'Porto',
      postalCode: '4000-001',
    };
    expect(invoiceCustomer(person)).toEqual({ name: FINAL_CONSUMER, email: 'ana@example.com' });
    expect(invoiceCustomer({ ...person, nif: '501964843' })).toMatchObject({ name: 'Ana Sá', nif: '501964843', city: 'Porto' });
    expect(invoiceCustomer({ ...person, nif: '501964843', companyName: 'Joias Lda' }).name).toBe('Joias Lda');
  });
});
