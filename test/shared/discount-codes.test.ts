/**
 * The discount codes' rules and pricing (docs/discount-codes.md): one pricing for every total, integer
 * cents, the code spread over the lines so the invoice's lines add up to the order's total to the cent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codeRefusal,
  hasLookAlikes,
  lisbonMinute,
  normalizeCode,
  quoteWithCode,
  spreadCents,
  type CodeLine,
  type DiscountCodeFields,
} from '#shared/discount-codes.ts';
import { invoiceLines, linesTotalCents, netUnitPrice, type InvoiceLine } from '#shared/invoices.ts';
import { discountCodeInputSchema } from '#shared/schemas/discount-code.ts';
import { placeOrderSchema } from '#shared/schemas/place-order.ts';
import { reservationBody } from '../support/factories.ts';

const line = (priceCents: number, quantity = 1, extra: Partial<CodeLine> = {}): CodeLine => ({
  priceCents,
  discountPercent: 0,
  quantity,
  collection: 'New Beginnings',
  type: 'colar',
  ...extra,
});
const code = (fields: Partial<DiscountCodeFields> = {}): DiscountCodeFields => ({
  code: 'MARIA25',
  type: 'percent',
  percent: 10,
  active: true,
  ...fields,
});

describe('a code, as typed and as made', () => {
  it('is matched case-insensitively and stored upper-case; new codes refuse O, 0, I and 1', () => {
    expect(normalizeCode(' maria 25 ')).toBe('MARIA25');
    expect(hasLookAlikes('MARIA10')).toBe(true);
    expect(hasLookAlikes('NATAL25')).toBe(false);
    expect(discountCodeInputSchema.parse({ code: 'natal-25', type: 'percent', percent: 15, active: true }).code).toBe('NATAL-25');
  });

  it("the owner's form refuses what cannot be a code, in Portuguese", () => {
    const refused = discountCodeInputSchema.safeParse({ code: '<script>', type: 'percent', active: true });
    expect(refused.success).toBe(false);
    const messages = refused.error!.issues.map((issue) => issue.message);
    expect(messages).toContain('O código tem de ter 3 a 30 caracteres: letras, algarismos e hífenes.');
    expect(messages).toContain('A percentagem é um número inteiro de 1 a 90.');
    expect(
      discountCodeInputSchema.safeParse({
        code: 'NATAL',
        type: 'freeShipping',
        active: true,
        startsAt: '2026-12-10T00:00',
        endsAt: '2026-12-01T00:00',
      }).success,
    ).toBe(false);
  });

  it('the checkout takes an optional code: empty is none, hostile text is a field error', () => {
    const body = reservationBody([{ productId: 'anel-lua', quantity: 1 }]);
    expect(placeOrderSchema.parse({ ...body, discountCode: ' maria25 ' }).discountCode).toBe('MARIA25');
    expect(placeOrderSchema.parse({ ...body, discountCode: '' }).discountCode).toBeUndefined();
    const hostile = placeOrderSchema.safeParse({ ...body, discountCode: '"><img src=x onerror=alert(1)>' });
    expect(hostile.success).toBe(false);
    expect(hostile.error!.issues[0]!.path).toEqual(['discountCode']);
  });
});

describe('the one pricing with a code', () => {
  it('10 % on a 34,80 € cart: 3,48 € off, free shipping (judged before discounts), 31,32 € to pay', () => {
    const quote = quoteWithCode([line(1740, 2)], 'ctt', code());
    expect(quote.discount).toEqual({ code: 'MARIA25', type: 'percent', amountCents: 348 });
    expect(quote.shippingCents).toBe(0);
    expect(quote.orderTotalCents).toBe(3132);
    expect(quote.lineCodeCents).toEqual([348]);
  });

  it('rounds half up once on the eligible goods and spreads the cents over the lines exactly', () => {
    const quote = quoteWithCode([line(1005), line(1005), line(995)], 'ctt', code({ percent: 15 }));
    expect(quote.discount!.amountCents).toBe(451); // 3005 × 15 % = 450,75
    expect(quote.lineCodeCents.reduce((a, b) => a + b, 0)).toBe(451);
    expect(spreadCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('skips pieces already discounted unless told, and keeps to its collections or types', () => {
    const lines = [line(2000, 1, { discountPercent: 20 }), line(1000, 1, { type: 'anel', collection: '' })];
    expect(quoteWithCode(lines, 'ctt', code()).lineCodeCents).toEqual([0, 100]);
    expect(quoteWithCode(lines, 'ctt', code({ appliesToDiscounted: true })).lineCodeCents).toEqual([160, 100]);
    expect(quoteWithCode(lines, 'ctt', code({ appliesToDiscounted: true, types: ['colar'] })).lineCodeCents).toEqual([160, 0]);
    expect(codeRefusal(code({ collections: ['Outra'] }), lines, new Date())).toEqual({ refusal: 'code_not_applicable' });
  });

  it('an amount never takes more than 90 % of the goods it applies to; free shipping takes the shipping', () => {
    expect(quoteWithCode([line(1000)], 'ctt', code({ type: 'amount', amountCents: 5000 })).discount!.amountCents).toBe(900);
    const free = quoteWithCode([line(1000)], 'ctt-expresso', code({ type: 'freeShipping' }));
    expect(free.discount!.amountCents).toBe(500);
    expect(free.orderTotalCents).toBe(1000);
  });

  it("minimum (after the pieces' discounts), start and end in Lisbon time", () => {
    const now = new Date('2026-07-01T10:05:00Z');
    expect(lisbonMinute(now)).toBe('2026-07-01T11:05');
    expect(codeRefusal(code({ minOrderCents: 3000 }), [line(2999)], now)).toEqual({ refusal: 'code_minimum', detail: 3000 });
    expect(codeRefusal(code({ startsAt: '2026-07-01T11:06' }), [line(2999)], now)?.refusal).toBe('code_not_started');
    expect(codeRefusal(code({ endsAt: '2026-07-01T11:04' }), [line(2999)], now)?.refusal).toBe('code_expired');
    expect(codeRefusal(code({ endsAt: '2026-07-01T11:05' }), [line(2999)], now)).toBeUndefined();
    expect(codeRefusal(code({ active: false }), [line(2999)], now)?.refusal).toBe('code_unknown');
  });
});

/** What a provider that takes prices before tax makes of the lines (as `invoices.test.ts`). */
function providerTotalCents(lines: readonly InvoiceLine[], vatPercent: number): number {
  const euros = lines.reduce(
    (sum, l) =>
      sum + Number(netUnitPrice(l.unitGrossCents, vatPercent)) * l.quantity * (1 - l.discountPercent / 100) * (1 + vatPercent / 100),
    0,
  );
  return Math.round(euros * 100);
}

