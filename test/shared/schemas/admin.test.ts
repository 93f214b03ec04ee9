import { describe, expect, it } from 'vitest';
import { validationTexts } from '#shared/messages/index.ts';
import { ORDER_STATUSES } from '#shared/order-status.ts';
import {
  ADMIN_EMAIL_KINDS,
  adminEmailRequestSchema,
  collectionInputSchema,
  orderStatusChangeSchema,
  productInputSchema,
  productUpdateSchema,
  stockChangeSchema,
} from '#shared/schemas/index.ts';
import { MAX_STOCK } from '#shared/schemas/product-input.ts';
import { accepted, errorsOf, expectFieldMessage } from './support.ts';

const v = validationTexts;

const validProduct = {
  name: 'Colar Lua',
  code: 'CL-01',
  sku: 'SKU-CL-01',
  description: 'Fio em aço inoxidável.\nFeito à mão.',
  type: 'colar',
  collection: 'New Beginnings',
  priceCents: 2490,
  discountPercent: 10,
  stock: 5,
  photos: [
    { id: '0123456789abcdef01234567', alt: 'O colar ao pescoço' },
    { id: 'abcdef0123456789abcdef01', alt: '' },
  ],
  status: 'active' as const,
};

describe('productInputSchema (create and edit)', () => {
  it('accepts a full product unchanged', () => {
    expect(accepted(productInputSchema, validProduct)).toEqual(validProduct);
  });

  it('fills in the optional fields', () => {
    expect(accepted(productInputSchema, { name: 'Anel', code: 'A1', type: 'anel', priceCents: 1, stock: 0 })).toEqual({
      name: 'Anel',
      code: 'A1',
      sku: '',
      description: '',
      type: 'anel',
      collection: '',
      priceCents: 1,
      discountPercent: 0,
      stock: 0,
      photos: [],
      status: 'active',
    });
  });

  it('takes the status from Ativo, Rascunho, Arquivado only (active when left out)', () => {
    for (const status of ['active', 'draft', 'archived'] as const)
      expect(accepted(productInputSchema, { ...validProduct, status }).status).toBe(status);
    expectFieldMessage(productInputSchema, validProduct, 'status', 'escondido', v.productStatus.invalid);
  });

  it('requires name, code, type, price and stock', () => {
    expect(errorsOf(productInputSchema, {})).toEqual({
      name: 'Indica o nome da peça.',
      code: 'Indica o código da peça.',
      type: 'Escolhe o tipo: colar, anel, brinco ou pulseira.',
      priceCents: 'O preço deve estar entre 0,01 € e 10 000 €.',
      stock: 'O stock deve ser um número inteiro entre 0 e 9999.',
    });
  });

  it('bounds the price to 0,01-10 000 €', () => {
    accepted(productInputSchema, { ...validProduct, priceCents: 1_000_000 });
    for (const priceCents of [0, 1_000_001, 12.5, '2490', -1]) {
      expectFieldMessage(productInputSchema, validProduct, 'priceCents', priceCents, v.priceCents.invalid);
    }
  });

  it('bounds the discount to whole 0-90 %', () => {
    accepted(productInputSchema, { ...validProduct, discountPercent: 90 });
    for (const discountPercent of [-1, 91, 7.5, null]) {
      expectFieldMessage(productInputSchema, validProduct, 'discountPercent', discountPercent, v.discountPercent.invalid);
    }
  });

  it('bounds the stock to whole 0-9999', () => {
    expect(MAX_STOCK).toBe(9999);
    accepted(productInputSchema, { ...validProduct, stock: 9999 });
    for (const stock of [-1, 10_000, 0.5]) {
      expectFieldMessage(productInputSchema, validProduct, 'stock', stock, v.stock.invalid);
    }
  });

  it('takes the type from the four choices only', () => {
    for (const type of ['Colar', 'fio', 'relogio', '']) {
      expectFieldMessage(productInputSchema, validProduct, 'type', type, v.productType.invalid);
    }
  });

  it('bounds the texts', () => {
    expectFieldMessage(productInputSchema, validProduct, 'name', 'a'.repeat(121), v.productName.tooLong);
    expectFieldMessage(productInputSchema, validProduct, 'code', 'a'.repeat(41), v.productCode.tooLong);
    expectFieldMessage(productInputSchema, validProduct, 'sku', 'a'.repeat(61), v.sku.invalid);
    expectFieldMessage(productInputSchema, validProduct, 'description', 'a'.repeat(5001), v.description.invalid);
    expectFieldMessage(productInputSchema, validProduct, 'collection', 'a'.repeat(61), v.productCollection.invalid);
    expectFieldMessage(productInputSchema, validProduct, 'name', '  ', v.productName.required);
  });

  it('takes up to 8 photos by their content id, each once, with an alt text of up to 200 characters', () => {
    for (const photos of [
      [{ id: '../x' }],
      [{ id: 'https://evil.example/a.png' }],
      [{ id: 'A'.repeat(24) }],
      ['0123456789abcdef01234567'],
      'x',
      [{}],
    ]) {
      expectFieldMessage(productInputSchema, validProduct, 'photos', photos, v.photos.invalid);
    }
    const nine = Array.from({ length: 9 }, (_, i) => ({ id: String(i).repeat(24), alt: '' }));
    expectFieldMessage(productInputSchema, validProduct, 'photos', nine, v.photos.tooMany);
    expect(accepted(productInputSchema, { ...validProduct, photos: nine.slice(0, 8) }).photos).toHaveLength(8);
    expectFieldMessage(productInputSchema, validProduct, 'photos', [{ id: 'a'.repeat(24) }, { id: 'a'.repeat(24) }], v.photos.duplicate);
    expectFieldMessage(productInputSchema, validProduct, 'photos', [{ id: 'a'.repeat(24), alt: 'x'.repeat(201) }], v.photoAlt.tooLong);
    expect(accepted(productInputSchema, { ...validProduct, photos: [{ id: 'a'.repeat(24), alt: '  Na mão  ' }] }).photos).toEqual([
      { id: 'a'.repeat(24), alt: 'Na mão' },
    ]);
  });
});

