import { describe, expect, it } from 'vitest';
import { fieldErrorCode } from '#shared/schemas/field-errors.ts';
import { checkoutFormSchema, placeOrderSchema } from '#shared/schemas/place-order.ts';
import { validationTexts } from '#shared/messages/index.ts';
import { errorsOf, validShippingForm } from './support.ts';

const order = { items: [{ productId: 'colar-lua', quantity: 1 }], shipping: validShippingForm };

describe('the customer NIF at checkout (docs/invoices.md)', () => {
  it('accepts a NIF with a right check digit, as typed (spaces, PT), and keeps its nine digits', () => {
    expect(placeOrderSchema.parse({ ...order, nif: '501964843' }).nif).toBe('501964843');
    expect(placeOrderSchema.parse({ ...order, nif: 'PT 501 964 843' }).nif).toBe('501964843');
    expect(placeOrderSchema.parse({ ...order, nif: '123456789', companyName: ' Joias Lda ' })).toMatchObject({
      nif: '123456789',
      companyName: 'Joias Lda',
    });
  });

  it('refuses a wrong check digit with the Portuguese message and the code nif_invalid', () => {
    expect(errorsOf(placeOrderSchema, { ...order, nif: '123456788' })).toEqual({ nif: validationTexts.customerNif.invalid });
    const result = placeOrderSchema.safeParse({ ...order, nif: '123456788' });
    expect(result.success).toBe(false);
    expect(fieldErrorCode(result.error!)).toBe('nif_invalid');
    for (const wrong of ['12345678', '1234567890', 'abcdefghi', '000000000', 12345678])
      expect(placeOrderSchema.safeParse({ ...order, nif: wrong }).success).toBe(false);
  });

  it('hostile NIFs: markup, look-alike digits and 10 000 characters refused with the message; invisible characters dropped', () => {
    for (const hostile of [
      '<b>501964843</b>',
      '501964843<script>',
      '5O1964843',
      '50l964843',
      '\u0665\u0660\u0661\u0669\u0666\u0664\u0668\u0664\u0663',
      '501964843'.repeat(1112),
      '5'.repeat(10_000),
      '501964843\n123',
      '=501964843',
    ]) {
      expect(errorsOf(placeOrderSchema, { ...order, nif: hostile }), hostile.slice(0, 30)).toEqual({
        nif: validationTexts.customerNif.invalid,
      });
    }
    // A bidi mark, a zero-width space, a control character or full-width digits: the same nine ASCII digits.
    for (const typed of [
      '\u200F501964843',
      '501\u200B964\u200B843',
      '\u202E501964843\u202C',
      '501964843\u0000',
      '\uFF15\uFF10\uFF11\uFF19\uFF16\uFF14\uFF18\uFF14\uFF13',
    ]) {
      expect(placeOrderSchema.parse({ ...order, nif: typed }).nif, JSON.stringify(typed)).toBe('501964843');
    }
  });

  it('hostile company names: 10 000 characters refused; control and bidi characters dropped; markup kept as text (escaped)', () => {
    expect(errorsOf(placeOrderSchema, { ...order, nif: '501964843', companyName: 'A'.repeat(10_000) })).toEqual({
      companyName: validationTexts.companyName.invalid,
    });
    expect(placeOrderSchema.parse({ ...order, nif: '501964843', companyName: '\u202EJoias\u200B Lda\u0007\r\n' }).companyName).toBe(
      'Joias Lda',
    );
    expect(placeOrderSchema.parse({ ...order, nif: '501964843', companyName: '<img src=x onerror=alert(1)>' }).companyName).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });

  it('no NIF (absent or empty) is none: "Consumidor final"', () => {
    expect(placeOrderSchema.parse(order).nif).toBeUndefined();
    expect(placeOrderSchema.parse({ ...order, nif: '  ' }).nif).toBeUndefined();
  });

  it('another field wrong keeps the code invalid_input', () => {
    const result = placeOrderSchema.safeParse({ ...order, shipping: { ...validShippingForm, postalCode: '12' } });
    expect(fieldErrorCode(result.error!)).toBe('invalid_input');
  });

  it('the browser checks the same rule on the checkout form', () => {
    expect(errorsOf(checkoutFormSchema, { ...validShippingForm, nif: '123456788', companyName: '' })).toEqual({
      nif: validationTexts.customerNif.invalid,
    });
    expect(checkoutFormSchema.parse({ ...validShippingForm, nif: '', companyName: '' }).nif).toBeUndefined();
  });
});
