/**
 * CloudFormation's answers as recorded, for the tests of `npm run deploy` (`deploy.test.ts`,
 * `deploy-failure.test.ts`): DescribeStacks for a stack in a state, errors, UpdateTerminationProtection,
 * and a recorded cloud: the stage's stacks, each in its region, whose states the fake `cdk` changes.
 */
import { expect } from 'vitest';
import { runDeploy } from '#infra/ops/deploy.ts';
import { deployPort } from '#infra/ops/deploy/first-deploy.ts';
import type { StageStack } from '#infra/ops/deploy/stacks.ts';
import { awsPort } from '#infra/ops/preflight/aws.ts';
import type { HttpAnswer, HttpCall } from '#infra/ops/preflight/http.ts';

export const ACCOUNT = '123456789012';
export const STACK = 'JoiasInox-prod';
export const REGION = 'eu-south-2';

/** DescribeStacks' recorded answer for the shop's stack in `status`. */
export const stackAnswer = (status: string, protection: boolean, reason?: string) =>
  stackAnswerOf(STACK, REGION, status, protection, reason);

/** DescribeStacks' recorded answer for stack `name` of `region` in `status`. */
export const stackAnswerOf = (name: string, region: string, status: string, protection: boolean, reason?: string) =>
  `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeStacksResult>
    <Stacks>
      <member>
        <CreationTime>2026-11-26T21:04:11.512Z</CreationTime>
        <Capabilities><member>CAPABILITY_IAM</member><member>CAPABILITY_NAMED_IAM</member>` +
  `<member>CAPABILITY_AUTO_EXPAND</member></Capabilities>
        <StackId>arn:aws:cloudformation:${region}:${ACCOUNT}:stack/${name}/5b7c1e20-cb9f-11f0-8a3e-0a5d7f1c2b3d</StackId>
        <StackName>${name}</StackName>
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

export const errorAnswer = (code: string, message: string) => `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>
  <RequestId>0d3e6f7a-2222-4b4b-8c8c-1a2b3c4d5e6f</RequestId>
</ErrorResponse>`;

export const RECORDED = {
  none: { status: 400, body: errorAnswer('ValidationError', `Stack with id ${STACK} does not exist`) },
  denied: {
    status: 403,
    body: errorAnswer(
      'AccessDenied',
      `User: arn:aws:iam::${ACCOUNT}:user/dona is not authorized to perform: cloudformation:DescribeStacks ` +
        `on resource: arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/*`,
    ),
  },
  createFailedProtected: {
    status: 200,
    body: stackAnswer(
      'ROLLBACK_COMPLETE',
      true,
      'The following resource(s) failed to create: [WebDistribution]. Rollback requested by user.',
    ),
  },
  createFailed: { status: 200, body: stackAnswer('ROLLBACK_COMPLETE', false) },
  rollbackFailed: {
    status: 200,
    body: stackAnswer('ROLLBACK_FAILED', false, 'The following resource(s) failed to delete: [DataAccessLogsC0C25EE4].'),
  },
  review: { status: 200, body: stackAnswer('REVIEW_IN_PROGRESS', false, 'User Initiated') },
  creating: { status: 200, body: stackAnswer('CREATE_IN_PROGRESS', false, 'User Initiated') },
  created: { status: 200, body: stackAnswer('CREATE_COMPLETE', true) },
  updateRolledBack: { status: 200, body: stackAnswer('UPDATE_ROLLBACK_COMPLETE', true) },
  updateRollbackFailed: { status: 200, body: stackAnswer('UPDATE_ROLLBACK_FAILED', true) },
  deleteFailed: {
    status: 200,
    body: stackAnswer('DELETE_FAILED', false, 'The following resource(s) failed to delete: [DataProofsBucketF9D19F7F].'),
  },
  protectionRemoved: {
    status: 200,
    body:
      `<UpdateTerminationProtectionResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <UpdateTerminationProtectionResult>` +
      `<StackId>arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${STACK}/5b7c1e20-cb9f-11f0-8a3e-0a5d7f1c2b3d</StackId>` +
      `</UpdateTerminationProtectionResult>
  <ResponseMetadata><RequestId>9f8e7d6c-1111-4a4a-8b8b-0a1b2c3d4e5f</RequestId></ResponseMetadata>
</UpdateTerminationProtectionResponse>`,
  },
} as const satisfies Record<string, { status: number; body: string }>;

/** The deploy port over a transport that answers DescribeStacks with `describe` and records every call. */
export function recorded(
  describe: { status: number; body: string },
  update: { status: number; body: string } = RECORDED.protectionRemoved,
) {
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

/** A recorded answer: HTTP status and body. */
export type Recorded = { status: number; body: string };

/**
 * A cloud of recorded stacks: `states[name]` is DescribeStacks' answer for that stack (none: "does not
 * exist"), in the region `regions[name]`; every call is checked to go to that region, and recorded.
 */
export function recordedCloud(regions: Readonly<Record<string, string>>, states: Record<string, Recorded>) {
  const calls: { action: string; stack: string; region: string }[] = [];
  const transport = async (call: HttpCall): Promise<HttpAnswer> => {
    const form = new URLSearchParams(call.body ?? '');
    const stack = form.get('StackName') ?? '';
    calls.push({ action: form.get('Action') ?? '', stack, region: call.region });
    expect([call.service, call.region]).toEqual(['cloudformation', regions[stack]]);
    const answer =
      form.get('Action') === 'DescribeStacks'
        ? (states[stack] ?? { status: 400, body: errorAnswer('ValidationError', `Stack with id ${stack} does not exist`) })
        : RECORDED.protectionRemoved;
    return { status: answer.status, headers: { 'content-type': 'text/xml' }, body: answer.body };
  };
  const aws = awsPort(REGION, { transport });
  return { port: deployPort(REGION, transport, aws.describeStacks), calls };
}

/** One run of the fake `cdk`: its exit code, and the stacks' answers it leaves behind. */
export type CdkStep = { readonly exit: number; readonly leaves?: Readonly<Record<string, Recorded>> };

/**
 * `runDeploy` against a recorded cloud of `stacks` starting in `states`: each `cdk` run takes the next
 * step (exit 0, nothing changed, when none is left). Returns the exit code, the cdk runs, the lines said
 * and the CloudFormation calls.
 */
export async function deployAgainst(
  stacks: readonly StageStack[],
  states: Record<string, Recorded>,
  steps: CdkStep[],
  args: string[] = ['--require-approval', 'never'],
) {
  const { port, calls } = recordedCloud(Object.fromEntries(stacks.map((s) => [s.name, s.region])), states);
  const runs: string[][] = [];
  const lines: string[] = [];
  const code = await runDeploy(args, ['-c', 'lambdaConcurrency=1000'], {
    cdk: (cdkArgs) => {
      runs.push([...cdkArgs]);
      const step = steps.shift() ?? { exit: 0 };
      Object.assign(states, step.leaves ?? {});
      return step.exit;
    },
    port,
    stacks,
    log: (line) => void lines.push(line),
  });
  return { code, runs, lines, calls };
}
