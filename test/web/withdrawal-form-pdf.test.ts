import { describe, expect, it } from 'vitest';
import { sellerIdentity } from '#shared/shop-identity.ts';
import { withdrawalFormPdf } from '#web/ssr/withdrawal-pdf.ts';
import { pdfText } from '../support/pdf.ts';

const seller = sellerIdentity({
  legalName: 'Joias Inox, Lda.',
  nif: '500000000',
  address: 'Rua das Flores, 12, 4050-262 Porto',
  email: '',
  phone: '',
  registration: '',
  shareCapital: '',
});

describe('the withdrawal form PDF', () => {
  it('is a valid one-page PDF naming the seller of the settings, the same bytes for the same seller', async () => {
    const pdf = await withdrawalFormPdf(seller);
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw.startsWith('%PDF-')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(raw).toMatch(/\/Title/);
    expect(pdfText(pdf)).toContain('Para Joias Inox, Lda. (Joias Inox), Rua das Flores, 12, 4050-262 Porto, e-mail ola@joiasinox.pt:');
    expect(Buffer.from(await withdrawalFormPdf(seller)).equals(Buffer.from(pdf))).toBe(true);
  });
});
