import { describe, expect, it } from 'vitest';
import { withdrawalFormPdf } from '../../web/build/withdrawal-form-pdf.ts';

describe('the withdrawal form PDF', () => {
  it('is a valid one-page PDF, the same bytes at every build', async () => {
    const pdf = await withdrawalFormPdf();
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toMatch(/\/Title/);
    expect((await withdrawalFormPdf()).equals(pdf)).toBe(true);
  });
});
