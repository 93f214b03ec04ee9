import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationTexts } from '#shared/messages/index.ts';
import * as schemas from '#shared/schemas/index.ts';
import { FORM_ERROR_KEY, fieldErrors } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { errorsOf, validShippingForm } from './support.ts';

const allSchemas = {
  shippingFormSchema: schemas.shippingFormSchema,
  contactMessageSchema: schemas.contactMessageSchema,
  stockAlertSchema: schemas.stockAlertSchema,
  placeOrderSchema: schemas.placeOrderSchema,
  proofUploadRequestSchema: schemas.proofUploadRequestSchema,
  imageUploadRequestSchema: schemas.imageUploadRequestSchema,
  productInputSchema: schemas.productInputSchema,
  collectionInputSchema: schemas.collectionInputSchema,
  orderStatusChangeSchema: schemas.orderStatusChangeSchema,
  adminEmailRequestSchema: schemas.adminEmailRequestSchema,
};

/** Every static text of `validationTexts`. */
function allValidationTexts(): Set<string> {
  const texts = new Set<string>();
  const collect = (node: unknown): void => {
    if (typeof node === 'string') texts.add(node);
    else if (node && typeof node === 'object') Object.values(node).forEach(collect);
  };
  collect(validationTexts);
  return texts;
}

describe('fieldErrors', () => {
  it('keeps the first message of each dotted path', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['shipping', 'postalCode'], message: 'primeira', input: '' },
      { code: 'custom', path: ['shipping', 'postalCode'], message: 'segunda', input: '' },
      { code: 'custom', path: ['items', 0, 'quantity'], message: 'quantidade', input: 0 },
    ]);
    expect(fieldErrors(error)).toEqual({ 'shipping.postalCode': 'primeira', 'items.0.quantity': 'quantidade' });
  });

  it('puts messages about the whole body under _form', () => {
    expect(FORM_ERROR_KEY).toBe('_form');
    expect(errorsOf(schemas.collectionInputSchema, null)).toEqual({ _form: 'Os dados enviados não são válidos.' });
    expect(errorsOf(schemas.placeOrderSchema, [])).toEqual({ _form: validationTexts.form.invalid });
  });

  it('reports the first rule a field breaks: missing before malformed', () => {
    expect(errorsOf(schemas.shippingFormSchema, { ...validShippingForm, email: '' })).toEqual({
      email: validationTexts.email.required,
    });
  });
});

describe('schema messages', () => {
  const texts = allValidationTexts();
  const garbage: unknown[] = [
    undefined,
    null,
    0,
    'x',
    [],
    {},
    { kind: 1 },
    Object.fromEntries(
      [
        'email',
        'firstName',
        'lastName',
        'country',
        'address',
        'city',
        'postalCode',
        'phone',
        'shippingMethod',
        'paymentMethod',
        'acceptTerms',
        'name',
        'subject',
        'message',
        'productId',
        'items',
        'shipping',
        'proofKey',
        'contentType',
        'size',
        'code',
        'sku',
        'description',
        'type',
        'collection',
        'priceCents',
        'discountPercent',
        'stock',
        'photos',
        'status',
        'kind',
        'trackingCode',
      ].map((key, i) => [key, [null, 42, 'x'.repeat(6000), {}, [], -1, 1e20, Number.NaN, true][i % 9]]),
    ),
    { items: [null, { productId: null, quantity: Number.POSITIVE_INFINITY }], shipping: [] },
    { kind: 'shipped', trackingCode: {} },
  ];

  it.each(Object.entries(allSchemas))('%s only ever speaks pt-PT from validationTexts', (_name, schema) => {
    for (const input of garbage) {
      const result = schema.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) expect(texts).toContain(issue.message);
    }
  });
});

describe('length messages', () => {
  it('state the same limits the schemas enforce', () => {
    const v = validationTexts;
    const pairs: [number, string][] = [
      [TEXT_LIMITS.email, v.email.tooLong],
      [TEXT_LIMITS.firstName, v.firstName.tooLong],
      [TEXT_LIMITS.lastName, v.lastName.tooLong],
      [TEXT_LIMITS.address, v.address.tooLong],
      [TEXT_LIMITS.city, v.city.tooLong],
      [TEXT_LIMITS.contactName, v.contactName.tooLong],
      [TEXT_LIMITS.subject, v.subject.tooLong],
      [TEXT_LIMITS.message, v.message.tooLong],
      [TEXT_LIMITS.productName, v.productName.tooLong],
      [TEXT_LIMITS.productCode, v.productCode.tooLong],
      [TEXT_LIMITS.sku, v.sku.invalid],
      [TEXT_LIMITS.description, v.description.invalid],
      [TEXT_LIMITS.collectionName, v.collectionName.tooLong],
      [TEXT_LIMITS.collectionName, v.productCollection.invalid],
      [TEXT_LIMITS.trackingCode, v.trackingCode.tooLong],
    ];
    for (const [limit, message] of pairs) expect(message).toContain(` ${limit} caracteres`);
  });
});
