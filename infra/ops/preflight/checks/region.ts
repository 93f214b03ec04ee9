/**
 * Whether the regions have every service the deploy creates in them: CloudFormation of each region,
 * asked about each resource type (DescribeType), has the last word; the tables of `infra/common/regions.ts`
 * (which the deploy reads too) decide where SES lives and whether there is a budget. Two findings: the
 * region's services (with where the shop's SES is), and the monthly cost budget.
 */
import { budgetName } from '#infra/common/naming.ts';
import { finding, say, verbatim, type Finding, type Text } from '../findings.ts';
import { ACTIONS, attempt, type Problem } from '../port.ts';
import {
  BUDGETS_REGIONS,
  DEFAULT_SES_REGION,
  mailStackOf,
  REGIONAL_SERVICES,
  regionalServiceOf,
  SES_REGIONS,
  SES_TYPES,
  shopRegionTypes,
} from '../regions.ts';
import { type CheckContext, problemText } from './common.ts';

/** Calls `call` for every item, at most `limit` at a time, keeping the order. */
async function inBatches<T, R>(items: readonly T[], limit: number, call: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await call(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Asked {
  readonly missing: string[];
  readonly problems: Problem[];
}

/**
 * The types CloudFormation of `region` does not know, or the problems that kept it from saying. The
 * first type is asked alone: an identity without the permission gets one refusal, not one per type.
 */
async function askCloudFormation(ctx: CheckContext, region: string, types: readonly string[]): Promise<Asked> {
  const ask = async (typeName: string) => ({
    typeName,
    answer: await attempt(ACTIONS.describeType, () => ctx.aws.describeType(region, typeName)),
  });
  const [first, ...rest] = types;
  if (first === undefined) return { missing: [], problems: [] };
  const firstAnswer = await ask(first);
  if (!firstAnswer.answer.ok && firstAnswer.answer.problem.code !== 'TypeNotFoundException')
    return { missing: [], problems: [firstAnswer.answer.problem] };
  const missing: string[] = [];
  const problems: Problem[] = [];
  for (const { typeName, answer } of [firstAnswer, ...(await inBatches(rest, 5, ask))]) {
    if (answer.ok) continue;
    if (answer.problem.code === 'TypeNotFoundException') missing.push(typeName);
    else if (!problems.some((p) => p.code === answer.problem.code)) problems.push(answer.problem);
  }
  return { missing, problems };
}

/** Where the shop's e-mail is, when not in the shop's region. */
function sesElsewhere(ctx: CheckContext): Text[] {
  const { region, sesRegion, stage } = ctx.options;
  if (sesRegion === region) return [];
  const why = SES_REGIONS.includes(region)
    ? say(`Com -c sesRegion=${sesRegion}`, `With -c sesRegion=${sesRegion}`)
    : say(`O SES não existe em ${region}, por isso`, `SES does not exist in ${region}, so`);
  return [
    say(
      `${why.pt} a loja usa o SES de ${sesRegion} para ${REGIONAL_SERVICES.ses.role.pt}: a identidade, o conjunto ` +
        `de configuração e os modelos ficam numa pilha própria, ${mailStackOf(stage)}, que o deploy faz antes da loja.`,
      `${why.en} the shop uses SES in ${sesRegion} for ${REGIONAL_SERVICES.ses.role.en}: the identity, configuration ` +
        `set and templates go in a stack of their own, ${mailStackOf(stage)}, which the deploy makes before the shop.`,
    ),
  ];
}

function missingServices(ctx: CheckContext, shop: Asked, mail: Asked | undefined): Finding | undefined {
  const { region, sesRegion } = ctx.options;
  const here = shop.missing.filter((typeName) => regionalServiceOf(typeName) !== 'budgets');
  const there = mail?.missing ?? [];
  if (here.length === 0 && there.length === 0) return undefined;
  const title = say(`Serviços na região ${region}`, `Services in the region ${region}`);
  const sesHere = here.some((typeName) => regionalServiceOf(typeName) === 'ses');
  const others = here.filter((typeName) => regionalServiceOf(typeName) === undefined);
  const details: Text[] = [
    ...(here.length > 0
      ? [
          say(
            `O CloudFormation de ${region} não conhece: ${here.join(', ')}. O deploy falharia no primeiro destes recursos.`,
            `CloudFormation in ${region} does not know: ${here.join(', ')}. The deploy would fail at the first of these resources.`,
          ),
        ]
      : []),
    ...(there.length > 0
      ? [
          say(
            `O CloudFormation de ${sesRegion} (o SES da loja) não conhece: ${there.join(', ')}.`,
            `CloudFormation in ${sesRegion} (the shop's SES) does not know: ${there.join(', ')}.`,
          ),
        ]
      : []),
  ];
  const fix: Text[] = [
    ...(sesHere || there.length > 0
      ? [
          say(
            `Ponha o SES numa região que o tenha, com -c sesRegion=${DEFAULT_SES_REGION} ` +
              `(ou "sesRegion" no cdk.json); o resto da loja fica em ${region}.`,
            `Put SES in a region that has it, with -c sesRegion=${DEFAULT_SES_REGION} ` +
              `(or "sesRegion" in cdk.json); the rest of the shop stays in ${region}.`,
          ),
        ]
      : []),
    ...(others.length > 0
      ? [
          say(
            `Instale a loja noutra região, por exemplo ${DEFAULT_SES_REGION}: "region" no cdk.json, ou:`,
            `Deploy the shop in another region, e.g. ${DEFAULT_SES_REGION}: "region" in cdk.json, or:`,
          ),
          verbatim(`  npm run preflight -- --region ${DEFAULT_SES_REGION}   &&   npm run deploy -- -c region=${DEFAULT_SES_REGION}`),
        ]
      : []),
  ];
  return finding('region-services', 'blocker', title, details, fix);
}

function servicesFinding(ctx: CheckContext, shop: Asked, mail: Asked | undefined): Finding {
  const { region } = ctx.options;
  const title = say(`Serviços na região ${region}`, `Services in the region ${region}`);
  const problems = [...shop.problems, ...(mail?.problems ?? [])];
  const blocked = missingServices(ctx, shop, mail);
  if (blocked)
    return finding(
      blocked.id,
      blocked.status,
      blocked.title,
      [...blocked.details, ...sesElsewhere(ctx), ...problems.map(problemText)],
      blocked.fix,
    );
  if (problems.length > 0) {
    return finding(
      'region-services',
      'unchecked',
      title,
      [
        say(
          `Não consegui confirmar com o CloudFormation que ${region} tem tudo o que o deploy lá cria:`,
          `Could not confirm with CloudFormation that ${region} has everything the deploy creates there:`,
        ),
        ...problems.map(problemText),
        ...sesElsewhere(ctx),
      ],
      problems.some((p) => p.denied)
        ? [say(`Dê-lhe a permissão ${ACTIONS.describeType} (só leitura).`, `Give it the permission ${ACTIONS.describeType} (read-only).`)]
        : [],
    );
  }
  const count = shopRegionTypes(ctx.options).length;
  return finding('region-services', 'ok', title, [
    say(
      `O CloudFormation de ${region} conhece os ${count} tipos de recurso que o deploy lá cria.`,
      `CloudFormation in ${region} knows all ${count} resource types the deploy creates there.`,
    ),
    ...sesElsewhere(ctx),
  ]);
}

/** The monthly cost budget: made by the stack, or to be made by hand. */
function budgetFinding(ctx: CheckContext, shop: Asked): Finding {
  const { region, budget, stage, monthlyBudgetUsd } = ctx.options;
  const title = say('Orçamento mensal (AWS Budgets)', 'Monthly budget (AWS Budgets)');
  const byHand = [
    say(
      `Crie-o uma vez à mão (o AWS Budgets é global e conta os custos de todas as regiões): consola → Billing and Cost ` +
        `Management → Budgets → Create budget → "Monthly cost budget", ${monthlyBudgetUsd} USD, com o seu e-mail; ou:`,
      `Create it once by hand (AWS Budgets is global and counts every region): console → Billing and Cost ` +
        `Management → Budgets → Create budget → "Monthly cost budget", ${monthlyBudgetUsd} USD, with your e-mail; or:`,
    ),
    verbatim(
      `  aws budgets create-budget --account-id ${ctx.account ?? '<conta|account>'} --budget ` +
        `'{"BudgetName":"${budgetName(stage)}","BudgetLimit":{"Amount":"${monthlyBudgetUsd}","Unit":"USD"},` +
        `"TimeUnit":"MONTHLY","BudgetType":"COST"}' ` +
        `--notifications-with-subscribers ` +
        `'[{"Notification":{"NotificationType":"ACTUAL","ComparisonOperator":"GREATER_THAN","Threshold":80,"ThresholdType":"PERCENTAGE"},` +
        `"Subscribers":[{"SubscriptionType":"EMAIL","Address":"<e-mail>"}]}]'`,
    ),
  ];
  if (!budget) {
    const why = BUDGETS_REGIONS.includes(region)
      ? say('Com -c budget=false, a pilha não cria o orçamento mensal.', 'With -c budget=false, the stack makes no monthly budget.')
      : say(
          `O CloudFormation não tem o AWS Budgets em ${region}, por isso a pilha ` +
            `não cria o orçamento mensal que avisa quando os custos passam do previsto.`,
          `CloudFormation has no AWS Budgets in ${region}, so the stack makes no monthly budget to warn when costs run over.`,
        );
    return finding('budget', 'warning', title, [why], byHand);
  }
  if (shop.missing.some((typeName) => regionalServiceOf(typeName) === 'budgets')) {
    return finding(
      'budget',
      'blocker',
      title,
      [
        say(
          `O CloudFormation de ${region} não conhece AWS::Budgets::Budget: o deploy falharia no orçamento.`,
          `CloudFormation in ${region} does not know AWS::Budgets::Budget: the deploy would fail at the budget.`,
        ),
      ],
      [verbatim('-c budget=false'), ...byHand],
    );
  }
  return finding('budget', 'ok', title, [
    say(
      `A pilha cria o orçamento mensal (${budgetName(stage)}), que avisa por e-mail quando os custos passam do previsto.`,
      `The stack makes the monthly budget (${budgetName(stage)}), which e-mails when costs run over.`,
    ),
  ]);
}

/** The region's findings, and whether SES is missing where the shop's SES would be (then SES is not asked). */
export interface RegionVerdict {
  readonly findings: readonly Finding[];
  readonly sesMissing: boolean;
}

export async function checkRegion(ctx: CheckContext): Promise<RegionVerdict> {
  const { region, sesRegion } = ctx.options;
  const [shop, mail] = await Promise.all([
    askCloudFormation(ctx, region, shopRegionTypes(ctx.options)),
    sesRegion === region ? undefined : askCloudFormation(ctx, sesRegion, SES_TYPES),
  ]);
  const sesMissing = [...shop.missing, ...(mail?.missing ?? [])].some((typeName) => regionalServiceOf(typeName) === 'ses');
  return { findings: [servicesFinding(ctx, shop, mail), budgetFinding(ctx, shop)], sesMissing };
}