describe('productUpdateSchema (edit: everything but stock, over a version)', () => {
  const { stock: _stock, ...fields } = validProduct;
  const validUpdate = { ...fields, version: 3 };

  it('accepts the fields with the version the form loaded', () => {
    expect(accepted(productUpdateSchema, validUpdate)).toEqual(validUpdate);
    expect(accepted(productUpdateSchema, { ...validUpdate, version: 0 })).toMatchObject({ version: 0 });
  });

  it('refuses stock, which changes only by adjustments', () => {
    for (const stock of [5, 0, '5', null]) {
      expectFieldMessage(productUpdateSchema, validUpdate, 'stock', stock, v.stockNotEditable.invalid);
    }
  });

  it('requires a whole, non-negative version', () => {
    for (const version of [undefined, -1, 1.5, '3', null]) {
      expectFieldMessage(productUpdateSchema, validUpdate, 'version', version, v.version.invalid);
    }
  });
});

describe('stockChangeSchema ("+/- N" or "set to N" over the value seen)', () => {
  it('accepts a delta or a set with its expected value, with a reason and an optional note', () => {
    expect(accepted(stockChangeSchema, { delta: -2, reason: 'adjustment', note: '  peças partidas ' })).toEqual({
      delta: -2,
      reason: 'adjustment',
      note: 'peças partidas',
    });
    expect(accepted(stockChangeSchema, { delta: 9999, reason: 'return', note: '' })).toEqual({ delta: 9999, reason: 'return' });
    expect(accepted(stockChangeSchema, { set: 0, expected: 4, reason: 'adjustment' })).toEqual({
      set: 0,
      expected: 4,
      reason: 'adjustment',
    });
  });

  it('bounds the delta to a non-zero whole number, |delta| ≤ 9999', () => {
    for (const delta of [0, 10_000, -10_000, 1.5, '1', null, 1e20]) {
      expectFieldMessage(stockChangeSchema, { reason: 'adjustment' }, 'delta', delta, v.stockDelta.invalid);
    }
  });

  it('bounds "set" and "expected" to whole 0-9999 and refuses a set to the same value', () => {
    for (const set of [-1, 10_000, 2.5, '3'])
      expectFieldMessage(stockChangeSchema, { expected: 4, reason: 'adjustment' }, 'set', set, v.stock.invalid);
    for (const expected of [-1, 10_000, 2.5, '3', undefined])
      expectFieldMessage(stockChangeSchema, { set: 4, reason: 'adjustment' }, 'expected', expected, v.stockExpected.invalid);
    expect(errorsOf(stockChangeSchema, { set: 4, expected: 4, reason: 'adjustment' })).toEqual({ set: v.stockUnchanged.invalid });
  });

  it('takes exactly one of delta and set', () => {
    expect(errorsOf(stockChangeSchema, { delta: 1, set: 4, expected: 3, reason: 'adjustment' })).toEqual({ set: v.stockChange.both });
    expect(errorsOf(stockChangeSchema, { reason: 'adjustment' })).toEqual({ delta: v.stockChange.missing });
    expect(errorsOf(stockChangeSchema, { delta: 1, expected: 3, reason: 'adjustment' })).toEqual({
      expected: v.stockChange.expectedWithDelta,
    });
  });

  it("takes the owner's reasons only, and a note of up to 200 characters", () => {
    for (const reason of ['reservation', 'expiry', 'cancellation', 'Ajuste', '', undefined]) {
      expectFieldMessage(stockChangeSchema, { delta: 1 }, 'reason', reason, v.stockReason.invalid);
    }
    accepted(stockChangeSchema, { delta: 1, reason: 'adjustment', note: 'a'.repeat(200) });
    expectFieldMessage(stockChangeSchema, { delta: 1, reason: 'adjustment' }, 'note', 'a'.repeat(201), v.stockNote.invalid);
  });
});

