/**
 * `npm run deploy`: its reading of the Lambda quota (issue 36 item 9): it passes the account's quota as
 * `-c lambdaConcurrency`, from GetAccountSettings' answer as recorded, and never stops the deploy. And
 * its first deploy (item 7): from the shop stack's state, as CloudFormation's recorded DescribeStacks
 * answers give it, a first deploy with `-c firstDeploy=true` and then the deploy that retains, the
 * ordinary deploy, or a stop with what to do.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyContext, contextArguments, runDeploy } from '#infra/ops/deploy.ts';
import { deployPort, planDeploy, prepareDeploy } from '#infra/ops/deploy/first-deploy.ts';
import { awsPort } from '#infra/ops/preflight/aws.ts';
import type { HttpAnswer, HttpCall } from '#infra/ops/preflight/http.ts';
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

const ACCOUNT = '123456789012';
const STACK = 'JoiasInox-prod';
const REGION = 'eu-south-2';

/** DescribeStacks' recorded answer for the shop's stack in `status`. */
const stackAnswer = (status: string, protection: boolean, reason?: string) => `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeStacksResult>
    <Stacks>
      <member>
        <CreationTime>2026-11-26T21:04:11.512Z</CreationTime>
        <Capabilities><member>CAPABILITY_IAM</member><member>CAPABILITY_NAMED_IAM</member><member>CAPABILITY_AUTO_EXPAND</member></Capabilities>
        <StackId>arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/5b7c1e20-cb9f-11f0-8a3e-0a5d7f1c2b3d</StackId>
        <StackName>${STACK}</StackName>
        <Description>Joias Inox online shop (prod)</Description>
        <DisableRollback>false</DisableRollback>
        <EnableTerminationProtection>${protection}</EnableTerminationProtection>
        <StackStatus>${status}</StackStatus>${reason ? `\n        <StackStatusReason>${reason}</StackStatusReason>` : ''}
        <Tags><member><Key>JoiasInoxStage</Key><Value>prod</Value></member></Tags>
        <Outputs/>
        <DriftInformation><StackDriftStatus>NOT_CHECKED</StackDriftStatus></DriftInformation>
      </member>
    </Stacks>
  </DescribeStacksResult>
  <ResponseMetadata><RequestId>6a1f0c3e-7d2b-4c5a-9e8f-1b2c3d4e5f60</RequestId></ResponseMetadata>
</DescribeStacksResponse>`;

const errorAnswer = (code: string, message: string) => `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>
  <RequestId>0d3e6f7a-2222-4b4b-8c8c-1a2b3c4d5e6f</RequestId>
</ErrorResponse>`;

const RECORDED = {
  none: { status: 400, body: errorAnswer('ValidationError', `Stack with id ${STACK} does not exist`) },
  denied: {
    status: 403,
    body: errorAnswer('AccessDenied', `User: arn:aws:iam::${ACCOUNT}:user/dona is not authorized to perform: cloudformation:DescribeStacks on resource: arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/*`),
  },
  createFailedProtected: { status: 200, body: stackAnswer('ROLLBACK_COMPLETE', true, 'The following resource(s) failed to create: [WebDistribution]. Rollback requested by user.') },
  createFailed: { status: 200, body: stackAnswer('ROLLBACK_COMPLETE', false) },
  rollbackFailed: { status: 200, body: stackAnswer('ROLLBACK_FAILED', false, 'The following resource(s) failed to delete: [DataAccessLogsC0C25EE4].') },
  review: { status: 200, body: stackAnswer('REVIEW_IN_PROGRESS', false, 'User Initiated') },
  creating: { status: 200, body: stackAnswer('CREATE_IN_PROGRESS', false, 'User Initiated') },
  created: { status: 200, body: stackAnswer('CREATE_COMPLETE', true) },
  updateRolledBack: { status: 200, body: stackAnswer('UPDATE_ROLLBACK_COMPLETE', true) },
  updateRollbackFailed: { status: 200, body: stackAnswer('UPDATE_ROLLBACK_FAILED', true) },
  deleteFailed: { status: 200, body: stackAnswer('DELETE_FAILED', false, 'The following resource(s) failed to delete: [DataProofsBucketF9D19F7F].') },
  protectionRemoved: { status: 200, body: `<UpdateTerminationProtectionResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <UpdateTerminationProtectionResult><StackId>arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/5b7c1e20-cb9f-11f0-8a3e-0a5d7f1c2b3d</StackId></UpdateTerminationProtectionResult>
  <ResponseMetadata><RequestId>9f8e7d6c-1111-4a4a-8b8b-0a1b2c3d4e5f</RequestId></ResponseMetadata>
</UpdateTerminationProtectionResponse>` },
} as const satisfies Record<string, { status: number; body: string }>;

