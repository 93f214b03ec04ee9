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
    expect(placeOrderSchema.parse({ ...order, nif: '123456789', companyName: ' Joias Lda ' })).toMatchObject({ nif: '123456789', companyName: 'Joias Lda' });
  });

  it('refuses a wrong check digit with the Portuguese message and the code nif_invalid', () => {
    expect(errorsOf(placeOrderSchema, { ...order, nif: '123456788' })).toEqual({ nif: validationTexts.customerNif.invalid });
    const result = placeOrderSchema.safeParse({ ...order, nif: '123456788' });
    expect(result.success).toBe(false);
    expect(fieldErrorCode(result.error!)).toBe('nif_invalid');
    for (const wrong of ['12345678', '1234567890', 'abcdefghi', '000000000', 12345678]) expect(placeOrderSchema.safeParse({ ...order, nif: wrong }).success).toBe(false);
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
    expect(errorsOf(checkoutFormSchema, { ...validShippingForm, nif: '123456788', companyName: '' })).toEqual({ nif: validationTexts.customerNif.invalid });
    expect(checkoutFormSchema.parse({ ...validShippingForm, nif: '', companyName: '' }).nif).toBeUndefined();
  });
});
