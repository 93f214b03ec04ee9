import { describe, expect, it } from 'vitest';
import { validationTexts } from '#shared/messages/index.ts';
import { contactMessageSchema, stockAlertSchema } from '#shared/schemas/index.ts';
import { TEXT_LIMITS } from '#shared/schemas/fields.ts';
import { accepted, errorsOf, expectFieldMessage } from './support.ts';

const v = validationTexts;

const validContact = {
  name: 'Ana Silva',
  email: 'ana@exemplo.pt',
  phone: '912345678',
  subject: 'Tamanhos',
  message: 'Olá! Que tamanhos têm os anéis?',
};

describe('contactMessageSchema', () => {
  it('accepts a complete message, trimmed', () => {
    expect(accepted(contactMessageSchema, { ...validContact, subject: '  Tamanhos  ' })).toEqual(validContact);
  });

  it('requires every field, each with its own message', () => {
    expect(errorsOf(contactMessageSchema, {})).toEqual({
      name: 'Indica o teu nome.',
      email: 'Indica o teu e-mail.',
      phone: 'Indica o teu telefone.',
      subject: 'Indica o assunto.',
      message: 'Escreve a tua mensagem.',
    });
    expectFieldMessage(contactMessageSchema, validContact, 'message', ' \n ', v.message.required);
  });

  it('checks e-mail and phone', () => {
    expectFieldMessage(contactMessageSchema, validContact, 'email', 'ana.exemplo.pt', 'Indica um e-mail válido.');
    expectFieldMessage(contactMessageSchema, validContact, 'phone', '123', v.phone.invalid);
  });

  it('bounds name to 100, subject to 150 and message to 5000 characters', () => {
    expect(TEXT_LIMITS).toMatchObject({ contactName: 100, subject: 150, message: 5000 });
    accepted(contactMessageSchema, { ...validContact, message: 'a'.repeat(5000) });
    expectFieldMessage(contactMessageSchema, validContact, 'message', 'a'.repeat(5001), v.message.tooLong);
    expectFieldMessage(contactMessageSchema, validContact, 'name', 'a'.repeat(101), v.contactName.tooLong);
    expectFieldMessage(contactMessageSchema, validContact, 'subject', 'a'.repeat(151), v.subject.tooLong);
  });
});

describe('stockAlertSchema', () => {
  const valid = { email: 'ana@exemplo.pt', productId: 'colar-lua' };

  it('accepts an e-mail and a product id', () => {
    expect(accepted(stockAlertSchema, { email: ' ana@exemplo.pt ', productId: 'colar-lua' })).toEqual(valid);
    accepted(stockAlertSchema, { ...valid, productId: '0b8e8a8e-6f1e-4c1e-9d7a-2a5b1c3d4e5f' });
  });

  it("asks for a missing e-mail with the notice's own words", () => {
    expectFieldMessage(stockAlertSchema, valid, 'email', '', 'Insere o teu e-mail para te conseguirmos avisar');
    expectFieldMessage(stockAlertSchema, valid, 'email', undefined, validationTexts.stockAlertEmail.required);
    expectFieldMessage(stockAlertSchema, valid, 'email', 'ana@', 'Indica um e-mail válido.');
  });

  it.each(['', '../x', 'a b', 'x'.repeat(101), 42])('refuses the product id %j', (productId) => {
    expectFieldMessage(stockAlertSchema, valid, 'productId', productId, 'Produto inválido.');
  });
});