/** The deploy port over a transport that answers DescribeStacks with `describe` and records every call. */
function recorded(describe: { status: number; body: string }, update: { status: number; body: string } = RECORDED.protectionRemoved) {
  const calls: URLSearchParams[] = [];
  const transport = async (call: HttpCall): Promise<HttpAnswer> => {
    const form = new URLSearchParams(call.body ?? '');
    calls.push(form);
    expect([call.service, call.region]).toEqual(['cloudformation', REGION]);
    const answer = form.get('Action') === 'DescribeStacks' ? describe : update;
    return { status: answer.status, headers: { 'content-type': 'text/xml' }, body: answer.body };
  };
  const aws = awsPort(REGION, { transport });
  return { port: deployPort(REGION, transport, aws.describeStacks), calls };
}

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
    expect(Object.fromEntries(calls[1]!)).toEqual({ Action: 'UpdateTerminationProtection', Version: '2010-05-15', StackName: STACK, EnableTerminationProtection: 'false' });
    expect(lines.join('\n')).toMatch(/falhou antes \(ROLLBACK_COMPLETE\)[\s\S]*Tirei a proteção/);
  });

  it('...and when that is refused, a stop with the command to run', async () => {
    const { port } = recorded(RECORDED.createFailedProtected, RECORDED.denied);
    const lines: string[] = [];
    const p = await prepareDeploy(port, STACK, REGION, (line) => void lines.push(line));
    expect(p.kind).toBe('stop');
    expect(p.say).toContain(`aws cloudformation update-termination-protection --no-enable-termination-protection --stack-name ${STACK} --region ${REGION}`);
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
    expect((await plan(RECORDED.creating)).plan).toMatchObject({ kind: 'stop', say: expect.stringMatching(/ocupada \(CREATE_IN_PROGRESS\)/) });
    expect((await plan(RECORDED.deleteFailed)).plan).toMatchObject({ kind: 'stop', say: expect.stringMatching(/DataProofsBucketF9D19F7F[\s\S]*delete-stack --stack-name JoiasInox-prod --region eu-south-2/) });
    expect((await plan(RECORDED.updateRollbackFailed)).plan).toMatchObject({ kind: 'stop', say: expect.stringMatching(/npx cdk rollback JoiasInox-prod/) });
  });

  it('planDeploy reads a DescribeStacks answer without the stack as no stack', () => {
    expect(planDeploy({ ok: true, answer: { Stacks: [] } }, STACK, REGION).kind).toBe('first');
  });
});

describe('npm run deploy: the cdk deploys it runs', () => {
  async function run(answer: { status: number; body: string }, exits: number[], args: string[] = ['--require-approval', 'never']) {
    const { port } = recorded(answer);
    const runs: string[][] = [];
    const lines: string[] = [];
    const code = await runDeploy(args, ['-c', 'lambdaConcurrency=1000'], {
      cdk: (cdkArgs) => {
        runs.push([...cdkArgs]);
        return exits.shift() ?? 0;
      },
      port,
      stackName: STACK,
      region: REGION,
      log: (line) => void lines.push(line),
    });
    return { code, runs, lines };
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
    expect(lines.at(-1)).toMatch(/primeiro deploy falhou.*apagou o que ela criou.*corre outra vez npm run deploy/);
  });

  it('the deploy that retains fails: the exit code, and that the data are not yet retained', async () => {
    const { code, lines } = await run(RECORDED.none, [0, 1]);
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/ainda não estão retidos nem protegidos: corre outra vez npm run deploy/);
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

  it('refuses lintOnly (templates without the functions\' code)', async () => {
    const { code, runs, lines } = await run(RECORDED.created, [], ['-c', 'lintOnly=true']);
    expect([code, runs]).toEqual([2, []]);
    expect(lines[0]).toMatch(/Não dês -c lintOnly/);
  });
});
