import { describe, expect, it } from 'vitest';
import { validationTexts } from '#shared/messages/index.ts';
import { contactMessageSchema, shippingFormSchema } from '#shared/schemas/index.ts';
import { cleanText } from '#shared/schemas/fields.ts';
import { accepted, expectFieldMessage, validShippingForm } from './support.ts';

const v = validationTexts;
const validContact = { name: 'Ana Silva', email: 'ana@exemplo.pt', phone: '912345678', subject: 'Anel', message: 'Olá' };

describe('free text loses what a person cannot see (docs/design.md §30)', () => {
  it('drops zero-width, bidi and other format characters, controls and lone surrogates', () => {
    expect(cleanText('A\u200Bn\u200Da\uFEFF')).toBe('Ana');
    expect(cleanText('\u202Eavli\u202CS')).toBe('avliS');
    expect(cleanText('Ana\u0000\u0007\u001B[31m')).toBe('Ana[31m');
    expect(cleanText('In\uD800ês')).toBe('Inês');
    expect(cleanText('Ine\u0301s')).toBe('Inés');
  });

  it('drops the line and paragraph separators U+2028/U+2029, in an address as anywhere', () => {
    expect(cleanText('Rua A\u2028nº 2\u2029')).toBe('Rua Anº 2');
    expect(cleanText('linha\u2028', true)).toBe('linha');
    const form = accepted(shippingFormSchema, { ...validShippingForm, address: 'Rua das Flores\u2028, 12' });
    expect(form.address).toBe('Rua das Flores, 12');
  });

  it('keeps line breaks only where a text has lines', () => {
    expect(cleanText('linha 1\r\nlinha 2\tfim', true)).toBe('linha 1\nlinha 2 fim');
    expect(cleanText('Rua A\nnº 2')).toBe('Rua A nº 2');
  });

  it('keeps letters of every script and emoji whole', () => {
    expect(cleanText('Zoë Ñuñez 李')).toBe('Zoë Ñuñez 李');
    expect(cleanText('💍 Anel')).toBe('💍 Anel');
  });

  it('refuses a first name of zero-width characters only, and a name without letters', () => {
    expectFieldMessage(shippingFormSchema, validShippingForm, 'firstName', '\u200B\u200B', v.firstName.required);
    expectFieldMessage(shippingFormSchema, validShippingForm, 'lastName', '12345', v.lastName.noLetter);
    expectFieldMessage(contactMessageSchema, validContact, 'name', '\u202E\u200F', v.contactName.required);
    expectFieldMessage(contactMessageSchema, validContact, 'name', '!!!', v.contactName.noLetter);
  });

  it('stores a name with a bidi override as the letters it shows, in order', () => {
    const form = accepted(shippingFormSchema, { ...validShippingForm, firstName: '\u202EanA\u202C', lastName: 'Silva\u2066' });
    expect(form.firstName).toBe('anA');
    expect(form.lastName).toBe('Silva');
  });

  it('keeps the message of a contact on its lines', () => {
    const sent = accepted(contactMessageSchema, { ...validContact, message: 'Olá,\r\n\r\nQueria um anel.\u200B' });
    expect(sent.message).toBe('Olá,\n\nQueria um anel.');
  });
});
