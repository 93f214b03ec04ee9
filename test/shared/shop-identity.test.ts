import { describe, expect, it } from 'vitest';
import { shopSettingsSchema } from '#shared/schemas/settings.ts';
import { DEFAULT_SETTINGS } from '#shared/settings.ts';
import { identityRows, isValidNif, legalLine, sellerIdentity, SHOP_BRAND } from '#shared/shop-identity.ts';
import { WITHDRAWAL_DAYS, withdrawalForm } from '#shared/withdrawal.ts';

const given = {
  legalName: 'Joias Inox, Lda.',
  nif: '500000000',
  address: 'Rua das Flores, 12, 4050-262 Porto',
  email: 'reclamacoes@example.pt',
  phone: '+351 220 000 000',
  registration: 'Conservatória do Registo Comercial do Porto, n.º 500000000',
  shareCapital: '5 000 €',
};
const filled = sellerIdentity(given);

describe('the seller identification (the brand and the settings)', () => {
  it('has every field the law asks for, and shows nothing (never a placeholder) for what the owner has not given yet', () => {
    const unset = sellerIdentity(DEFAULT_SETTINGS.seller);
    expect(unset).toMatchObject(SHOP_BRAND);
    expect(identityRows(filled).map(([label]) => label)).toEqual([
      'Denominação social',
      'NIF',
      'Sede',
      'E-mail',
      'Telefone',
      'Registo comercial',
      'Capital social',
    ]);
    expect(filled.email).toBe('reclamacoes@example.pt');
    expect(unset.nif).toBe('');
    expect(identityRows(unset)).toEqual([['E-mail', SHOP_BRAND.email]]);
    expect(legalLine(unset)).toBe('');
    expect(withdrawalForm(unset).addressee).toBe(`Para ${SHOP_BRAND.name}, e-mail ${SHOP_BRAND.email}:`);
    // Blank is not given.
    expect(sellerIdentity({ ...given, address: '   ' }).address).toBe('');
    expect(legalLine(sellerIdentity({ ...given, address: '   ' }))).toBe('Joias Inox, Lda. · NIF 500000000');
  });

  it('reads as one legal line; a sole trader has no share capital row', () => {
    expect(legalLine(filled)).toBe('Joias Inox, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto');
    expect(identityRows(sellerIdentity({ ...given, shareCapital: '' })).map(([label]) => label)).not.toContain('Capital social');
  });

  it('takes a NIF only with its check digit', () => {
    for (const nif of ['500000000', '123456789', '503504564', '980000009', '459999990']) expect(isValidNif(nif), nif).toBe(true);
    for (const nif of ['500000001', '123456788', '012345678', '400000000', '980000000', '12345678', '1234567890', '12345678a', ''])
      expect(isValidNif(nif), nif).toBe(false);
  });

  it('is saved from "Definições" as typed, the NIF as nine digits; hostile or mistyped values are refused in Portuguese', () => {
    const settings = { ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, paypal: 'loja@exemplo.pt' } };
    const parsed = shopSettingsSchema.parse({ ...settings, seller: { ...given, nif: 'PT 500 000 000' } });
    expect(parsed.seller.nif).toBe('500000000');
    const refused = (seller: Partial<typeof given>) => shopSettingsSchema.safeParse({ ...settings, seller: { ...given, ...seller } });
    expect(refused({ nif: '500000001' }).error?.issues[0]).toMatchObject({
      path: ['seller', 'nif'],
      message: expect.stringContaining('NIF não é válido'),
    });
    expect(refused({ legalName: '<a href="https://phish.example">Joias</a>' }).success).toBe(false);
    expect(refused({ address: 'Rua A\nLinha 2' }).success).toBe(false);
    expect(refused({ address: 'x'.repeat(201) }).success).toBe(false);
    expect(refused({ phone: 'liga-me' }).success).toBe(false);
    // Not given yet is allowed (the shop shows it as still to be filled in).
    expect(shopSettingsSchema.parse({ ...settings, seller: DEFAULT_SETTINGS.seller }).seller).toEqual(DEFAULT_SETTINGS.seller);
  });
});

describe('the right of withdrawal', () => {
  it('is 14 days, and the model form of Decreto-Lei 24/2014 names the seller', () => {
    expect(WITHDRAWAL_DAYS).toBe(14);
    const form = withdrawalForm(filled);
    expect(form.title).toBe('Modelo de formulário de livre resolução');
    expect(form.addressee).toBe('Para Joias Inox, Lda. (Joias Inox), Rua das Flores, 12, 4050-262 Porto, e-mail reclamacoes@example.pt:');
    expect(form.lines).toContain('Nome do(s) consumidor(es):');
    expect(form.lines.at(-1)).toBe('Data:');
  });
});
