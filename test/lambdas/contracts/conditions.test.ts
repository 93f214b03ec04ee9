/**
 * DynamoDB's refusal of a write's condition, recognised in one place (`lambdas/repositories/conditions.ts`):
 * by the error's name, so another copy of the SDK's class is recognised too, and nothing else is taken
 * for a refusal. Against the real DynamoDB the repositories' own tests prove it (a reused challenge, a
 * taken discount code, a repeated idempotency key).
 */
import { ConditionalCheckFailedException, ResourceNotFoundException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { CONDITION_REFUSED, isConditionRefused, listHolds, unlessRefused, written } from '#lambdas/repositories/conditions.ts';

const $metadata = {};
const refusal = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata });
/** The same refusal thrown by another copy of the SDK: another class, the same name. */
const otherCopysRefusal = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

describe('isConditionRefused', () => {
  it("recognises the SDK's exception", () => {
    expect(isConditionRefused(refusal())).toBe(true);
    expect(refusal().name).toBe(CONDITION_REFUSED);
  });

  it('recognises an error of that name that is not of this SDK’s class', () => {
    expect(otherCopysRefusal()).not.toBeInstanceOf(ConditionalCheckFailedException);
    expect(isConditionRefused(otherCopysRefusal())).toBe(true);
  });

  it('refuses every other error and value', () => {
    for (const other of [
      new TransactionCanceledException({ message: 'Transaction cancelled', $metadata }),
      new ResourceNotFoundException({ message: 'Requested resource not found', $metadata }),
      new Error('ConditionalCheckFailedException'),
      'ConditionalCheckFailedException',
      { name: 'ConditionalCheckFailed' },
      undefined,
      null,
    ]) {
      expect(isConditionRefused(other)).toBe(false);
    }
  });
});

describe('a conditional write', () => {
  const answer = { Attributes: { id: 'o1' } };
  const failure = new ResourceNotFoundException({ message: 'Requested resource not found', $metadata });

  it('is written, with its answer, when it goes through', async () => {
    await expect(written(Promise.resolve(answer))).resolves.toBe(true);
    await expect(unlessRefused(Promise.resolve(answer))).resolves.toBe(answer);
  });

  it('is not written, with no answer, when its condition is refused', async () => {
    for (const refused of [refusal(), otherCopysRefusal()]) {
      await expect(written(Promise.reject(refused))).resolves.toBe(false);
      await expect(unlessRefused(Promise.reject(refused))).resolves.toBeUndefined();
    }
  });

  it('fails with any other error, unchanged', async () => {
    await expect(written(Promise.reject(failure))).rejects.toBe(failure);
    await expect(unlessRefused(Promise.reject(failure))).rejects.toBe(failure);
  });
});

describe('listHolds', () => {
  it('a list of n entries by its size, or none at all for 0 (such lists are written with an entry)', () => {
    expect(listHolds('#pay.refunds', 2, ':n')).toEqual({ condition: 'size(#pay.refunds) = :n', values: { ':n': 2 } });
    expect(listHolds('ledgerRecords', 0, ':kept')).toEqual({ condition: 'attribute_not_exists(ledgerRecords)', values: {} });
  });
});
