/**
 * Lambda's "Concurrent executions" quota of the region (Lambda GetAccountSettings, and the value Service
 * Quotas applies, quota L-B99A9384). New accounts get a reduced one (often 10) that AWS raises with use;
 * the shop shares it between all its functions, so below {@link MIN_CONCURRENCY} a modest launch answers
 * errors. The functions and the reservations are counted on the synthesized app (`infra/ops/cost/`, the
 * census `npm run cost` prints, synthesized with AWS's standard quota): the deploy reserves them all
 * (the checkout and each owner's route) when the quota leaves {@link MIN_UNRESERVED} unreserved, else
 * none (`infra/common/concurrency.ts`), and then the checkout shares the account's pool, which it says.
 * Without a synth (the shop not built, the synth failed) the reservations come from the route table.
 */
import { routes } from '#lambdas/routes.ts';
import { MIN_UNRESERVED, reservedConcurrency } from '#infra/common/concurrency.ts';
import type { Census } from '../../cost/census.ts';
import { finding, say, verbatim, type Finding, type Text } from '../findings.ts';
import { ACTIONS, attempt } from '../port.ts';
import { type CheckContext, couldNotCheck, problemText } from './common.ts';

export const LAMBDA_SERVICE_CODE = 'lambda';
export const CONCURRENCY_QUOTA_CODE = 'L-B99A9384';
/** Below this the shop cannot open: what is asked for is {@link REQUESTED_CONCURRENCY}. */
export const MIN_CONCURRENCY = 100;
/** AWS's standard quota: what the request asks for. */
export const REQUESTED_CONCURRENCY = 1000;

const OPEN_REQUEST = /^(PENDING|CASE_OPENED)$/;

/** The executions the route table reserves (the checkout and each owner's route) on a quota that allows them: without a synth. */
export const RESERVED_TOTAL = [...reservedConcurrency(routes, Number.MAX_SAFE_INTEGER).values()].reduce((sum, n) => sum + n, 0);

/** The synthesized app's census (`infra/ops/cost/census.ts`), or why there is none. */
export type AppCount = { readonly census: Census } | { readonly why: string };

/** What the check counts with: the synthesized app's figures, else the route table's reservations alone. */
interface Counted {
  readonly functions?: Census['functions'];
  readonly reserved: number;
  readonly reservedFunctions?: number;
  /** The smallest quota on which the deploy reserves them: AWS keeps {@link MIN_UNRESERVED} unreserved. */
  readonly need: number;
}

function counted(app: AppCount): Counted {
  if ('census' in app) {
    const { functions, reserved } = app.census;
    return { functions, reserved: reserved.executions, reservedFunctions: reserved.functions, need: reserved.executions + MIN_UNRESERVED };
  }
  return { reserved: RESERVED_TOTAL, need: RESERVED_TOTAL + MIN_UNRESERVED };
}

/** How many functions there are, from the synthesized app, or why that is not known. */
function functionsText(app: AppCount, n: Counted): Text {
  if ('census' in app && n.functions) {
    return say(
      `A aplicação sintetizada tem ${n.functions.total} funções (${n.functions.shop} da loja, ` +
        `${n.functions.helpers} auxiliares do CDK) e reserva ${n.reserved} execuções em ${n.reservedFunctions} ` +
        `delas (a finalização da encomenda e cada rota da dona) numa quota a partir de ${n.need}.`,
      `The synthesized app has ${n.functions.total} functions (${n.functions.shop} of the shop, ` +
        `${n.functions.helpers} CDK helpers) and reserves ${n.reserved} executions on ${n.reservedFunctions} ` +
        `of them (the checkout and each of the owner's routes) on a quota of ${n.need} or more.`,
    );
  }
  const why = 'why' in app ? app.why : '';
  return say(
    `Não contei as funções na aplicação sintetizada (${why}); as reservas da tabela de rotas são ${n.reserved} execuções.`,
    `The functions were not counted on the synthesized app (${why}); the route table's reservations are ${n.reserved} executions.`,
  );
}

/** Where and how to ask for more. */
export function concurrencyRequest(region: string): Text[] {
  return [
    say(
      `Peça o aumento para ${REQUESTED_CONCURRENCY} no Service Quotas (serviço ${LAMBDA_SERVICE_CODE}, ` +
        `quota ${CONCURRENCY_QUOTA_CODE}, "Concurrent executions"), na consola:`,
      `Ask for ${REQUESTED_CONCURRENCY} in Service Quotas (service ${LAMBDA_SERVICE_CODE}, ` +
        `quota ${CONCURRENCY_QUOTA_CODE}, "Concurrent executions"), in the console:`,
    ),
    verbatim(
      `  https://${region}.console.aws.amazon.com/servicequotas/home/services/${LAMBDA_SERVICE_CODE}/quotas/${CONCURRENCY_QUOTA_CODE}`,
    ),
    say(
      `  → "Request increase at account level" → ${REQUESTED_CONCURRENCY}; ou, na linha de comandos:`,
      `  → "Request increase at account level" → ${REQUESTED_CONCURRENCY}; or, on the command line:`,
    ),
    verbatim(
      `  aws service-quotas request-service-quota-increase --service-code ${LAMBDA_SERVICE_CODE} ` +
        `--quota-code ${CONCURRENCY_QUOTA_CODE} --desired-value ${REQUESTED_CONCURRENCY} --region ${region}`,
    ),
    say(
      'A AWS responde por e-mail; o pedido aparece em Service Quotas → "Quota request history". ' +
        'Pode instalar e experimentar a loja entretanto, mas não a abra ao público antes disso.',
      'AWS answers by e-mail; the request shows in Service Quotas → "Quota request history". ' +
        'You can deploy and try the shop meanwhile, but do not open it to the public before.',
    ),
  ];
}

