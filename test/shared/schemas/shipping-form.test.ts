import { describe, expect, it } from 'vitest';
import { checkoutTexts, validationTexts } from '#shared/messages/index.ts';
import { shippingFormSchema } from '#shared/schemas/index.ts';
import { POSTAL_CODE_PATTERN, SHIPPING_COUNTRIES } from '#shared/schemas/shipping-form.ts';
import { accepted, errorsOf, expectFieldMessage, validShippingForm } from './support.ts';

const v = validationTexts;

describe('shippingFormSchema', () => {
  it('accepts a complete form, trims texts, normalises the postal code and drops unknown fields', () => {
    const form = accepted(shippingFormSchema, {
      ...validShippingForm,
      email: '  ana.silva@exemplo.pt ',
      firstName: ' Ana ',
      postalCode: '1100 048',
      phone: '+351 912 345 678',
      total: 1,
    });
    expect(form).toEqual({ ...validShippingForm, postalCode: '1100-048', phone: '+351912345678' });
  });

  it('accepts every shipping and payment method', () => {
    for (const shippingMethod of ['ctt', 'ctt-expresso']) {
      for (const paymentMethod of ['mbway', 'transferencia', 'paypal', 'revolut']) {
        accepted(shippingFormSchema, { ...validShippingForm, shippingMethod, paymentMethod });
      }
    }
  });

  it('ships only to Portugal', () => {
    expect(SHIPPING_COUNTRIES).toEqual(['Portugal']);
    expectFieldMessage(shippingFormSchema, validShippingForm, 'country', 'Espanha', v.country.invalid);
  });

  it('reports every missing field with its own message', () => {
    expect(errorsOf(shippingFormSchema, {})).toEqual({
      email: 'Indica o teu e-mail.',
      firstName: 'Indica o teu nome.',
      lastName: 'Indica o teu apelido.',
      country: 'De momento só enviamos para Portugal.',
      address: 'Indica a tua morada.',
      city: 'Indica a tua localidade.',
      postalCode: 'Indica o código postal.',
      phone: 'Indica o teu telefone.',
      shippingMethod: 'Escolhe um método de envio.',
      paymentMethod: 'Escolhe um método de pagamento.',
      acceptTerms: 'Por favor, aceita os termos e condições.',
    });
  });

  it('treats blank texts as missing', () => {
    for (const field of ['firstName', 'lastName', 'address', 'city'] as const) {
      expectFieldMessage(shippingFormSchema, validShippingForm, field, '   ', v[field].required);
    }
    expectFieldMessage(shippingFormSchema, validShippingForm, 'email', ' ', v.email.required);
  });

  it.each([
    ['firstName', 61, v.firstName.tooLong],
    ['lastName', 61, v.lastName.tooLong],
    ['address', 201, v.address.tooLong],
    ['city', 81, v.city.tooLong],
  ] as const)('bounds %s to %i - 1 characters', (field, length, message) => {
    accepted(shippingFormSchema, { ...validShippingForm, [field]: 'a'.repeat(length - 1) });
    expectFieldMessage(shippingFormSchema, validShippingForm, field, 'a'.repeat(length), message);
  });

  it.each(['ana', 'ana@', '@exemplo.pt', 'ana@exemplo', 'ana silva@exemplo.pt', 'ana@@exemplo.pt'])(
    "refuses the e-mail %j with 'Indica um e-mail válido.'",
    (email) => {
      expectFieldMessage(shippingFormSchema, validShippingForm, 'email', email, 'Indica um e-mail válido.');
    },
  );

  it('bounds the e-mail to 254 characters', () => {
    expectFieldMessage(shippingFormSchema, validShippingForm, 'email', `${'a'.repeat(250)}@x.pt`, v.email.tooLong);
  });

  it.each(['1234-567', '1234 567', '1234567', '1234 - 567', '1234–567'])('accepts the postal code %j', (postalCode) => {
    expect(accepted(shippingFormSchema, { ...validShippingForm, postalCode }).postalCode).toBe('1234-567');
    expect(POSTAL_CODE_PATTERN.test(postalCode)).toBe(true);
  });

  it.each(['1234', '123-4567', '1234-56', 'ABCD-EFG', '1234--567', '12345-678'])(
    "refuses the postal code %j with 'O código postal deve ter o formato 1234-567.'",
    (postalCode) => {
      expectFieldMessage(shippingFormSchema, validShippingForm, 'postalCode', postalCode, 'O código postal deve ter o formato 1234-567.');
    },
  );

  it.each([
    ['912345678', '912345678'],
    ['912 345 678', '912345678'],
    ['912-345-678', '912345678'],
    ['912.345.678', '912345678'],
    ['(+351) 912-345-678', '+351912345678'],
    ['(351) 912 345 678', '351912345678'],
    ['+351912345678', '+351912345678'],
    ['+351 912 345 678', '+351912345678'],
    ['00351 912 345 678', '+351912345678'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('accepts the phone %j and stores it as %j', (phone, stored) => {
    expect(accepted(shippingFormSchema, { ...validShippingForm, phone }).phone).toBe(stored);
  });

  it.each([
    '12345678',
    '91234567a',
    '+ 351',
    '1'.repeat(16),
    '351+912345678',
    '+ + 912345678',
    '912 345 678 ext 2',
    '+351 (912) 345 678 999 999 9',
  ])('refuses the phone %j', (phone) => {
    expectFieldMessage(shippingFormSchema, validShippingForm, 'phone', phone, v.phone.invalid);
  });

  it('refuses unknown methods', () => {
    expectFieldMessage(shippingFormSchema, validShippingForm, 'shippingMethod', 'dhl', v.shippingMethod.invalid);
    expectFieldMessage(shippingFormSchema, validShippingForm, 'paymentMethod', 'MB WAY', v.paymentMethod.invalid);
  });

  it('requires the terms to be accepted, literally true', () => {
    for (const value of [false, 'true', 1, undefined]) {
      expectFieldMessage(shippingFormSchema, validShippingForm, 'acceptTerms', value, v.acceptTerms.required);
    }
    expect(v.acceptTerms.required).toBe(checkoutTexts.termsNotAccepted);
  });
});
