import { describe, expect, it } from 'vitest';
import { checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import { placeOrderSchema } from '#shared/schemas/index.ts';
import { accepted, errorsOf, validShippingForm } from './support.ts';

const v = validationTexts;
const proofKey = 'proofs/pending/0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f';
const valid = { items: [{ productId: 'colar-lua', quantity: 2 }], shipping: validShippingForm, proofKey };
const lines = (count: number) => Array.from({ length: count }, (_, i) => ({ productId: `p${i}`, quantity: 1 }));

describe('placeOrderSchema', () => {
  it('accepts ids, quantities, the shipping form and the proof key, and ignores prices sent along', () => {
    const order = accepted(placeOrderSchema, {
      ...valid,
      items: [{ productId: 'colar-lua', quantity: 2, priceCents: 1 }],
      total: 1,
    });
    expect(order).toEqual(valid);
  });

  it('takes 1 to 20 lines', () => {
    accepted(placeOrderSchema, { ...valid, items: lines(20) });
    expect(errorsOf(placeOrderSchema, { ...valid, items: lines(21) })).toEqual({ items: v.items.tooMany });
    expect(errorsOf(placeOrderSchema, { ...valid, items: [] })).toEqual({ items: 'O teu carrinho está vazio.' });
    expect(errorsOf(placeOrderSchema, { ...valid, items: undefined })).toEqual({ items: v.items.required });
  });

  it('refuses the same product twice', () => {
    const items = [
      { productId: 'a', quantity: 1 },
      { productId: 'a', quantity: 2 },
    ];
    expect(errorsOf(placeOrderSchema, { ...valid, items })).toEqual({
      items: 'O mesmo produto, no mesmo tamanho, aparece mais do que uma vez no carrinho.',
    });
  });

  it.each([0, 11, 100, 1.5, -1, '2', null])('refuses the quantity %j', (quantity) => {
    expect(errorsOf(placeOrderSchema, { ...valid, items: [{ productId: 'a', quantity }] })).toEqual({
      'items.0.quantity': 'A quantidade deve ser um número inteiro entre 1 e 10.',
    });
  });

  it('accepts quantities 1 and 10', () => {
    accepted(placeOrderSchema, {
      ...valid,
      items: [
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 10 },
      ],
    });
  });

  it('reports shipping fields under shipping.*', () => {
    expect(errorsOf(placeOrderSchema, { ...valid, shipping: { ...validShippingForm, postalCode: '12' } })).toEqual({
      'shipping.postalCode': v.postalCode.invalid,
    });
    expect(errorsOf(placeOrderSchema, { ...valid, shipping: { ...validShippingForm, acceptTerms: false } })).toEqual({
      'shipping.acceptTerms': checkoutTexts.termsNotAccepted,
    });
  });

  it('takes no proof key for a reservation', () => {
    const { proofKey: _none, ...reservation } = valid;
    accepted(placeOrderSchema, reservation);
  });

  it.each(['', 'proofs/x.pdf', `${proofKey}/../x`, 'https://example.com/proof.pdf'])(
    "refuses the proof key %j with 'Por favor, carrega o comprovativo de pagamento.'",
    (key) => {
      expect(errorsOf(placeOrderSchema, { ...valid, proofKey: key })).toEqual({
        proofKey: 'Por favor, carrega o comprovativo de pagamento.',
      });
    },
  );
});