describe('the invoice of an order with a code', () => {
  const order = (lines: readonly CodeLine[], fields: DiscountCodeFields) => {
    const quote = quoteWithCode(
      lines.map((l, i) => ({ ...l, name: `Peça ${i}`, sku: `S-${i}` })),
      'ctt',
      fields,
    );
    const orderLines = quote.lines.map((l, i) => ({
      ...l,
      unitPriceCents: l.discountedUnitCents,
      lineTotalCents: l.totalCents,
      codeDiscountCents: quote.lineCodeCents[i],
    }));
    return {
      lines: orderLines,
      shippingCents: quote.shippingCents,
      shippingMethod: 'ctt' as const,
      discount: quote.discount,
      totalCents: quote.orderTotalCents,
    };
  };

  it('names the code on its lines and adds up to the order total', () => {
    const o = order([line(1740, 2)], code());
    const lines = invoiceLines(o);
    expect(lines[0]!.description).toContain('código MARIA25');
    expect(linesTotalCents(lines)).toBe(3132);
    expect(providerTotalCents(lines, 23)).toBe(3132);
  });

  it('a free-shipping code leaves no shipping line', () => {
    const o = order([line(1000)], code({ type: 'freeShipping' }));
    expect(invoiceLines(o).map((l) => l.kind)).toEqual(['piece']);
    expect(linesTotalCents(invoiceLines(o))).toBe(o.totalCents);
  });

  it("any order and code: the provider's total is the order's to the cent", () => {
    const item = fc.record({
      priceCents: fc.integer({ min: 1, max: 100_000 }),
      discountPercent: fc.integer({ min: 0, max: 90 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      type: fc.constantFrom('colar' as const, 'anel' as const),
    });
    const fields = fc.oneof(
      fc.record({ percent: fc.integer({ min: 1, max: 90 }) }).map((f) => code({ ...f, appliesToDiscounted: true })),
      fc.record({ amountCents: fc.integer({ min: 1, max: 50_000 }) }).map((f) => code({ type: 'amount', ...f, types: ['anel'] })),
    );
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), fields, fc.constantFrom(23, 13, 6), (items, f, rate) => {
        const o = order(
          items.map((i) => ({ ...i, collection: '' })),
          f,
        );
        expect(linesTotalCents(invoiceLines(o))).toBe(o.totalCents);
        expect(providerTotalCents(invoiceLines(o), rate)).toBe(o.totalCents);
      }),
      { numRuns: 400 },
    );
  });
});