describe('collectionInputSchema', () => {
  it('trims the name and bounds it to 1-60 characters', () => {
    expect(accepted(collectionInputSchema, { name: '  New Beginnings ' })).toEqual({ name: 'New Beginnings' });
    accepted(collectionInputSchema, { name: 'a'.repeat(60) });
    expect(errorsOf(collectionInputSchema, { name: ' ' })).toEqual({ name: 'Indica o nome da coleção.' });
    expect(errorsOf(collectionInputSchema, { name: 'a'.repeat(61) })).toEqual({ name: v.collectionName.tooLong });
  });
});

describe('orderStatusChangeSchema', () => {
  it('accepts the five statuses exactly', () => {
    for (const status of ORDER_STATUSES) accepted(orderStatusChangeSchema, { status });
    for (const status of ['Concluído', 'enviado', '', undefined]) {
      expect(errorsOf(orderStatusChangeSchema, { status })).toEqual({ status: 'Escolhe um estado válido.' });
    }
  });

  it("checks a CTT tracking code by its S10 check digit; another carrier's by its shape", () => {
    expect(accepted(orderStatusChangeSchema, { status: 'Enviado', trackingCode: 'RR123456785PT' })).toEqual({
      status: 'Enviado',
      trackingCode: 'RR123456785PT',
    });
    expect(errorsOf(orderStatusChangeSchema, { status: 'Enviado', trackingCode: 'RR123456789PT' })).toEqual({
      trackingCode: v.trackingCode.s10,
    });
    expect(errorsOf(orderStatusChangeSchema, { status: 'Enviado', trackingCode: 'RR12345678PT' })).toEqual({
      trackingCode: v.trackingCode.s10,
    });
    expect(accepted(orderStatusChangeSchema, { status: 'Enviado', trackingCode: 'RR123456789PT', carrier: 'outra' })).toMatchObject({
      carrier: 'outra',
    });
    expect(errorsOf(orderStatusChangeSchema, { status: 'Enviado', trackingCode: 'RR 12<b>', carrier: 'outra' })).toEqual({
      trackingCode: v.trackingCode.other,
    });
    // No code: nothing to check, whatever the carrier.
    expect(accepted(orderStatusChangeSchema, { status: 'Enviado', trackingCode: '  ' })).toEqual({ status: 'Enviado', trackingCode: '' });
  });

  it('keeps a trimmed note of up to 500 characters; a blank one is none', () => {
    expect(accepted(orderStatusChangeSchema, { status: 'Enviar', note: '  MB WAY recebido  ' })).toEqual({
      status: 'Enviar',
      note: 'MB WAY recebido',
    });
    expect(accepted(orderStatusChangeSchema, { status: 'Enviar', note: '   ' })).toEqual({ status: 'Enviar' });
    expect(accepted(orderStatusChangeSchema, { status: 'Enviar', note: 'x'.repeat(500) }).note).toHaveLength(500);
    expect(errorsOf(orderStatusChangeSchema, { status: 'Enviar', note: 'x'.repeat(501) })).toEqual({ note: v.paymentNote.tooLong });
    expect(errorsOf(orderStatusChangeSchema, { status: 'Enviar', note: 42 })).toEqual({ note: v.paymentNote.tooLong });
  });
});

