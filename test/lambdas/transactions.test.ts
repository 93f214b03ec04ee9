/**
 * A cancelled transaction says which condition failed by its name, whatever the write's position:
 * against the twin's DynamoDB, which decides the conditions.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimProofItem, PROOF_UNCLAIMED } from '#lambdas/repositories/order-proofs.ts';
import { named, writeTransaction } from '#lambdas/repositories/transactions.ts';

/** A write that always passes its condition: a claim of a proof nobody has. */
const freshClaim = () => claimProofItem(`test/${randomUUID()}`, '000000', new Date());

describe('named conditions', () => {
  it('answers the failed condition by its name, with the item as it was, wherever it stands', async () => {
    const key = `test/${randomUUID()}`;
    expect((await writeTransaction([claimProofItem(key, '111111', new Date())], randomUUID())).written).toBe(true);

    const again = claimProofItem(key, '222222', new Date());
    const other = named('other-claim', freshClaim().write);
    for (const items of [
      [other, again],
      [again, other],
    ]) {
      const result = await writeTransaction(items, randomUUID());
      expect(result.written).toBe(false);
      if (result.written) return;
      expect(result.refused(PROOF_UNCLAIMED)?.old).toMatchObject({ id: `proof#${key}`, orderId: '111111' });
      expect(result.refused('other-claim')).toBeUndefined();
      expect(result.refusals).toHaveLength(1);
    }
  });

  it('refuses a transaction that names one condition twice, before writing anything', async () => {
    await expect(writeTransaction([freshClaim(), freshClaim()], randomUUID())).rejects.toThrow(`condition ${PROOF_UNCLAIMED} named twice`);
  });
});
