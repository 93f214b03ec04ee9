/**
 * `npm run preflight` against recorded AWS answers: every call goes through the port of
 * `infra/ops/preflight/port.ts`, and the answers below are what AWS answers for the actions (the shapes of
 * the API references, the error codes AWS gives). Nothing here reaches AWS. The real port (signed HTTP,
 * XML and JSON) is tested in `preflight-aws.test.ts`, the command line and the script in `preflight-cli.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { OperatorError } from '#infra/ops/create-admin.ts';
import { parsePreflightArgs } from '#infra/ops/preflight/arguments.ts';
import { runPreflight } from '#infra/ops/preflight/command.ts';
import type { Finding, Status } from '#infra/ops/preflight/findings.ts';
import type { PreflightOptions } from '#infra/ops/preflight/options.ts';
import { AwsCallError, type AwsPort } from '#infra/ops/preflight/port.ts';
import { SES_TYPES, STACK_RESOURCE_TYPES } from '#infra/ops/preflight/regions.ts';
import { exitCodeOf, renderText } from '#infra/ops/preflight/report.ts';
import { RESERVED_TOTAL } from '#infra/ops/preflight/checks/lambda.ts';
import type { Census } from '#infra/ops/cost/census.ts';
import { RECORDED_CENSUS } from './recorded-census.ts';

/** The recorded app's functions and reservations (`cost-docs.test.ts` keeps them the app's). */
const F = RECORDED_CENSUS.functions;
const R = RECORDED_CENSUS.reserved;

const ACCOUNT = '123456789012';
const context = (values: Record<string, unknown>) => (key: string) => values[key];
const cdkJson = context({ stage: 'prod', region: 'eu-west-1', senderEmail: 'loja@joias.pt' });
const parse = (...argv: string[]) => parsePreflightArgs(argv, cdkJson, {}) as PreflightOptions;

/** Error answers as the SDK throws them: `name` is AWS's code. */
const error = (code: string, message: string, status = 400) => new AwsCallError(code, message, status);
const denied = (action: string) =>
  error(
    'AccessDeniedException',
    `User: arn:aws:iam::${ACCOUNT}:user/dona is not authorized to perform: ${action} ` +
      `on resource: * because no identity-based policy allows the ${action} action`,
    403,
  );

/** What AWS answered a healthy, older account in eu-west-1 (one answer per action). */
const HEALTHY = {
  getCallerIdentity: { UserId: 'AIDASAMPLEUSERID', Account: ACCOUNT, Arn: `arn:aws:iam::${ACCOUNT}:user/dona` },
  getParameter: { Parameter: { Name: '/cdk-bootstrap/hnb659fds/version', Type: 'String', Value: '27', Version: 4, DataType: 'text' } },
  describeStacks: {
    Stacks: [
      {
        StackName: 'CDKToolkit',
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: [
          { OutputKey: 'BucketName', OutputValue: `cdk-hnb659fds-assets-${ACCOUNT}-eu-west-1` },
          {
            OutputKey: 'BootstrapVersion',
            OutputValue: '27',
            Description: 'The version of the bootstrap resources that are currently mastered in this stack',
          },
        ],
      },
    ],
  },
  describeType: (_region: string, typeName: string) => ({
    Arn: `arn:aws:cloudformation:eu-west-1::type/resource/${typeName.replaceAll('::', '-')}`,
    Type: 'RESOURCE',
    TypeName: typeName,
    Visibility: 'PUBLIC',
  }),
  getAccountSettings: {
    AccountLimit: {
      TotalCodeSize: 80530636800,
      CodeSizeUnzipped: 262144000,
      CodeSizeZipped: 52428800,
      ConcurrentExecutions: 1000,
      UnreservedConcurrentExecutions: 1000,
    },
    AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
  },
  getServiceQuota: {
    Quota: {
      ServiceCode: 'lambda',
      ServiceName: 'AWS Lambda',
      QuotaArn: `arn:aws:servicequotas:eu-west-1:${ACCOUNT}:lambda/L-B99A9384`,
      QuotaCode: 'L-B99A9384',
      QuotaName: 'Concurrent executions',
      Value: 1000,
      Unit: 'None',
      Adjustable: true,
      GlobalQuota: false,
    },
  },
  listQuotaRequests: { RequestedQuotas: [] },
  getSesAccount: {
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: true,
    SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 12 },
    SendingEnabled: true,
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    Details: {
      MailType: 'TRANSACTIONAL',
      WebsiteURL: 'https://joias.pt',
      ContactLanguage: 'EN',
      ReviewDetails: { Status: 'GRANTED', CaseId: '176543210900001' },
    },
  },
  getEmailIdentity: {
    IdentityType: 'EMAIL_ADDRESS',
    FeedbackForwardingStatus: true,
    VerifiedForSendingStatus: true,
    VerificationStatus: 'SUCCESS',
    DkimAttributes: { SigningEnabled: false, Status: 'NOT_STARTED', SigningAttributesOrigin: 'AWS_SES' },
    MailFromAttributes: { MailFromDomain: '', MailFromDomainStatus: 'FAILED', BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' },
  },
};