/** What the shop does while the quota is low. */
function meanwhile(limit: number, n: Counted): Text[] {
  const all = n.functions ? `${n.functions.total} ` : '';
  return [
    say(
      `Menos de ${MIN_CONCURRENCY} não chega: as contas novas começam com uma quota reduzida, ` +
        `e a loja reparte estas ${limit} entre as suas ${all}funções: as rotas, os consumidores ` +
        `das streams, o trabalho que corre a cada minuto e o tratamento de fotografias (2 GB).`,
      `Under ${MIN_CONCURRENCY} is not enough: new accounts start with a reduced quota, and the shop shares these ${limit} ` +
        `between its ${all}functions: the routes, the stream consumers, the job that runs every minute and the photo processing (2 GB).`,
    ),
    say(
      'Enquanto for assim, o que passar do limite é recusado (throttling): o API Gateway responde 503 ou 429 em vez da página ' +
        'ou da encomenda, o alarme de throttles da Lambda dispara, e o envio de e-mails e as fotografias esperam e voltam a tentar.',
      'Until then, whatever goes over the limit is refused (throttled): API Gateway answers 503 or 429 instead ' +
        'of the page or the order, the Lambda throttles alarm fires, and the e-mails and photos wait and retry.',
    ),
  ];
}

export async function checkLambdaConcurrency(ctx: CheckContext, app: AppCount): Promise<Finding> {
  const { aws, options } = ctx;
  const n = counted(app);
  const id = 'lambda-concurrency';
  const title = say('Lambda: execuções em simultâneo', 'Lambda: concurrent executions');
  const [settings, quota, requests] = await Promise.all([
    attempt(ACTIONS.getAccountSettings, () => aws.getAccountSettings()),
    attempt(ACTIONS.getServiceQuota, () => aws.getServiceQuota(LAMBDA_SERVICE_CODE, CONCURRENCY_QUOTA_CODE)),
    attempt(ACTIONS.listQuotaRequests, () => aws.listQuotaRequests(LAMBDA_SERVICE_CODE, CONCURRENCY_QUOTA_CODE)),
  ]);
  const limits = settings.ok ? settings.value.AccountLimit : undefined;
  const applied = quota.ok ? quota.value.Quota?.Value : undefined;
  const limit = limits?.ConcurrentExecutions ?? applied;
  if (limit === undefined)
    return couldNotCheck(
      id,
      title,
      [settings, quota].flatMap((call) => (call.ok ? [] : [call.problem])),
    );

  const functions = settings.ok ? settings.value.AccountUsage?.FunctionCount : undefined;
  const found: Text[] = [
    say(
      `Quota de ${limit} execuções em simultâneo em ${options.region}` +
        (limits?.UnreservedConcurrentExecutions !== undefined ? ` (${limits.UnreservedConcurrentExecutions} sem reserva)` : '') +
        (applied !== undefined && applied !== limit ? `; o Service Quotas indica ${applied}` : '') +
        (functions ? `; já há ${functions} funções nesta região a partilhá-la.` : '.'),
      `A quota of ${limit} concurrent executions in ${options.region}` +
        (limits?.UnreservedConcurrentExecutions !== undefined ? ` (${limits.UnreservedConcurrentExecutions} unreserved)` : '') +
        (applied !== undefined && applied !== limit ? `; Service Quotas says ${applied}` : '') +
        (functions ? `; ${functions} functions already share it in this region.` : '.'),
    ),
    ...(settings.ok ? [] : [problemText(settings.problem)]),
    functionsText(app, n),
  ];
  if (limit >= n.need) {
    const others = n.functions && n.reservedFunctions !== undefined ? ` ${n.functions.total - n.reservedFunctions}` : '';
    const reserved = say(
      `O deploy reserva ${n.reserved} execuções e deixa ${limit - n.reserved} para as outras${others} funções.`,
      `The deploy reserves ${n.reserved} executions and leaves ${limit - n.reserved} to the other${others} functions.`,
    );
    return finding(id, 'ok', title, [...found, reserved]);
  }
  if (limit >= MIN_CONCURRENCY) {
    return finding(
      id,
      'warning',
      title,
      [
        ...found,
        say(
          `Sem reservas: a finalização da encomenda partilha o conjunto da conta. As reservas (${n.reserved} ` +
            `execuções) precisam de uma quota de ${n.need} (a AWS deixa sempre ${MIN_UNRESERVED} sem reserva); ` +
            `abaixo disso o deploy não reserva nada, e uma enchente noutra rota pode tirar execuções ao checkout.`,
          `No reservations: the checkout shares the account's pool. The reservations (${n.reserved} ` +
            `executions) need a quota of ${n.need} (AWS always keeps ${MIN_UNRESERVED} unreserved); below ` +
            `that the deploy reserves nothing, and a flood on another route can take the checkout's executions.`,
        ),
      ],
      concurrencyRequest(options.region),
    );
  }

  const open = requests.ok ? requests.value.RequestedQuotas?.find((request) => OPEN_REQUEST.test(request.Status ?? '')) : undefined;
  const pending = open
    ? [
        say(
          `Já há um pedido de aumento para ${open.DesiredValue ?? '?'} ` +
            `(${open.Status}${open.CaseId ? `, caso ${open.CaseId}` : ''}): espere pela resposta da AWS; não é preciso outro.`,
          `There is already a request for ${open.DesiredValue ?? '?'} ` +
            `(${open.Status}${open.CaseId ? `, case ${open.CaseId}` : ''}): wait for AWS's answer; no other is needed.`,
        ),
      ]
    : concurrencyRequest(options.region);
  return finding(id, 'blocker', title, [...found, ...meanwhile(limit, n)], pending);
}