describe('adminEmailRequestSchema', () => {
  const requestKey = '0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f';

  it('knows every customer e-mail of an order, each with the key of its click', () => {
    expect(ADMIN_EMAIL_KINDS).toEqual(['order-received', 'payment-confirmed', 'shipped', 'review-request', 'order-cancelled']);
    expect(accepted(adminEmailRequestSchema, { kind: 'payment-confirmed', requestKey })).toEqual({ kind: 'payment-confirmed', requestKey });
    expect(accepted(adminEmailRequestSchema, { kind: 'order-received', requestKey })).toEqual({ kind: 'order-received', requestKey });
    expect(accepted(adminEmailRequestSchema, { kind: 'review-request', trackingCode: 'x', requestKey })).toEqual({
      kind: 'review-request',
      requestKey,
    });
  });

  it('requires the key of the click', () => {
    expect(errorsOf(adminEmailRequestSchema, { kind: 'review-request' })).toEqual({ requestKey: v.emailRequestKey });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'review-request', requestKey: 'short' })).toEqual({ requestKey: v.emailRequestKey });
  });

  it('requires a trimmed tracking code of 1-64 characters for shipped, a CTT one with its S10 check digit right', () => {
    expect(accepted(adminEmailRequestSchema, { kind: 'shipped', trackingCode: ' rr 123456785 pt ', requestKey })).toEqual({
      kind: 'shipped',
      trackingCode: 'RR123456785PT',
      requestKey,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'RR123456789PT', requestKey })).toEqual({
      trackingCode: v.trackingCode.s10,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'RR123456789PT', carrier: 'ctt', requestKey })).toEqual({
      trackingCode: v.trackingCode.s10,
    });
    expect(accepted(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'dhl-1234567', carrier: 'outra', requestKey })).toEqual({
      kind: 'shipped',
      trackingCode: 'DHL-1234567',
      carrier: 'outra',
      requestKey,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'AB1', carrier: 'outra', requestKey })).toEqual({
      trackingCode: v.trackingCode.other,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'RR123456785PT', carrier: 'dhl', requestKey })).toEqual({
      carrier: v.carrier.invalid,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', requestKey })).toEqual({ trackingCode: 'Indica o código de envio.' });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: '   ', requestKey })).toEqual({
      trackingCode: v.trackingCode.required,
    });
    expect(errorsOf(adminEmailRequestSchema, { kind: 'shipped', trackingCode: 'a'.repeat(65), requestKey })).toEqual({
      trackingCode: v.trackingCode.tooLong,
    });
  });

  it('refuses other kinds', () => {
    expect(errorsOf(adminEmailRequestSchema, { kind: 'owner-new-order', requestKey })).toEqual({
      kind: 'Escolhe um tipo de e-mail válido.',
    });
  });
});
