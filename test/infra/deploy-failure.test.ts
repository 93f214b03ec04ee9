/**
 * `npm run deploy` after a failure: it reads every stack's state again, and when the shop's stack
 * completed in first-deploy mode (its data not yet retained nor protected) it deploys that stack alone
 * again, without `-c firstDeploy=true`, before it reports each stack and its state
 * (`infra/ops/deploy/after-failure.ts`). Against CloudFormation's recorded DescribeStacks answers for the
 * stage's five stacks, each in its region: the shop failed, a later stack (Plan, EdgeLogs) failed, the
 * protecting deploy failed, the deploy interrupted.
 */
import { describe, expect, it } from 'vitest';
import { stageStacks } from '#infra/ops/deploy/stacks.ts';
import { deployAgainst, errorAnswer, REGION, STACK, stackAnswerOf, type Recorded } from './deploy-recorded.ts';

const STACKS = stageStacks({ stage: 'prod', region: REGION, sesRegion: 'eu-west-1', edgePlan: 'free' });
const [WAF, MAIL, , PLAN, EDGE_LOGS] = STACKS.map((s) => s.name) as [string, string, string, string, string];
const regionOf = (name: string) => STACKS.find((s) => s.name === name)!.region;
const state = (name: string, status: string, reason?: string): Recorded => ({
  status: 200,
  body: stackAnswerOf(name, regionOf(name), status, false, reason),
});

const ARGS = ['--require-approval', 'never'];
const FIRST = ['deploy', '--all', ...ARGS, '-c', 'lambdaConcurrency=1000', '-c', 'firstDeploy=true'];
const PROTECT = ['deploy', STACK, '--exclusively', ...ARGS, '-c', 'lambdaConcurrency=1000'];

/** The edge's stacks and the mail stack, created before the shop's. */
const BEFORE_SHOP = () => ({ [WAF]: state(WAF, 'CREATE_COMPLETE'), [MAIL]: state(MAIL, 'CREATE_COMPLETE') });
const PLAN_FAILED = 'The following resource(s) failed to create: [Subscription]. Rollback requested by user.';

