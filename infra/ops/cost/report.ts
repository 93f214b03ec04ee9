/**
 * `npm run cost`'s output: a table in Portuguese (English with `--en`) or the JSON of the census, the
 * bill and the prices (`--json`, for scripts and the docs' test).
 */
import { dollars, type Bill, type BillLine } from './bill.ts';
import type { Census } from './census.ts';
import { PRICES, type PriceName } from './prices.ts';

export type CostLang = 'pt' | 'en';

export interface CostReport {
  /** The `-c` pairs of the synth (the operator's and the quota). */
  readonly context: readonly string[];
  readonly census: Census;
  readonly bill: Bill;
}

const LABELS: Record<PriceName, { pt: string; en: string }> = {
  secret: { pt: 'Segredos (Secrets Manager)', en: 'Secrets (Secrets Manager)' },
  alarmMetric: { pt: 'Métricas lidas pelos alarmes', en: 'Metrics the alarms read' },
  metricsInsightsAlarmMetric: { pt: 'Alarmes Metrics Insights', en: 'Metrics Insights alarms' },
  customMetric: { pt: 'Métricas próprias (custom)', en: 'Custom metrics' },
  dashboard: { pt: 'Painéis do CloudWatch', en: 'CloudWatch dashboards' },
  webAcl: { pt: 'Web ACL do AWS WAF', en: 'AWS WAF web ACL' },
  webAclRule: { pt: 'Regras da web ACL', en: 'Web ACL rules' },
  webAclRequests: { pt: 'Pedidos à web ACL', en: 'Web ACL requests' },
  freePlan: { pt: 'Plano fixo do CloudFront', en: 'CloudFront flat-rate plan' },
  budget: { pt: 'Orçamentos (AWS Budgets)', en: 'Budgets (AWS Budgets)' },
  kmsKey: { pt: 'Chaves KMS', en: 'KMS keys' },
  hostedZone: { pt: 'Zonas do Route 53', en: 'Route 53 hosted zones' },
};

function label(line: BillLine, lang: CostLang): string {
  const base = LABELS[line.price][lang];
  if (line.part === 'metrics') return lang === 'en' ? `${base}, at most` : `${base}, no máximo`;
  if (line.part === 'once') return lang === 'en' ? `${base}, after their first event` : `${base}, depois do 1.º evento`;
  return base;
}

const pad = (text: string, width: number) => text.padEnd(width);
const left = (text: string, width: number) => text.padStart(width);

function stacksTable(census: Census, lang: CostLang): string[] {
  const rows = census.stacks.map((s) => {
    const shards = s.nested.length
      ? lang === 'en'
        ? ` + ${s.nested.length} route shards: ${s.nested.join(', ')}`
        : ` + ${s.nested.length} partes de rotas: ${s.nested.join(', ')}`
      : '';
    return `  ${pad(`${s.name} (${s.region})`, 36)}${left(String(s.resources), 5)}${shards}`;
  });
  return [
    lang === 'en' ? 'Stacks and resources' : 'Pilhas e recursos',
    ...rows,
    `  ${pad(lang === 'en' ? 'all templates' : 'todos os modelos', 36)}${left(String(census.resources), 5)}`,
  ];
}

function summary(census: Census, lang: CostLang): string[] {
  const once = census.customMetrics.filter((m) => m.once).length;
  const always = census.customMetrics.length - once;
  const acl = census.webAcls.map((a) => a.rules).join(', ');
  if (lang === 'en') {
    return [
      `Lambda functions: ${census.functions.total} (${census.functions.shop} of the shop, ${census.functions.helpers} CDK ` +
        `helpers); reserved concurrency: ${census.reserved.executions} executions on ${census.reserved.functions} functions`,
      `Alarms: ${census.alarms.count} (${census.alarms.metrics} metrics, ${census.alarms.insightsQueries} ` +
        `Metrics Insights); custom metrics: ${always}${once ? ` (+${once} after their first event)` : ''}; ` +
        `dashboards: ${census.dashboards}; secrets: ${census.secrets}`,
      `Web ACLs: ${census.webAcls.length}${acl ? ` (${acl} rules)` : ''}; flat-rate plans: ${census.plans.join(', ') || 'none'}; ` +
        `log groups: ${census.logGroups}; queues: ${census.queues}; tables: ${census.tables}`,
    ];
  }
  return [
    `Funções Lambda: ${census.functions.total} (${census.functions.shop} da loja, ${census.functions.helpers} auxiliares ` +
      `do CDK); concorrência reservada: ${census.reserved.executions} execuções em ${census.reserved.functions} funções`,
    `Alarmes: ${census.alarms.count} (${census.alarms.metrics} métricas, ${census.alarms.insightsQueries} ` +
      `Metrics Insights); métricas próprias: ${always}${once ? ` (+${once} depois do 1.º evento)` : ''}; ` +
      `painéis: ${census.dashboards}; segredos: ${census.secrets}`,
    `Web ACL: ${census.webAcls.length}${acl ? ` (${acl} regras)` : ''}; planos fixos: ${census.plans.join(', ') || 'nenhum'}; ` +
      `grupos de registos: ${census.logGroups}; filas: ${census.queues}; tabelas: ${census.tables}`,
  ];
}

