/**
 * The proof of payment as a form (`useProofForm`, on /payment and "A minha encomenda"), without a
 * browser: the missing file and the file the server refuses are said under the file field (its
 * `proofKey`, which gets the focus), with no alert; any other refusal is said in the alert, with where
 * to fix it and whether the reservation is over; a refused or used file must be chosen again.
 */
import { describe, expect, it } from 'vitest';
import { checkoutTexts, uploadTexts } from '#shared/messages/index.ts';
import { ApiError } from '#web/lib/api.ts';
import { checkSubmission, failedSubmission, firstInvalidField } from '#web/lib/use-submit.ts';
import { PROOF_FORM, proofRefusal, proofSpent, reservationOver } from '#web/features/my-order/use-proof-step.ts';

describe('the proof form before sending', () => {
  it('says a missing file under the file field, which gets the focus, and no alert', () => {
    const checked = checkSubmission(PROOF_FORM, { proofKey: undefined });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({ proofKey: checkoutTexts.proofMissing });
    expect(checked.outcome).toEqual({ kind: 'idle' });
    expect(firstInvalidField(PROOF_FORM.fieldOrder, checked.errors)).toBe('proofKey');
  });

  it('passes the uploaded key and the manual method on', () => {
    const proofKey = 'proofs/pending/0f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
    const checked = checkSubmission(PROOF_FORM, { proofKey, method: 'transferencia' });
    if (!checked.ok) expect.fail(`refused: ${JSON.stringify(checked.errors)}`);
    expect(checked.data).toEqual({ proofKey, method: 'transferencia' });
  });
});

describe('a refused proof', () => {
  const fileRefused = new ApiError(400, 'invalid_input', 'Dados inválidos.', { proofKey: uploadTexts.proofActiveContent });

  it('is said under the file field when the server refuses the file, with no alert; the file is spent', () => {
    expect(failedSubmission(PROOF_FORM, fileRefused)).toEqual({
      fields: { proofKey: uploadTexts.proofActiveContent },
      outcome: { kind: 'idle' },
    });
    expect(proofSpent(fileRefused)).toBe(true);
  });

  it('says any other refusal in the alert, the file kept unless already used', () => {
    const used = new ApiError(409, 'proof_used', 'Este comprovativo já foi enviado.');
    const failed = failedSubmission(PROOF_FORM, used);
    expect(failed.fields).toBeNull();
    expect(failed.outcome).toMatchObject({ kind: 'failed', error: used });
    expect(proofSpent(used)).toBe(true);
    expect(proofRefusal(used)).toEqual({ message: 'Este comprovativo já foi enviado.', fix: null, closed: false });
    const otherField = new ApiError(400, 'invalid_input', 'Dados inválidos.', { method: 'Método inválido.' });
    expect(failedSubmission(PROOF_FORM, otherField).fields).toBeNull();
    expect(proofSpent(otherField)).toBe(false);
    expect(proofSpent(new TypeError('Failed to fetch'))).toBe(false);
  });

  it('closes the step when the reservation is over, with the way back to the cart', () => {
    for (const code of ['reservation_expired', 'order_closed']) {
      const over = new ApiError(409, code, 'A reserva terminou.');
      expect(reservationOver(over)).toBe(true);
      expect(proofRefusal(over)).toEqual({ message: 'A reserva terminou.', fix: 'cart', closed: true });
      expect(proofSpent(over)).toBe(false);
    }
    expect(proofRefusal(new TypeError('Failed to fetch'))).toMatchObject({ fix: null, closed: false });
  });
});