describe('npm run deploy: after a failed first deploy', () => {
  it("lists the stage's stacks in deploy order, each in its region", () => {
    expect(STACKS.map((s) => `${s.name}@${s.region}`)).toEqual([
      'JoiasInox-prod-Waf@us-east-1',
      'JoiasInox-prod-Mail@eu-west-1',
      'JoiasInox-prod@eu-south-2',
      'JoiasInox-prod-Plan@us-east-1',
      'JoiasInox-prod-EdgeLogs@us-east-1',
    ]);
  });

  it('the shop failed: nothing to protect, each stack named with its state', async () => {
    const failed = state(
      STACK,
      'ROLLBACK_COMPLETE',
      'The following resource(s) failed to create: [WebDistribution]. Rollback requested by user.',
    );
    const { code, runs, lines, calls } = await deployAgainst(
      STACKS,
      {},
      [{ exit: 1, leaves: { ...BEFORE_SHOP(), [STACK]: failed } }],
      ARGS,
    );
    expect(code).toBe(1);
    expect(runs).toEqual([FIRST]);
    const said = lines.join('\n');
    expect(said).toContain(`- ${WAF} (us-east-1): completa (CREATE_COMPLETE)`);
    expect(said).toContain(`- ${MAIL} (eu-west-1): completa (CREATE_COMPLETE)`);
    expect(said).toMatch(/- JoiasInox-prod \(eu-south-2\): a criação falhou .*ROLLBACK_COMPLETE: .*WebDistribution/);
    expect(said).toContain(`- ${PLAN} (us-east-1): não existe`);
    expect(said).toContain(`- ${EDGE_LOGS} (us-east-1): não existe`);
    expect(lines.at(-1)).toMatch(/JoiasInox-prod não ficou: o CloudFormation apagou o que ela criou/);
    // One DescribeStacks for the plan, one per stack after the failure.
    expect(calls.filter((c) => c.action === 'DescribeStacks')).toHaveLength(1 + STACKS.length);
  });

  for (const [later, left] of [
    [PLAN, { [PLAN]: state(PLAN, 'ROLLBACK_COMPLETE', PLAN_FAILED) }],
    [
      EDGE_LOGS,
      {
        [PLAN]: state(PLAN, 'CREATE_COMPLETE'),
        [EDGE_LOGS]: state(EDGE_LOGS, 'ROLLBACK_COMPLETE', 'The following resource(s) failed to create: [Delivery].'),
      },
    ],
  ] as const) {
    it(`a later stack failed (${later}): the shop's stack alone deployed again to protect the data, then the report`, async () => {
      const { code, runs, lines } = await deployAgainst(
        STACKS,
        {},
        [
          { exit: 1, leaves: { ...BEFORE_SHOP(), [STACK]: state(STACK, 'CREATE_COMPLETE'), ...left } },
          { exit: 0, leaves: { [STACK]: state(STACK, 'UPDATE_COMPLETE') } },
        ],
        ARGS,
      );
      expect(code).toBe(1);
      expect(runs).toEqual([FIRST, PROTECT]);
      const said = lines.join('\n');
      expect(said).toMatch(/JoiasInox-prod completou em modo de primeiro deploy: faço agora, só nela, o deploy que retém e protege/);
      expect(said).toContain(`- ${STACK} (eu-south-2): completa (UPDATE_COMPLETE)`);
      expect(said).toMatch(new RegExp(`- ${later} \\(us-east-1\\): a criação falhou`));
      expect(lines.at(-1)).toMatch(/está no ar com os dados retidos e protegidos.*corre outra vez npm run deploy/);
    });
  }

  it('the protecting deploy failed: the shop is live and its data are said to be unprotected, and what to do', async () => {
    const { code, runs, lines } = await deployAgainst(
      STACKS,
      {},
      [
        {
          exit: 1,
          leaves: { ...BEFORE_SHOP(), [STACK]: state(STACK, 'CREATE_COMPLETE'), [PLAN]: state(PLAN, 'ROLLBACK_COMPLETE', PLAN_FAILED) },
        },
        {
          exit: 1,
          leaves: { [STACK]: state(STACK, 'UPDATE_ROLLBACK_COMPLETE', 'The following resource(s) failed to update: [DataOrders].') },
        },
      ],
      ARGS,
    );
    expect(code).toBe(1);
    expect(runs).toEqual([FIRST, PROTECT]);
    expect(lines.join('\n')).toMatch(/- JoiasInox-prod \(eu-south-2\): a atualização falhou e foi desfeita.*UPDATE_ROLLBACK_COMPLETE/);
    expect(lines.at(-1)).toMatch(/no ar, mas os dados NÃO estão retidos nem protegidos \(buckets .*\)\. Corre outra vez npm run deploy/);
  });

  it('interrupted (Ctrl-C) while the shop is being created: no deploy on a busy stack; wait, then deploy again', async () => {
    const { code, runs, lines } = await deployAgainst(
      STACKS,
      {},
      [{ exit: 130, leaves: { ...BEFORE_SHOP(), [STACK]: state(STACK, 'CREATE_IN_PROGRESS', 'User Initiated') } }],
      ARGS,
    );
    expect(code).toBe(130);
    expect(runs).toEqual([FIRST]);
    expect(lines.join('\n')).toContain(
      `- ${STACK} (eu-south-2): em curso (CREATE_IN_PROGRESS): o CloudFormation continua a operação sem o cdk`,
    );
    expect(lines.at(-1)).toMatch(
      /ainda está em operação \(CREATE_IN_PROGRESS\)\. Espera que acabe .* se ela completou, esse deploy protege os dados/,
    );
  });

  it('interrupted after the shop completed (the plan being created): the shop protected all the same', async () => {
    const { runs, lines } = await deployAgainst(
      STACKS,
      {},
      [
        { exit: 130, leaves: { ...BEFORE_SHOP(), [STACK]: state(STACK, 'CREATE_COMPLETE'), [PLAN]: state(PLAN, 'CREATE_IN_PROGRESS') } },
        { exit: 0, leaves: { [STACK]: state(STACK, 'UPDATE_COMPLETE') } },
      ],
      ARGS,
    );
    expect(runs).toEqual([FIRST, PROTECT]);
    expect(lines.join('\n')).toContain(`- ${PLAN} (us-east-1): em curso (CREATE_IN_PROGRESS)`);
    expect(lines.at(-1)).toMatch(/retidos e protegidos/);
  });

  it('the states cannot be read after the failure: it says it does not know, and what to do', async () => {
    const denied: Recorded = { status: 403, body: errorAnswer('AccessDenied', 'not authorized to perform: cloudformation:DescribeStacks') };
    const { runs, lines } = await deployAgainst(
      STACKS,
      {},
      [{ exit: 1, leaves: { [WAF]: denied, [MAIL]: denied, [STACK]: denied, [PLAN]: denied, [EDGE_LOGS]: denied } }],
      ARGS,
    );
    expect(runs).toEqual([FIRST]);
    expect(lines.join('\n')).toContain(`- ${STACK} (eu-south-2): não consegui ler o estado (AccessDenied: not authorized`);
    expect(lines.at(-1)).toMatch(/Não sei se os dados de JoiasInox-prod estão protegidos/);
  });
});

describe('npm run deploy: after a failed ordinary deploy', () => {
  it('the states, and no deploy in first-deploy mode nor a protecting one (the data were already kept)', async () => {
    const { code, runs, lines } = await deployAgainst(
      STACKS,
      {
        ...BEFORE_SHOP(),
        [STACK]: state(STACK, 'UPDATE_COMPLETE'),
        [PLAN]: state(PLAN, 'CREATE_COMPLETE'),
        [EDGE_LOGS]: state(EDGE_LOGS, 'CREATE_COMPLETE'),
      },
      [{ exit: 1, leaves: { [STACK]: state(STACK, 'UPDATE_ROLLBACK_COMPLETE') } }],
      ARGS,
    );
    expect(code).toBe(1);
    expect(runs).toEqual([['deploy', '--all', ...ARGS, '-c', 'lambdaConcurrency=1000']]);
    expect(lines.join('\n')).toContain(`- ${STACK} (eu-south-2): a atualização falhou e foi desfeita`);
    expect(lines.at(-1)).toMatch(/retidos e protegidos como antes/);
  });
});