/** A brand-new account: never bootstrapped, Lambda at 10, SES in the sandbox, the sender not created yet. */
const NEW_ACCOUNT = {
  getParameter: error('ParameterNotFound', ''),
  describeStacks: error('ValidationError', 'Stack with id CDKToolkit does not exist'),
  getAccountSettings: {
    AccountLimit: {
      TotalCodeSize: 80530636800,
      CodeSizeUnzipped: 262144000,
      CodeSizeZipped: 52428800,
      ConcurrentExecutions: 10,
      UnreservedConcurrentExecutions: 10,
    },
    AccountUsage: { TotalCodeSize: 0, FunctionCount: 0 },
  },
  getServiceQuota: { Quota: { ...HEALTHY.getServiceQuota.Quota, Value: 10 } },
  getSesAccount: {
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: false,
    SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
    SendingEnabled: true,
    SuppressionAttributes: {},
  },
  getEmailIdentity: error('NotFoundException', 'Email identity loja@joias.pt does not exist.', 404),
};

type Answer = unknown | ((...args: any[]) => unknown);
type Answers = Partial<Record<keyof Omit<AwsPort, 'close'>, Answer>>;

/** A port answering from recorded answers (an Error is thrown), recording each call. */
function recorded(overrides: Answers = {}) {
  const answers: Answers = { ...HEALTHY, ...overrides };
  const calls: { action: string; args: unknown[] }[] = [];
  const port = new Proxy({} as AwsPort, {
    get(_target, action: string) {
      if (action === 'close' || action === 'then') return undefined;
      return async (...args: unknown[]) => {
        calls.push({ action, args });
        const answer = answers[action as keyof Answers];
        const value = typeof answer === 'function' ? (answer as (...a: unknown[]) => unknown)(...args) : answer;
        if (value instanceof Error) throw value;
        if (value === undefined) throw new Error(`no recorded answer for ${action}`);
        return structuredClone(value);
      };
    },
  });
  return { port, calls };
}

/** The synthesized app's census: the recorded one of the default deploy, or a synth that failed. */
type CensusAnswer = Census | Error;

async function run(options: PreflightOptions, overrides: Answers = {}, app: CensusAnswer = RECORDED_CENSUS) {
  const { port, calls } = recorded(overrides);
  const lines: string[] = [];
  const census = async () => {
    if (app instanceof Error) throw app;
    return structuredClone(app);
  };
  const report = await runPreflight(options, { aws: port, log: (text) => lines.push(text), census });
  const byId = (id: string): Finding => report.findings.find((f) => f.id === id) ?? expect.fail(`no finding ${id}`);
  const text = (f: Finding, lang: 'pt' | 'en' = options.lang) => [f.title, ...f.details, ...f.fix].map((t) => t[lang]).join('\n');
  return {
    report,
    calls,
    output: lines.join('\n'),
    byId,
    text,
    statuses: Object.fromEntries(report.findings.map((f) => [f.id, f.status])) as Record<string, Status>,
  };
}

