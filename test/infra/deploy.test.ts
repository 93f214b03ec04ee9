/**
 * `npm run deploy`'s reading of the Lambda quota (issue 36 item 9): it passes the account's quota as
 * `-c lambdaConcurrency`, from GetAccountSettings' answer as recorded, and never stops the deploy.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyContext, contextArguments } from '#infra/ops/deploy.ts';
import type { LambdaSettingsAnswer } from '#infra/ops/preflight/port.ts';

/** GetAccountSettings' answers as Lambda gives them: a new account, and a standard one. */
const NEW_ACCOUNT: LambdaSettingsAnswer = { AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 }, AccountUsage: { FunctionCount: 0 } };
const STANDARD: LambdaSettingsAnswer = { AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 }, AccountUsage: { FunctionCount: 3 } };

describe('npm run deploy: -c lambdaConcurrency from the account', () => {
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);

  it('passes the quota Lambda answers (10 or 1000)', async () => {
    expect(await concurrencyContext([], async () => NEW_ACCOUNT.AccountLimit?.ConcurrentExecutions, log)).toEqual(['-c', 'lambdaConcurrency=10']);
    expect(await concurrencyContext(['--require-approval', 'never'], async () => STANDARD.AccountLimit?.ConcurrentExecutions, log)).toEqual(['-c', 'lambdaConcurrency=1000']);
    expect(lines.at(-1)).toContain('1000');
  });

  it("keeps the operator's own value, and does not ask", async () => {
    let asked = false;
    const ask = async () => {
      asked = true;
      return 1000;
    };
    expect(await concurrencyContext(['-c', 'lambdaConcurrency=500'], ask, log)).toEqual([]);
    expect(await concurrencyContext(['--context=lambdaConcurrency=500'], ask, log)).toEqual([]);
    expect(asked).toBe(false);
    expect(contextArguments(['-c', 'lambdaConcurrency=500', '--all'])).toEqual(['-c', 'lambdaConcurrency=500']);
  });

  it('no answer or an error (no credentials, AccessDenied): nothing passed, the deploy goes on, and says why', async () => {
    expect(await concurrencyContext([], async () => undefined, log)).toEqual([]);
    const denied = Object.assign(new Error('User is not authorized to perform: lambda:GetAccountSettings'), { name: 'AccessDeniedException' });
    expect(await concurrencyContext([], async () => Promise.reject(denied), log)).toEqual([]);
    expect(lines.at(-1)).toMatch(/lambda:GetAccountSettings.*sem concorrência reservada/);
  });
});