function billTable(bill: Bill, lang: CostLang): string[] {
  const head = lang === 'en' ? ['item', 'count', 'free', 'unit', 'a month'] : ['item', 'quant.', 'grátis', 'unidade', 'por mês'];
  const row = (cells: string[]) =>
    `  ${pad(cells[0]!, 50)}${left(cells[1]!, 7)}${left(cells[2]!, 7)}${left(cells[3]!, 9)}${left(cells[4]!, 10)}`;
  const lines = bill.lines
    .filter((l) => l.count > 0)
    .map((l) => row([label(l, lang), String(l.count), String(l.free), dollars(Math.round(PRICES[l.price].usd * 100)), dollars(l.cents)]));
  const total = (text: string, value: string) => `  ${pad(text, 73)}${left(value, 10)}`;
  return [
    row(head),
    ...lines,
    total(lang === 'en' ? 'fixed' : 'fixo', dollars(bill.fixedCents)),
    total(
      lang === 'en' ? 'fixed and custom metrics at most (the monthly total)' : 'fixo e métricas próprias no máximo (o total do mês)',
      dollars(bill.totalUpToCents),
    ),
    ...(bill.onceCents
      ? [
          total(
            lang === 'en' ? 'and once the SES event metrics exist' : 'e quando existirem as métricas de eventos do SES',
            `+${dollars(bill.onceCents)}`,
          ),
        ]
      : []),
  ];
}

function notes(bill: Bill, census: Census, lang: CostLang): string[] {
  const payg = dollars(bill.webAclPaygCents);
  const requests = dollars(Math.round(PRICES.webAclRequests.usd * 100));
  const plan = census.plans.length > 0;
  if (lang === 'en') {
    return [
      "US dollars a month before tax, eu-west-1 list prices (infra/ops/cost/prices.ts, each with its source and date); CloudWatch's " +
        "free allowances (10 alarm metrics, 10 custom metrics, 3 dashboards) are the account's, counted as if the shop were alone in it.",
      'A custom metric is billed only for the hours it is reported: a quiet month costs less than ' +
        'the most above. Traffic costs (requests, storage, e-mail, users) are in docs/aws-account.md.',
      ...(census.webAcls.length
        ? [
            plan
              ? `Without the plan (refused, or -c edgePlan=payg) the web ACL is ` +
                `billed per use: ${payg} a month and ${requests} per million requests.`
              : `The web ACL is billed per use: ${payg} a month and ${requests} per million requests.`,
          ]
        : []),
    ];
  }
  return [
    'Dólares americanos por mês, sem impostos, preços de tabela de eu-west-1 (infra/ops/cost/prices.ts, ' +
      'cada um com a fonte e a data); as quantidades grátis do CloudWatch (10 métricas de alarmes, ' +
      '10 métricas próprias, 3 painéis) são da conta, contadas como se a loja estivesse sozinha nela.',
    'Uma métrica própria só é cobrada nas horas em que é enviada: um mês calmo custa menos do que o máximo ' +
      'acima. O que depende do tráfego (pedidos, armazenamento, e-mails, utilizadores) está em docs/aws-account.md.',
    ...(census.webAcls.length
      ? [
          plan
            ? `Sem o plano (recusado, ou -c edgePlan=payg) a web ACL é paga por uso: ${payg} por mês e ${requests} por milhão de pedidos.`
            : `A web ACL é paga por uso: ${payg} por mês e ${requests} por milhão de pedidos.`,
        ]
      : []),
  ];
}

/** The readable table. */
export function renderCostText(report: CostReport, lang: CostLang): string {
  const title =
    lang === 'en' ? "The stage's monthly cost, from its synthesized templates" : 'O custo mensal da fase, pelos seus modelos sintetizados';
  const context = report.context.map((pair) => `-c ${pair}`).join(' ');
  return [
    `${title} (${context})`,
    '',
    ...stacksTable(report.census, lang),
    '',
    ...summary(report.census, lang),
    '',
    ...billTable(report.bill, lang),
    '',
    ...notes(report.bill, report.census, lang),
  ].join('\n');
}

/** The JSON: the census, the bill (cents and dollars) and the prices used. */
export function renderCostJson(report: CostReport): string {
  const { bill } = report;
  return JSON.stringify(
    {
      context: report.context,
      census: report.census,
      bill: {
        ...bill,
        fixedUsd: bill.fixedCents / 100,
        metricsUpToUsd: bill.metricsUpToCents / 100,
        totalUpToUsd: bill.totalUpToCents / 100,
        onceUsd: bill.onceCents / 100,
        webAclPaygUsd: bill.webAclPaygCents / 100,
      },
      prices: PRICES,
    },
    null,
    2,
  );
}