describe('a healthy account (recorded answers)', () => {
  it('says OK to everything, asks CloudFormation about every resource type, and exits 0', async () => {
    const { report, calls, output, statuses } = await run(parse());
    expect(statuses).toEqual({
      account: 'ok',
      'region-services': 'ok',
      bootstrap: 'ok',
      // The default edge (edgePlan=free) deploys the web ACL and the plan in us-east-1.
      'bootstrap-us-east-1': 'ok',
      'lambda-concurrency': 'ok',
      'ses-account': 'ok',
      'ses-sender': 'ok',
      budget: 'ok',
      'cloudfront-flat-rate': 'info',
    });
    expect(exitCodeOf(report)).toBe(0);
    expect(calls.filter((c) => c.action === 'describeType').map((c) => c.args)).toEqual(
      STACK_RESOURCE_TYPES.map((typeName) => ['eu-west-1', typeName]),
    );
    expect(calls.find((c) => c.action === 'getParameter')!.args).toEqual(['eu-west-1', '/cdk-bootstrap/hnb659fds/version']);
    expect(calls.find((c) => c.action === 'getServiceQuota')!.args).toEqual(['lambda', 'L-B99A9384']);
    expect(calls.find((c) => c.action === 'getEmailIdentity')!.args).toEqual(['eu-west-1', 'loja@joias.pt']);
    expect(output).toContain(`npm run preflight: conta ${ACCOUNT}, região eu-west-1, pilha JoiasInox-prod`);
    expect(output).toMatch(
      new RegExp(
        String.raw`\[OK\] +CDK preparado \(bootstrap\) em eu-west-1\n +Versão 27 do bootstrap ` +
          String.raw`\(pilha CDKToolkit: UPDATE_COMPLETE\); este CDK precisa de 6 ou mais\.`,
      ),
    );
    expect(output).toMatch(/Quota de 1000 execuções em simultâneo em eu-west-1 \(1000 sem reserva\)\./);
    expect(output).toMatch(/\[NOTA\] +CloudFront: planos de preço fixo \(só orientação\)/);
    expect(output).toMatch(/Não há API que diga antes se uma distribuição é elegível/);
    expect(output.endsWith('Resumo: 8 ok, 0 avisos, 0 bloqueios.\nTudo pronto para o deploy: npm run deploy')).toBe(true);
  });

  it('speaks English with --en, and JSON with --json', async () => {
    const { output } = await run(parse('--en'));
    expect(output).toMatch(
      /\[OK\] +CDK bootstrap in eu-west-1\n +Bootstrap version 27 \(CDKToolkit stack: UPDATE_COMPLETE\); this CDK needs 6 or later\./,
    );
    expect(output).toMatch(/Summary: 8 ok, 0 warnings, 0 blockers\.\nAll set for the deploy/);
    const json = JSON.parse((await run(parse('--json'))).output);
    expect(json).toMatchObject({
      account: ACCOUNT,
      region: 'eu-west-1',
      stage: 'prod',
      stack: 'JoiasInox-prod',
      exitCode: 0,
      summary: { ok: 8, warning: 0, blocker: 0, unchecked: 0, info: 1 },
    });
    expect(json.checks[0]).toEqual({
      id: 'account',
      status: 'ok',
      title: 'Conta e região',
      details: [expect.stringContaining(`Conta ${ACCOUNT}`)],
      fix: [],
    });
  });
});

