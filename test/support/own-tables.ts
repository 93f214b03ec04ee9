/**
 * Tables of a test file's own in the twin's DynamoDB Local: other test files share the twin and write
 * to its tables at the same time, so a file that checks figures exactly (counters, deletions by age)
 * points this process's handlers at fresh tables (they find tables by their environment variables),
 * seeded as the twin seeds new ones, and puts the environment back afterwards.
 */
import { createTables } from '#infra/twin/bootstrap.ts';
import { seedLocalSettings } from '#infra/twin/twin.ts';
import { checkSender } from '#lambdas/services/sender-check.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { tables, type TableKey } from '#lambdas/contracts/data-model.ts';
import { recount } from '#lambdas/services/counters.ts';
import { twin } from './twin.ts';

/** Creates the tables `<prefix>-<table>` and points the environment at them; answers the function that points it back. */
export async function useOwnTables(prefix: string): Promise<() => void> {
  await createTables(twin().endpoints.dynamodb, (key) => `${prefix}-${key}`);
  const saved: Partial<Record<string, string | undefined>> = {};
  for (const key of Object.keys(tables) as TableKey[]) {
    saved[tables[key].envVar] = process.env[tables[key].envVar];
    process.env[tables[key].envVar] = `${prefix}-${key}`;
  }
  await recount(); // what the twin does with a new counters table: zeros for every status
  // And with a new settings table: the shared twin's first record (demo seller and payments, the
  // test allowances of `test/support/global-setup.ts`) and what SES says of the sender, so the shop is open.
  await seedLocalSettings({ ownerMailsPerHour: 1_000_000, challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min });
  await checkSender();
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
