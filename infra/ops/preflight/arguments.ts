/**
 * The command line of `npm run preflight`: `--stage`, `--region`, `-c key=value` (the same context as
 * `npm run deploy`, on top of `cdk.json`), `--en`, `--json`. Refusals are {@link UsageError}s, in the
 * language asked for.
 */
import { parseArgs } from 'node:util';
import { readDeploySettings, type ContextReader } from '../../common/deploy-settings.ts';
import { stackName as stackNameOf } from '../../common/naming.ts';
import { cdkJsonContext, UsageError } from '../create-admin.ts';
import type { Lang } from './findings.ts';
import { DEFAULT_QUALIFIER, QUALIFIER_CONTEXT, type PreflightOptions } from './options.ts';

export const PREFLIGHT_USAGE_PT = `Utilização: npm run preflight -- [opções]

Antes do deploy: verifica, com as suas credenciais da AWS e só a ler, se a conta e a região estão
prontas para a loja: a conta, o CDK preparado (bootstrap), a quota de execuções em simultâneo da
Lambda, o SES (sandbox ou produção, o remetente) e os serviços que a região tem. Cada verificação
diz OK, AVISO ou BLOQUEIO e o que fazer. Código de saída 1 se houver algum bloqueio.

Opções:
  --stage <nome>       fase da loja, pilha JoiasInox-<fase> (por omissão: "stage" do cdk.json, senão prod)
  --region <região>    região da AWS (por omissão: "region" do cdk.json, senão AWS_REGION, senão eu-west-1)
  -c <chave=valor>     o mesmo contexto que vai dar ao npm run deploy (ex.: -c senderEmail=loja@exemplo.pt -c edgePlan=payg)
  --json               escreve o resultado em JSON
  --en                 in English
  -h, --help           este texto`;

export const PREFLIGHT_USAGE_EN = `Usage: npm run preflight -- [options]

Before you deploy: checks, read-only and with your AWS credentials, whether the account and region
are ready for the shop: the account, the CDK bootstrap, Lambda's concurrent executions quota, SES
(sandbox or production, the sender) and the services the region has. Each check says OK, WARNING or
BLOCKER and what to do. Exit code 1 when there is any blocker.

Options:
  --stage <name>       stage of the shop, stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>    AWS region (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  -c <key=value>       the same context you will give npm run deploy (e.g. -c senderEmail=shop@example.com -c edgePlan=payg)
  --json               print the result as JSON
  --en                 in English (the default is Portuguese)
  -h, --help           this text`;

/** The usage text in the language the command line asks for. */
export const preflightUsage = (argv: readonly string[]): string => (argv.includes('--en') ? PREFLIGHT_USAGE_EN : PREFLIGHT_USAGE_PT);

const refuse = (lang: Lang, pt: string, en: string) => new UsageError(lang === 'en' ? en : pt);

function readFlags(argv: readonly string[], lang: Lang) {
  try {
    return parseArgs({
      args: [...argv],
      strict: true,
      options: {
        stage: { type: 'string' },
        region: { type: 'string' },
        context: { type: 'string', short: 'c', multiple: true },
        json: { type: 'boolean', default: false },
        en: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const quoted = /'([^']+)'/.exec(message)?.[1] ?? message;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw refuse(lang, `Opção desconhecida: ${quoted}.`, `Unknown option: ${quoted}.`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = quoted.split(' ')[0];
      throw refuse(lang, `Falta o valor da opção ${flag}.`, `The option ${flag} needs a value.`);
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
      throw refuse(
        lang,
        `Não percebo "${quoted}": as opções começam por -- (ou -c).`,
        `"${quoted}" is not an option: options start with -- (or -c).`,
      );
    throw new UsageError(message);
  }
}

/** `-c key=value` pairs on top of `cdk.json`, as `cdk deploy -c` does. */
function contextWith(pairs: readonly string[], base: ContextReader, lang: Lang): ContextReader {
  const given = new Map<string, string>();
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0)
      throw refuse(
        lang,
        `-c espera chave=valor, por exemplo -c senderEmail=loja@exemplo.pt; recebeu "${pair}".`,
        `-c takes key=value, e.g. -c senderEmail=shop@example.com; got "${pair}".`,
      );
    given.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return (key) => (given.has(key) ? given.get(key) : base(key));
}

/** The deploy's context as pairs: `-c`, `--stage`/`--region`, and the region of the environment when nothing else names one. */
function synthPairs(pairs: readonly string[], flags: Record<string, string | undefined>, envRegion: string | undefined): string[] {
  const all = [...pairs, ...Object.entries(flags).flatMap(([key, value]) => (value === undefined ? [] : [`${key}=${value}`]))];
  return envRegion && !all.some((pair) => pair.startsWith('region=')) ? [...all, `region=${envRegion}`] : all;
}

/** Reads the command line; `'help'` when help was asked for. Throws {@link UsageError}. */
export function parsePreflightArgs(
  argv: readonly string[],
  context: ContextReader = cdkJsonContext(),
  env: NodeJS.ProcessEnv = process.env,
): PreflightOptions | 'help' {
  const lang: Lang = argv.includes('--en') ? 'en' : 'pt';
  const values = readFlags(argv, lang);
  if (values.help) return 'help';
  const read = contextWith(values.context ?? [], context, lang);
  // --stage and --region as the deploy's context, so that what follows from the region (where SES is, the budget) follows.
  const flags: Record<string, string | undefined> = { stage: values.stage, region: values.region?.trim() || undefined };
  let settings;
  try {
    settings = readDeploySettings((key) => flags[key] ?? read(key), { CDK_DEFAULT_REGION: env.AWS_REGION ?? env.AWS_DEFAULT_REGION });
  } catch (error) {
    const message = (error as Error).message;
    if (values.stage !== undefined && /"stage"/.test(message)) {
      throw refuse(
        lang,
        `--stage "${values.stage}" não serve: a fase é uma palavra em minúsculas (a-z, 0-9, -), como prod.`,
        `--stage "${values.stage}" will not do: a stage is a lowercase word (a-z, 0-9, -), like prod.`,
      );
    }
    throw refuse(
      lang,
      `O contexto (cdk.json ou -c) tem um valor que não serve: ${message}`,
      `The context (cdk.json or -c) has a value that will not do: ${message}`,
    );
  }
  const region = settings.region;
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region))
    throw refuse(
      lang,
      `"${region}" não é o nome de uma região da AWS (como eu-west-1).`,
      `"${region}" is not an AWS region name (like eu-west-1).`,
    );
  const qualifier = read(QUALIFIER_CONTEXT);
  return {
    stage: settings.stage,
    stackName: stackNameOf(settings.stage),
    region,
    sesRegion: settings.sesRegion,
    budget: settings.budget,
    monthlyBudgetUsd: settings.monthlyBudgetUsd,
    lang,
    json: values.json,
    waf: settings.edgePlan !== 'none',
    edgePlan: settings.edgePlan,
    qualifier: typeof qualifier === 'string' && qualifier.trim() ? qualifier.trim() : DEFAULT_QUALIFIER,
    context: synthPairs(values.context ?? [], flags, read('region') === undefined ? region : undefined),
    ...(settings.senderEmail ? { senderEmail: settings.senderEmail } : {}),
    ...(settings.senderDomain ? { senderDomain: settings.senderDomain } : {}),
    ...(settings.mailSendRate !== undefined ? { mailSendRate: settings.mailSendRate } : {}),
  };
}
