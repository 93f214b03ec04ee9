/**
 * `npm run deploy`: its reading of the Lambda quota: it passes the account's quota as
 * `-c lambdaConcurrency`, from GetAccountSettings' answer as recorded, and never stops the deploy. And
 * its first deploy (item 7): from the shop stack's state, as CloudFormation's recorded DescribeStacks
 * answers give it, a first deploy with `-c firstDeploy=true` and then the deploy that retains, the
 * ordinary deploy, or a stop with what to do.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyContext, contextArguments, preflightFirst, SKIP_PREFLIGHT } from '#infra/ops/deploy.ts';
import { planDeploy, prepareDeploy } from '#infra/ops/deploy/first-deploy.ts';
import { stageStacks } from '#infra/ops/deploy/stacks.ts';
import type { LambdaSettingsAnswer } from '#infra/ops/preflight/port.ts';
import { deployAgainst, RECORDED, recorded, REGION, STACK, type CdkStep, type Recorded } from './deploy-recorded.ts';

/** GetAccountSettings' answers as Lambda gives them: a new account, and a standard one. */
const NEW_ACCOUNT: LambdaSettingsAnswer = {
  AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
  AccountUsage: { FunctionCount: 0 },
};
const STANDARD: LambdaSettingsAnswer = {
  AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 },
  AccountUsage: { FunctionCount: 3 },
};

describe('npm run deploy: -c lambdaConcurrency from the account', () => {
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);

  it('passes the quota Lambda answers (10 or 1000)', async () => {
    expect(await concurrencyContext([], async () => NEW_ACCOUNT.AccountLimit?.ConcurrentExecutions, log)).toEqual([
      '-c',
      'lambdaConcurrency=10',
    ]);
    expect(await concurrencyContext(['--require-approval', 'never'], async () => STANDARD.AccountLimit?.ConcurrentExecutions, log)).toEqual(
      ['-c', 'lambdaConcurrency=1000'],
    );
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
    const denied = Object.assign(new Error('User is not authorized to perform: lambda:GetAccountSettings'), {
      name: 'AccessDeniedException',
    });
    expect(await concurrencyContext([], async () => Promise.reject(denied), log)).toEqual([]);
    expect(lines.at(-1)).toMatch(/lambda:GetAccountSettings.*sem concorrência reservada/);
  });
});

describe('npm run deploy: a first deploy until the shop stack has completed once', () => {
  const plan = async (answer: { status: number; body: string }) => {
    const { port, calls } = recorded(answer);
    const lines: string[] = [];
    return { plan: await prepareDeploy(port, STACK, REGION, (line) => void lines.push(line)), calls, lines };
  };

  it('no stack yet: first deploy', async () => {
    const { plan: p, lines } = await plan(RECORDED.none);
    expect(p).toMatchObject({ kind: 'first', unprotect: false });
    expect(lines.join('\n')).toMatch(/ainda não existe em eu-south-2: é o primeiro deploy/);
  });

  it('a failed creation (ROLLBACK_COMPLETE, ROLLBACK_FAILED) or a stack only reviewed: first deploy again', async () => {
    for (const answer of [RECORDED.createFailed, RECORDED.rollbackFailed, RECORDED.review]) {
      const { plan: p, calls } = await plan(answer);
      expect(p.kind).toBe('first');
      expect(calls.map((c) => c.get('Action'))).toEqual(['DescribeStacks']);
    }
  });

  it('a failed creation with termination protection (from before, or a plain cdk deploy): the protection goes first', async () => {
    const { plan: p, calls, lines } = await plan(RECORDED.createFailedProtected);
    expect(p).toMatchObject({ kind: 'first', unprotect: true });
    expect(Object.fromEntries(calls[1]!)).toEqual({
      Action: 'UpdateTerminationProtection',
      Version: '2010-05-15',
      StackName: STACK,
      EnableTerminationProtection: 'false',
    });
    expect(lines.join('\n')).toMatch(/falhou antes \(ROLLBACK_COMPLETE\)[\s\S]*Tirei a proteção/);
  });

  it('...and when that is refused, a stop with the command to run', async () => {
    const { port } = recorded(RECORDED.createFailedProtected, RECORDED.denied);
    const lines: string[] = [];
    const p = await prepareDeploy(port, STACK, REGION, (line) => void lines.push(line));
    expect(p.kind).toBe('stop');
    expect(p.say).toContain(
      `aws cloudformation update-termination-protection --no-enable-termination-protection --stack-name ${STACK} --region ${REGION}`,
    );
  });

  it('a stack that completed once (even if its last update rolled back): the ordinary deploy, protection untouched', async () => {
    for (const answer of [RECORDED.created, RECORDED.updateRolledBack]) {
      const { plan: p, calls } = await plan(answer);
      expect(p).toEqual({ kind: 'keep' });
      expect(calls).toHaveLength(1);
    }
  });

  it('the state cannot be read: the ordinary deploy, data retained, and it says why', async () => {
    const { plan: p, lines } = await plan(RECORDED.denied);
    expect(p.kind).toBe('keep');
    expect(lines[0]).toMatch(/AccessDenied.*retidos e protegidos/);
  });

  it('busy, not deletable, or stuck in a rollback: a stop, with what to do', async () => {
    expect((await plan(RECORDED.creating)).plan).toMatchObject({
      kind: 'stop',
      say: expect.stringMatching(/ocupada \(CREATE_IN_PROGRESS\)/),
    });
    expect((await plan(RECORDED.deleteFailed)).plan).toMatchObject({
      kind: 'stop',
      say: expect.stringMatching(/DataProofsBucketF9D19F7F[\s\S]*delete-stack --stack-name JoiasInox-prod --region eu-south-2/),
    });
    expect((await plan(RECORDED.updateRollbackFailed)).plan).toMatchObject({
      kind: 'stop',
      say: expect.stringMatching(/npx cdk rollback JoiasInox-prod/),
    });
  });

  it('planDeploy reads a DescribeStacks answer without the stack as no stack', () => {
    expect(planDeploy({ ok: true, answer: { Stacks: [] } }, STACK, REGION).kind).toBe('first');
  });
});