describe('a new account (recorded answers)', () => {
  it('no bootstrap: a blocker with the exact command, and exit code 1', async () => {
    const { report, byId, text } = await run(parse(), {
      getParameter: NEW_ACCOUNT.getParameter,
      describeStacks: NEW_ACCOUNT.describeStacks,
    });
    const bootstrap = byId('bootstrap');
    expect(bootstrap.status).toBe('blocker');
    expect(text(bootstrap)).toMatch(
      /Esta conta nunca preparou o CDK em eu-west-1: não há o parâmetro \/cdk-bootstrap\/hnb659fds\/version nem a pilha CDKToolkit/,
    );
    expect(bootstrap.fix.map((t) => t.pt)).toEqual([
      'Prepare-o (uma vez por conta e região):',
      `npx cdk bootstrap aws://${ACCOUNT}/eu-west-1`,
    ]);
    expect(exitCodeOf(report)).toBe(1);
    expect(renderText(report, 'pt')).toMatch(/Há bloqueios: resolva-os antes do deploy ou de abrir a loja \(código de saída 1\)\.$/);
  });

  it('with -c waf=true, us-east-1 must be bootstrapped too, and it says why', async () => {
    const { byId, calls, text } = await run(parse('-c', 'waf=true'), {
      getParameter: (region: string) => (region === 'us-east-1' ? NEW_ACCOUNT.getParameter : HEALTHY.getParameter),
      describeStacks: (region: string) => (region === 'us-east-1' ? NEW_ACCOUNT.describeStacks : HEALTHY.describeStacks),
    });
    expect(
      calls
        .filter((c) => c.action === 'getParameter')
        .map((c) => c.args[0])
        .sort(),
    ).toEqual(['eu-west-1', 'us-east-1']);
    expect(byId('bootstrap').status).toBe('ok');
    const edge = byId('bootstrap-us-east-1');
    expect(edge.status).toBe('blocker');
    expect(text(edge)).toMatch(/web ACL à frente .*vive numa pilha em us-east-1/);
    expect(text(edge)).toContain(`npx cdk bootstrap aws://${ACCOUNT}/us-east-1`);
  });

  it('an old or broken bootstrap is a blocker too; a custom qualifier is asked for by name', async () => {
    const old = await run(parse(), { getParameter: { Parameter: { Name: '/cdk-bootstrap/hnb659fds/version', Value: '4' } } });
    expect(old.byId('bootstrap').status).toBe('blocker');
    expect(old.text(old.byId('bootstrap'))).toMatch(/Versão 4 do bootstrap .*precisa de 6 ou mais[\s\S]*Atualize o bootstrap/);
    const failed = await run(parse(), {
      describeStacks: { Stacks: [{ ...HEALTHY.describeStacks.Stacks[0], StackStatus: 'UPDATE_ROLLBACK_FAILED' }] },
    });
    expect(failed.byId('bootstrap').status).toBe('blocker');
    expect(failed.text(failed.byId('bootstrap'))).toMatch(/A pilha CDKToolkit está em UPDATE_ROLLBACK_FAILED/);
    const custom = await run(parsePreflightArgs(['-c', '@aws-cdk/core:bootstrapQualifier=joias123'], cdkJson, {}) as PreflightOptions, {
      getParameter: NEW_ACCOUNT.getParameter,
    });
    expect(custom.calls.find((c) => c.action === 'getParameter')!.args[1]).toBe('/cdk-bootstrap/joias123/version');
    expect(custom.text(custom.byId('bootstrap'))).toMatch(/foi preparada com outro --qualifier/);
    expect(custom.byId('bootstrap').fix.at(-1)!.pt).toBe(`npx cdk bootstrap aws://${ACCOUNT}/eu-west-1 --qualifier joias123`);
  });

  it('Lambda quota 10: a blocker that says what happens meanwhile and the exact Service Quotas request', async () => {
    const { byId, text, report } = await run(parse(), {
      getAccountSettings: NEW_ACCOUNT.getAccountSettings,
      getServiceQuota: NEW_ACCOUNT.getServiceQuota,
    });
    const quota = byId('lambda-concurrency');
    expect(quota.status).toBe('blocker');
    expect(exitCodeOf(report)).toBe(1);
    const said = text(quota);
    expect(said).toMatch(/Quota de 10 execuções em simultâneo em eu-west-1 \(10 sem reserva\)\./);
    expect(said).toContain(
      `A aplicação sintetizada tem ${F.total} funções (${F.shop} da loja, ${F.helpers} auxiliares do CDK) e reserva ${R.executions} ` +
        `execuções em ${R.functions} delas (a finalização da encomenda e cada rota da dona) numa quota a partir de ${R.executions + 100}.`,
    );
    expect(said).toMatch(
      new RegExp(
        String.raw`reparte estas 10 entre as suas \d+ funções: as rotas, os consumidores das ` +
          String.raw`streams, o trabalho que corre a cada minuto e o tratamento de fotografias \(2 GB\)`,
      ),
    );
    expect(said).toMatch(/o API Gateway responde 503 ou 429 em vez da página ou da encomenda/);
    expect(said).toMatch(/serviço lambda, quota L-B99A9384, "Concurrent executions"/);
    expect(said).toContain('https://eu-west-1.console.aws.amazon.com/servicequotas/home/services/lambda/quotas/L-B99A9384');
    expect(said).toContain(
      'aws service-quotas request-service-quota-increase --service-code ' +
        'lambda --quota-code L-B99A9384 --desired-value 1000 --region eu-west-1',
    );
    expect(text(quota, 'en')).toMatch(/API Gateway answers 503 or 429 instead of the page or the order/);
  });

  it('Lambda quota between 100 and the reservations\' need: a warning, "no reservations: the checkout shares the pool', async () => {
    const need = RECORDED_CENSUS.reserved.executions + 100;
    expect(need).toBeGreaterThan(100);
    for (const limit of [100, need - 1]) {
      const settings = {
        AccountLimit: { ConcurrentExecutions: limit, UnreservedConcurrentExecutions: limit },
        AccountUsage: { FunctionCount: 0 },
      };
      const { byId, text, report } = await run(parse(), {
        getAccountSettings: settings,
        getServiceQuota: { Quota: { ServiceCode: 'lambda', QuotaCode: 'L-B99A9384', Value: limit } },
      });
      expect(byId('lambda-concurrency').status, String(limit)).toBe('warning');
      expect(exitCodeOf(report)).toBe(0);
      expect(text(byId('lambda-concurrency'))).toContain(
        `Sem reservas: a finalização da encomenda partilha o conjunto da conta. ` +
          `As reservas (${R.executions} execuções) precisam de uma quota de ${need}`,
      );
      expect(text(byId('lambda-concurrency'), 'en')).toMatch(/No reservations: the checkout shares the account's pool/);
    }
    const at = { AccountLimit: { ConcurrentExecutions: need, UnreservedConcurrentExecutions: need } };
    const reserved = await run(parse(), { getAccountSettings: at, getServiceQuota: { Quota: { Value: need } } });
    expect(reserved.byId('lambda-concurrency').status).toBe('ok');
    expect(reserved.text(reserved.byId('lambda-concurrency'))).toContain(
      `O deploy reserva ${R.executions} execuções e deixa 100 para as outras ${F.total - R.functions} funções.`,
    );
    expect(reserved.text(reserved.byId('lambda-concurrency'), 'en')).toContain(
      `The synthesized app has ${F.total} functions (${F.shop} of the shop, ${F.helpers} ` +
        `CDK helpers) and reserves ${R.executions} executions on ${R.functions} of them`,
    );
  });

  it("the counts come from the synthesized app: another census, other figures; without one, the route table's reservations", async () => {
    const grown: Census = {
      ...RECORDED_CENSUS,
      functions: { total: 75, shop: 67, helpers: 8 },
      reserved: { executions: 254, functions: 40 },
    };
    const settings = { AccountLimit: { ConcurrentExecutions: 340, UnreservedConcurrentExecutions: 340 } };
    const more = await run(parse(), { getAccountSettings: settings, getServiceQuota: { Quota: { Value: 340 } } }, grown);
    // 340 would hold 218 + 100, not 254 + 100: the synthesized app decides.
    expect(more.byId('lambda-concurrency').status).toBe('warning');
    expect(more.text(more.byId('lambda-concurrency'))).toMatch(
      /75 funções \(67 da loja, 8 auxiliares do CDK\)[\s\S]*As reservas \(254 execuções\) precisam de uma quota de 354/,
    );
    const unbuilt = await run(
      parse(),
      {},
      new Error('The shop is not built (missing web/dist/index.html): run `npm run build:web` first.\nmore'),
    );
    expect(unbuilt.byId('lambda-concurrency').status).toBe('ok');
    expect(unbuilt.text(unbuilt.byId('lambda-concurrency'))).toContain(
      `Não contei as funções na aplicação sintetizada (The shop is not built (missing web/dist/index.html): ` +
        `run \`npm run build:web\` first.); as reservas da tabela de rotas são ${RESERVED_TOTAL} execuções.`,
    );
    expect(unbuilt.text(unbuilt.byId('cloudfront-flat-rate'))).toMatch(
      /\$5\.00 por mês a web ACL, \$1\.00 cada regra, e \$0\.60 por milhão de pedidos/,
    );
  });

  it('the Free plan: likely accepted; if refused the Plan stack fails, the shop protected, the web ACL billed per use', async () => {
    const { byId, text } = await run(parse());
    const plan = text(byId('cloudfront-flat-rate'));
    expect(plan).toMatch(/Provavelmente é aceite: a distribuição usa CloudFront Functions e Origin Access Control/);
    expect(plan).toMatch(/É recusado se a conta já usa o seu plano Free noutra distribuição/);
    expect(plan).toMatch(/a pilha JoiasInox-prod-Plan falha depois da da loja: o npm run deploy protege então a pilha da loja/);
    expect(plan).toMatch(
      new RegExp(
        String.raw`a web ACL paga por uso: \$16\.00 por mês \(\$5\.00 a web ACL e \$1\.00 cada uma das suas 11 regras\) ` +
          String.raw`e \$0\.60 por milhão de pedidos\. Para o deixar assim de propósito, faça o deploy com -c edgePlan=payg`,
      ),
    );
    expect(text(byId('cloudfront-flat-rate'), 'en')).toMatch(
      /It is likely accepted[\s\S]*billed per use: \$16\.00 a month \(\$5\.00 the web ACL and \$1\.00 each of its 11 rules\)/,
    );
    const payg = await run(parse('-c', 'edgePlan=payg'));
    expect(payg.text(payg.byId('cloudfront-flat-rate'))).toMatch(/Com -c edgePlan=payg a web ACL é paga por uso: \$16\.00 por mês/);
    expect(payg.text(payg.byId('cloudfront-flat-rate'))).not.toMatch(/Provavelmente/);
    const none = await run(parse('-c', 'edgePlan=none'));
    expect(none.text(none.byId('cloudfront-flat-rate'))).toMatch(/Com -c edgePlan=none não há web ACL nem plano/);
  });

  it('Lambda quota 10 with a request already open: wait for it, no second request', async () => {
    const { byId, text } = await run(parse(), {
      getAccountSettings: NEW_ACCOUNT.getAccountSettings,
      listQuotaRequests: {
        RequestedQuotas: [
          {
            Id: 'r-1',
            CaseId: '176500000000001',
            ServiceCode: 'lambda',
            QuotaCode: 'L-B99A9384',
            DesiredValue: 1000,
            Status: 'CASE_OPENED',
          },
        ],
      },
    });
    expect(byId('lambda-concurrency').status).toBe('blocker');
    expect(text(byId('lambda-concurrency'))).toMatch(/Já há um pedido de aumento para 1000 \(CASE_OPENED, caso 176500000000001\)/);
    expect(text(byId('lambda-concurrency'))).not.toMatch(/request-service-quota-increase/);
  });

  it('SES sandbox: a warning with the request steps; the sender not created yet is expected', async () => {
    const { byId, text, report } = await run(parse(), {
      getSesAccount: NEW_ACCOUNT.getSesAccount,
      getEmailIdentity: NEW_ACCOUNT.getEmailIdentity,
    });
    const ses = byId('ses-account');
    expect(ses.status).toBe('warning');
    expect(text(ses)).toMatch(/A conta está na "sandbox" do SES em eu-west-1: só envia para endereços verificados/);
    expect(text(ses)).toMatch(/Limites: 200 e-mails por dia, 1 por segundo\./);
    expect(text(ses)).toContain('aws sesv2 put-account-details --region eu-west-1 --production-access-enabled --mail-type TRANSACTIONAL');
    expect(text(ses)).toContain('https://eu-west-1.console.aws.amazon.com/ses/home?region=eu-west-1#/account');
    expect(byId('ses-sender').status).toBe('ok');
    expect(text(byId('ses-sender'))).toMatch(
      /Ainda não existe em eu-west-1: o primeiro deploy cria-o, e depois o SES manda a loja@joias.pt um link/,
    );
    expect(exitCodeOf(report)).toBe(0);
    expect(renderText(report, 'pt')).toMatch(/Nenhum bloqueio: pode fazer o deploy; veja os avisos antes de abrir a loja\.$/);
  });

  it('SES: a review under way, sending paused, a sender still pending, a rate above SES', async () => {
    const sandbox = NEW_ACCOUNT.getSesAccount;
    const reviewing = await run(parse(), {
      getSesAccount: { ...sandbox, Details: { ReviewDetails: { Status: 'PENDING', CaseId: '1765' } } },
    });
    expect(reviewing.text(reviewing.byId('ses-account'))).toMatch(/em análise \(caso 1765\)/);
    expect(reviewing.byId('ses-account').fix).toEqual([]);
    const paused = await run(parse(), { getSesAccount: { ...HEALTHY.getSesAccount, SendingEnabled: false } });
    expect(paused.byId('ses-account').status).toBe('blocker');
    const pending = await run(parse('-c', 'senderDomain=joias.pt'), {
      getEmailIdentity: { IdentityType: 'DOMAIN', VerifiedForSendingStatus: false, VerificationStatus: 'PENDING' },
    });
    expect(pending.calls.find((c) => c.action === 'getEmailIdentity')!.args).toEqual(['eu-west-1', 'joias.pt']);
    expect(pending.byId('ses-sender').status).toBe('warning');
    expect(pending.text(pending.byId('ses-sender'))).toMatch(/SenderDkimRecord1..3/);
    const fast = await run(parse('-c', 'mailSendRate=50'));
    expect(fast.byId('ses-account').status).toBe('warning');
    expect(fast.text(fast.byId('ses-account'))).toMatch(/-c mailSendRate=50 passa dos 14 por segundo do SES/);
    const noSender = await run(parsePreflightArgs([], context({ region: 'eu-west-1' }), {}) as PreflightOptions);
    expect(noSender.byId('ses-sender').status).toBe('warning');
    expect(noSender.calls.some((c) => c.action === 'getEmailIdentity')).toBe(false);
  });

  it('the root user works but is a warning', async () => {
    const { byId } = await run(parse(), { getCallerIdentity: { ...HEALTHY.getCallerIdentity, Arn: `arn:aws:iam::${ACCOUNT}:root` } });
    expect(byId('account').status).toBe('warning');
  });
});

describe('regions', () => {
  /** CloudFormation of `region` knows every type but those starting with one of `prefixes`. */
  const lacking = (where: string, prefixes: string[]) => (region: string, typeName: string) =>
    region === where && prefixes.some((prefix) => typeName.startsWith(prefix))
      ? error('TypeNotFoundException', `The type '${typeName}' cannot be found.`)
      : HEALTHY.describeType(region, typeName);

  it('eu-south-2 (no SES, no Budgets): the shop sends from eu-west-1 through its mail stack, and makes no budget', async () => {
    const { byId, text, calls, report } = await run(parse('--region', 'eu-south-2'), {
      describeType: lacking('eu-south-2', ['AWS::SES::', 'AWS::Budgets::']),
    });
    expect(byId('region-services').status).toBe('ok');
    expect(text(byId('region-services'))).toMatch(
      new RegExp(
        String.raw`O SES não existe em eu-south-2, por isso a loja usa o SES de eu-west-1 para todo o ` +
          String.raw`seu e-mail .* numa pilha própria, JoiasInox-prod-Mail, que o deploy faz antes da loja`,
      ),
    );
    const asked = calls.filter((c) => c.action === 'describeType').map((c) => c.args as [string, string]);
    expect(asked.filter(([region]) => region === 'eu-south-2').some(([, typeName]) => /^AWS::(SES|Budgets)::/.test(typeName))).toBe(false);
    expect(asked.filter(([region]) => region === 'eu-west-1').map(([, typeName]) => typeName)).toEqual([...SES_TYPES]);
    expect(byId('budget').status).toBe('warning');
    expect(text(byId('budget'))).toMatch(
      /O CloudFormation não tem o AWS Budgets em eu-south-2, por isso a pilha não cria o orçamento mensal/,
    );
    expect(text(byId('budget'))).toContain(
      `aws budgets create-budget --account-id ${ACCOUNT} --budget '{"BudgetName":"JoiasInox-prod-monthly"`,
    );
    expect(
      calls
        .filter((c) => c.action === 'getParameter')
        .map((c) => c.args[0])
        .sort(),
    ).toEqual(['eu-south-2', 'eu-west-1', 'us-east-1']);
    expect(text(byId('bootstrap-eu-west-1'))).toMatch(/O SES da loja fica em eu-west-1, numa pilha própria \(JoiasInox-prod-Mail\)/);
    expect(calls.find((c) => c.action === 'getSesAccount')!.args).toEqual(['eu-west-1']);
    expect(byId('ses-account').title.pt).toBe('SES em eu-west-1: sandbox ou produção');
    expect(exitCodeOf(report)).toBe(0);
  });

  it('a region the table says has SES but whose CloudFormation lacks it: a blocker that moves SES with -c sesRegion', async () => {
    const { byId, text, calls, report } = await run(parse('--region', 'eu-central-1'), {
      describeType: lacking('eu-central-1', ['AWS::SES::Template']),
    });
    expect(byId('region-services').status).toBe('blocker');
    expect(text(byId('region-services'))).toMatch(/O CloudFormation de eu-central-1 não conhece: AWS::SES::Template\. O deploy falharia/);
    expect(text(byId('region-services'))).toMatch(/Ponha o SES numa região que o tenha, com -c sesRegion=eu-west-1/);
    expect(byId('ses-account').status).toBe('unchecked');
    expect(calls.some((c) => c.action === 'getSesAccount')).toBe(false);
    expect(exitCodeOf(report)).toBe(1);
  });

  it('the SES region lacking SES, or the shop region lacking something else, blocks too', async () => {
    const mail = await run(parse('--region', 'eu-south-2'), {
      describeType: lacking('eu-west-1', ['AWS::SES::ConfigurationSetEventDestination']),
    });
    expect(mail.byId('region-services').status).toBe('blocker');
    expect(mail.text(mail.byId('region-services'))).toMatch(
      /O CloudFormation de eu-west-1 \(o SES da loja\) não conhece: AWS::SES::ConfigurationSetEventDestination/,
    );
    const cognito = await run(parse('--region', 'xx-new-1'), { describeType: lacking('xx-new-1', ['AWS::Cognito::']) });
    expect(cognito.byId('region-services').status).toBe('blocker');
    expect(cognito.text(cognito.byId('region-services'))).toMatch(
      /não conhece: AWS::Cognito::UserPool, [\s\S]*Instale a loja noutra região, por exemplo eu-west-1/,
    );
  });

  it('the budget: a blocker when CloudFormation lacks the type it is to make; a warning when turned off', async () => {
    const missing = await run(parse(), { describeType: lacking('eu-west-1', ['AWS::Budgets::']) });
    expect(missing.byId('budget').status).toBe('blocker');
    expect(missing.byId('budget').fix[0]!.pt).toBe('-c budget=false');
    expect(missing.byId('region-services').status).toBe('ok');
    const off = await run(parse('-c', 'budget=false'));
    expect(off.byId('budget').status).toBe('warning');
    expect(off.text(off.byId('budget'))).toMatch(/Com -c budget=false, a pilha não cria o orçamento mensal/);
    expect(off.calls.some((c) => c.action === 'describeType' && c.args[1] === 'AWS::Budgets::Budget')).toBe(false);
  });

  it('without cloudformation:DescribeType: one refusal per region, and the check says it could not confirm', async () => {
    const { byId, text, calls } = await run(parse('--region', 'eu-south-2'), { describeType: denied('cloudformation:DescribeType') });
    expect(byId('region-services').status).toBe('unchecked');
    expect(text(byId('region-services'))).toMatch(/não tem a permissão cloudformation:DescribeType[\s\S]*a loja usa o SES de eu-west-1/);
    expect(
      calls
        .filter((c) => c.action === 'describeType')
        .map((c) => c.args[0])
        .sort(),
    ).toEqual(['eu-south-2', 'eu-west-1']);
    expect(byId('ses-account').status).toBe('ok');
  });
});

describe('credentials and permissions', () => {
  it('missing credentials: one clear Portuguese sentence (OperatorError), nothing else is called', async () => {
    const { port, calls } = recorded({
      getCallerIdentity: Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }),
    });
    const attempt = runPreflight(parse(), { aws: port, log: () => {} });
    await expect(attempt).rejects.toBeInstanceOf(OperatorError);
    await expect(attempt).rejects.toThrow(
      /^Não encontrei credenciais da AWS\. Entre primeiro na conta onde vai instalar a loja, por exemplo `aws sso login --profile <nome>`/,
    );
    expect(calls.map((c) => c.action)).toEqual(['getCallerIdentity']);
    const expired = recorded({ getCallerIdentity: error('ExpiredToken', 'The security token included in the request is expired', 403) });
    await expect(runPreflight(parse('--en'), { aws: expired.port, log: () => {} })).rejects.toThrow(
      /^AWS refused the credentials \(ExpiredToken\): they are expired or wrong/,
    );
    const optIn = recorded({
      getCallerIdentity: error('InvalidClientTokenId', 'The security token included in the request is invalid.', 403),
    });
    await expect(runPreflight(parse('--region', 'eu-south-2'), { aws: optIn.port, log: () => {} })).rejects.toThrow(
      /ou a conta não ativou a região eu-south-2/,
    );
    const offline = recorded({
      getCallerIdentity: new AwsCallError('NetworkError', 'No answer', undefined, 'sts.eu-west-1.amazonaws.com'),
    });
    await expect(runPreflight(parse(), { aws: offline.port, log: () => {} })).rejects.toThrow(
      /^Não consegui falar com a AWS: Sem resposta de sts.eu-west-1.amazonaws.com/,
    );
  });

  it('access denied on one call: that check says "could not check: needs permission X", the others run', async () => {
    const { byId, text, statuses, report } = await run(parse(), { getSesAccount: denied('ses:GetAccount') });
    expect(byId('ses-account').status).toBe('unchecked');
    expect(text(byId('ses-account'))).toMatch(
      new RegExp(
        String.raw`Não consegui verificar isto\.\nA sua identidade AWS não tem a permissão ses:GetAccount ` +
          String.raw`\(AccessDeniedException: User: arn:aws:iam::123456789012:user\/dona is not authorized`,
      ),
    );
    expect(text(byId('ses-account'))).toMatch(/Dê à identidade com que corre o comando a permissão ses:GetAccount \(só leitura\)/);
    expect(statuses).toMatchObject({ bootstrap: 'ok', 'lambda-concurrency': 'ok', 'ses-sender': 'ok' });
    expect(exitCodeOf(report)).toBe(0);
    expect(renderText(report, 'pt')).toMatch(/Resumo: 7 ok, 0 avisos, 0 bloqueios, 1 por verificar\./);
  });

  it('a denied call with another source still decides: Service Quotas for Lambda, the CDKToolkit output for SSM', async () => {
    const lambda = await run(parse(), {
      getAccountSettings: denied('lambda:GetAccountSettings'),
      getServiceQuota: NEW_ACCOUNT.getServiceQuota,
    });
    expect(lambda.byId('lambda-concurrency').status).toBe('blocker');
    expect(lambda.text(lambda.byId('lambda-concurrency'))).toMatch(
      /Quota de 10 execuções[\s\S]*não tem a permissão lambda:GetAccountSettings/,
    );
    const both = await run(parse(), {
      getAccountSettings: denied('lambda:GetAccountSettings'),
      getServiceQuota: denied('servicequotas:GetServiceQuota'),
    });
    expect(both.byId('lambda-concurrency').status).toBe('unchecked');
    expect(both.byId('lambda-concurrency').fix[0]!.pt).toMatch(/lambda:GetAccountSettings, servicequotas:GetServiceQuota/);
    const ssm = await run(parse(), { getParameter: denied('ssm:GetParameter') });
    expect(ssm.byId('bootstrap').status).toBe('ok');
    expect(ssm.text(ssm.byId('bootstrap'))).toMatch(/Versão 27 do bootstrap[\s\S]*não tem a permissão ssm:GetParameter/);
    const neither = await run(parse(), {
      getParameter: denied('ssm:GetParameter'),
      describeStacks: denied('cloudformation:DescribeStacks'),
    });
    expect(neither.byId('bootstrap').status).toBe('unchecked');
  });
});
