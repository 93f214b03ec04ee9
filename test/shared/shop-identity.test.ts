import { describe, expect, it } from 'vitest';
import { identityRows, isIdentityComplete, legalLine, OWNER_MUST_FILL, sellerIdentity, SHOP_IDENTITY } from '../../shared/shop-identity.ts';
import { WITHDRAWAL_DAYS, withdrawalForm } from '../../shared/withdrawal.ts';

const filled = { ...SHOP_IDENTITY, legalName: 'Joias Inox, Lda.', nif: '500000000', address: 'Rua das Flores, 12, 4050-262 Porto', phone: '+351 220 000 000', registration: 'Conservatória do Registo Comercial do Porto, n.º 500000000', shareCapital: '5 000 €' };

describe('the seller identification (one source)', () => {
  it('has every field the law asks for, and marks what the owner must still fill in', () => {
    expect(sellerIdentity()).toBe(SHOP_IDENTITY);
    expect(identityRows(SHOP_IDENTITY).map(([label]) => label)).toEqual(['Denominação social', 'NIF', 'Sede', 'E-mail', 'Telefone', 'Registo comercial', 'Capital social']);
    expect(SHOP_IDENTITY.nif).toBe(OWNER_MUST_FILL);
    expect(isIdentityComplete(SHOP_IDENTITY)).toBe(false);
    expect(isIdentityComplete(filled)).toBe(true);
  });

  it('reads as one legal line; a sole trader has no share capital row', () => {
    expect(legalLine(filled)).toBe('Joias Inox, Lda. · NIF 500000000 · Sede: Rua das Flores, 12, 4050-262 Porto');
    expect(identityRows({ ...filled, shareCapital: '' }).map(([label]) => label)).not.toContain('Capital social');
  });
});

describe('the right of withdrawal', () => {
  it('is 14 days, and the model form of Decreto-Lei 24/2014 names the seller', () => {
    expect(WITHDRAWAL_DAYS).toBe(14);
    const form = withdrawalForm(filled);
    expect(form.title).toBe('Modelo de formulário de livre resolução');
    expect(form.addressee).toBe('Para Joias Inox, Lda. (Joias Inox), Rua das Flores, 12, 4050-262 Porto, e-mail ola@joiasinox.pt:');
    expect(form.lines).toContain('Nome do(s) consumidor(es):');
    expect(form.lines.at(-1)).toBe('Data:');
  });
});