describe('npm run deploy: the cdk deploys it runs', () => {
  /** The shop's stack alone, in eu-south-2 (edgePlan none, SES in the shop's region for the test). */
  const stacks = stageStacks({ stage: 'prod', region: REGION, sesRegion: REGION, edgePlan: 'none' });
  async function run(answer: Recorded, exits: (number | CdkStep)[], args?: string[]) {
    return deployAgainst(
      stacks,
      { [STACK]: answer },
      exits.map((exit) => (typeof exit === 'number' ? { exit } : exit)),
      args,
    );
  }
  const DEPLOY = ['deploy', '--all', '--require-approval', 'never', '-c', 'lambdaConcurrency=1000'];

  it('first deploy that completes: deployed with -c firstDeploy=true, then again without it', async () => {
    const { code, runs, lines } = await run(RECORDED.none, [0, 0]);
    expect(code).toBe(0);
    expect(runs).toEqual([[...DEPLOY, '-c', 'firstDeploy=true'], DEPLOY]);
    expect(lines.at(-1)).toMatch(/completou\. O deploy corre outra vez para reter e proteger os dados/);
  });

  it('first deploy that fails: no second deploy, and it says the rollback deleted what it made and what to do', async () => {
    const { code, runs, lines } = await run(RECORDED.none, [1]);
    expect(code).toBe(1);
    expect(runs).toEqual([[...DEPLOY, '-c', 'firstDeploy=true']]);
    expect(lines.at(-1)).toMatch(/não ficou: o CloudFormation apagou o que ela criou.*corre outra vez npm run deploy/);
  });

  it('the deploy that retains fails: the exit code, and that the data are not yet retained', async () => {
    const { code, lines } = await run(RECORDED.none, [
      { exit: 0, leaves: { [STACK]: RECORDED.created } },
      { exit: 1, leaves: { [STACK]: RECORDED.updateRolledBack } },
    ]);
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/NÃO estão retidos nem protegidos.*Corre outra vez npm run deploy/);
  });

  it('a stack that completed: one deploy, no firstDeploy; a stop: no deploy at all', async () => {
    expect((await run(RECORDED.created, [0])).runs).toEqual([DEPLOY]);
    const stopped = await run(RECORDED.creating, []);
    expect([stopped.code, stopped.runs]).toEqual([1, []]);
  });

  it('refuses a firstDeploy the operator gives (the state decides it)', async () => {
    for (const given of [['-c', 'firstDeploy=true'], ['--context=firstDeploy=false']]) {
      const { code, runs, lines } = await run(RECORDED.created, [], given);
      expect([code, runs]).toEqual([2, []]);
      expect(lines[0]).toMatch(/Não dês -c firstDeploy/);
    }
  });

  it("refuses lintOnly (templates without the functions' code)", async () => {
    const { code, runs, lines } = await run(RECORDED.created, [], ['-c', 'lintOnly=true']);
    expect([code, runs]).toEqual([2, []]);
    expect(lines[0]).toMatch(/Não dês -c lintOnly/);
  });
});

describe('npm run deploy: preflight first', () => {
  it('runs the checks and stops on a blocker, saying how to skip them; --skip-preflight skips them', async () => {
    const lines: string[] = [];
    let runs = 0;
    const run = async (code: number) => {
      runs += 1;
      return code;
    };
    expect(
      await preflightFirst(
        ['--require-approval', 'never'],
        () => run(0),
        (line) => void lines.push(line),
      ),
    ).toBe(0);
    expect(
      await preflightFirst(
        [],
        () => run(1),
        (line) => void lines.push(line),
      ),
    ).toBe(1);
    expect(lines.at(-1)).toMatch(/O preflight encontrou o que impede o deploy.*npm run deploy -- --skip-preflight/);
    expect(
      await preflightFirst(
        [SKIP_PREFLIGHT],
        () => run(1),
        (line) => void lines.push(line),
      ),
    ).toBe(0);
    expect(runs).toBe(2);
  });
});
