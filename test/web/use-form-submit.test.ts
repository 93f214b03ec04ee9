/**
 * The form submit's rules, without a browser: what the browser's check and a failed send come to
 * (field messages, the first field to focus, the outcome and its Portuguese text).
 */
import { describe, expect, it } from 'vitest';
import { apiTexts, myOrderTexts, validationTexts } from '#shared/messages/index.ts';
import { orderLookupSchema } from '#shared/schemas/order-lookup.ts';
import { ApiError } from '#web/lib/api.ts';
import { checkSubmission, failedSubmission, firstInvalidField } from '#web/lib/use-submit.ts';

const FIELD_ORDER = ['orderNumber', 'email'];

describe('the browser check before sending', () => {
  it('passes the parsed data on', () => {
    const checked = checkSubmission({ schema: orderLookupSchema }, { orderNumber: 'nº 123 456', email: 'ana@example.pt' });
    expect(checked).toEqual({ ok: true, data: { orderNumber: '123456', email: 'ana@example.pt' } });
  });

  it('gives a message per field and goes back to idle, the fields saying what is wrong', () => {
    const checked = checkSubmission({ schema: orderLookupSchema }, { orderNumber: 'abc', email: '' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.orderNumber).toBe(validationTexts.orderLookupNumber.invalid);
    expect(checked.errors.email).toBeTruthy();
    expect(checked.outcome).toEqual({ kind: 'idle' });
    expect(firstInvalidField(FIELD_ORDER, checked.errors)).toBe('orderNumber');
    expect(firstInvalidField(FIELD_ORDER, { email: checked.errors.email! })).toBe('email');
  });

  it('adds the checks the schema cannot make (theirs win), and says the alert when asked to', () => {
    const values = { orderNumber: '123456', email: 'ana@example.pt' };
    const checked = checkSubmission(
      {
        schema: orderLookupSchema,
        check: () => ({ email: 'Outro e-mail.' }),
        invalidAlert: (errors) => `${Object.keys(errors).length} campo`,
      },
      values,
    );
    expect(checked).toEqual({ ok: false, errors: { email: 'Outro e-mail.' }, outcome: { kind: 'failed', message: '1 campo' } });
  });
});

describe('a failed send', () => {
  const refusedFields = new ApiError(400, 'invalid_input', 'Dados inválidos.', { email: 'E-mail inválido.' });

  it('marks the fields the server names, with the invalid-input alert', () => {
    const failed = failedSubmission({}, refusedFields);
    expect(failed.fields).toEqual({ email: 'E-mail inválido.' });
    expect(failed.outcome).toEqual({ kind: 'failed', message: apiTexts.invalidInput, error: refusedFields });
  });

  it('says a refusal in the server’s words, and network trouble with the form’s own text', () => {
    const tooMany = new ApiError(429, 'too_many_requests', apiTexts.tooManyRequests(60));
    expect(failedSubmission({ failedMessage: myOrderTexts.lookupFailed }, tooMany).outcome).toMatchObject({
      kind: 'failed',
      message: apiTexts.tooManyRequests(60),
    });
    const network = new ApiError(0, 'network', apiTexts.unavailable);
    expect(failedSubmission({ failedMessage: myOrderTexts.lookupFailed }, network)).toEqual({
      fields: null,
      outcome: { kind: 'failed', message: myOrderTexts.lookupFailed, error: network },
    });
  });

  it('takes the form’s own reading of the refusal: its fields, its alert (none: idle), its text', () => {
    const onlyEmail = { serverFields: () => ({ email: 'Já pediste.' }), refusedFieldsAlert: () => undefined };
    expect(failedSubmission(onlyEmail, refusedFields)).toEqual({ fields: { email: 'Já pediste.' }, outcome: { kind: 'idle' } });
    expect(failedSubmission({ serverFields: () => null, failedMessage: () => 'Outra coisa.' }, refusedFields).outcome).toMatchObject({
      message: 'Outra coisa.',
    });
  });
});
