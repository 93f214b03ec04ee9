/**
 * Lambda's "Concurrent executions" quota of the region (Lambda GetAccountSettings, and the value Service
 * Quotas applies, quota L-B99A9384). New accounts get a reduced one (often 10) that AWS raises with use;
 * the shop shares it between its own functions ({@link OWN_FUNCTIONS}: the route table's, the jobs' and
 * the photo job), so below {@link MIN_CONCURRENCY} a modest launch answers errors. Between that and the
 * quota the reservations need ({@link RESERVATIONS_NEED}) the deploy reserves nothing
 * (`infra/common/concurrency.ts`): the checkout then shares the account's pool, which it says.
 */
import { jobs } from '#lambdas/jobs.ts';
import { routes } from '#lambdas/routes.ts';
import { MIN_UNRESERVED, reservedConcurrency } from '#infra/common/concurrency.ts';
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

/** The shop's own functions: one per row of the route table, one per job, and the photo job. */
export const OWN_FUNCTIONS = routes.length + jobs.length + 1;
/** The executions the deploy reserves (the checkout and each owner's route) on a quota that allows them. */
export const RESERVED_TOTAL = [...reservedConcurrency(routes, Number.MAX_SAFE_INTEGER).values()].reduce((sum, n) => sum + n, 0);
/** The smallest quota on which the deploy reserves them: AWS keeps {@link MIN_UNRESERVED} unreserved. */
export const RESERVATIONS_NEED = RESERVED_TOTAL + MIN_UNRESERVED;

/** Where and how to ask for more. */
export function concurrencyRequest(region: string): Text[] {
  return [
    say(
      `Peça o aumento para ${REQUESTED_CONCURRENCY} no Service Quotas (serviço ${LAMBDA_SERVICE_CODE}, quota ${CONCURRENCY_QUOTA_CODE}, "Concurrent executions"), na consola:`,
      `Ask for ${REQUESTED_CONCURRENCY} in Service Quotas (service ${LAMBDA_SERVICE_CODE}, quota ${CONCURRENCY_QUOTA_CODE}, "Concurrent executions"), in the console:`,
    ),
    verbatim(`  https://${region}.console.aws.amazon.com/servicequotas/home/services/${LAMBDA_SERVICE_CODE}/quotas/${CONCURRENCY_QUOTA_CODE}`),
    say(`  → "Request increase at account level" → ${REQUESTED_CONCURRENCY}; ou, na linha de comandos:`, `  → "Request increase at account level" → ${REQUESTED_CONCURRENCY}; or, on the command line:`),
    verbatim(
      `  aws service-quotas request-service-quota-increase --service-code ${LAMBDA_SERVICE_CODE} --quota-code ${CONCURRENCY_QUOTA_CODE} --desired-value ${REQUESTED_CONCURRENCY} --region ${region}`,
    ),
    say(
      'A AWS responde por e-mail; o pedido aparece em Service Quotas → "Quota request history". Pode instalar e experimentar a loja entretanto, mas não a abra ao público antes disso.',
      'AWS answers by e-mail; the request shows in Service Quotas → "Quota request history". You can deploy and try the shop meanwhile, but do not open it to the public before.',
    ),
  ];
}

/** What the shop does while the quota is low. */
function meanwhile(limit: number): Text[] {
  return [
    say(
      `Menos de ${MIN_CONCURRENCY} não chega: as contas novas começam com uma quota reduzida, e a loja reparte estas ${limit} entre as suas ${OWN_FUNCTIONS} funções, os consumidores das streams, o trabalho que corre a cada minuto e o tratamento de fotografias (2 GB).`,
      `Under ${MIN_CONCURRENCY} is not enough: new accounts start with a reduced quota, and the shop shares these ${limit} between its ${OWN_FUNCTIONS} functions, the stream consumers, the job that runs every minute and the photo processing (2 GB).`,
    ),
    say(
      'Enquanto for assim, o que passar do limite é recusado (throttling): o API Gateway responde 503 ou 429 em vez da página ou da encomenda, o alarme de throttles da Lambda dispara, e o envio de e-mails e as fotografias esperam e voltam a tentar.',
      'Until then, whatever goes over the limit is refused (throttled): API Gateway answers 503 or 429 instead of the page or the order, the Lambda throttles alarm fires, and the e-mails and photos wait and retry.',
    ),
  ];
}

export async function checkLambdaConcurrency(ctx: CheckContext): Promise<Finding> {
  const { aws, options } = ctx;
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
  if (limit === undefined) return couldNotCheck(id, title, [settings, quota].flatMap((call) => (call.ok ? [] : [call.problem])));

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
  ];
  if (limit >= RESERVATIONS_NEED) {
    const reserved = say(
      `O deploy reserva ${RESERVED_TOTAL} execuções (a finalização da encomenda e cada rota da dona) e deixa ${limit - RESERVED_TOTAL} para as outras das ${OWN_FUNCTIONS} funções.`,
      `The deploy reserves ${RESERVED_TOTAL} executions (the checkout and each of the owner's routes) and leaves ${limit - RESERVED_TOTAL} to the rest of the ${OWN_FUNCTIONS} functions.`,
    );
    return finding(id, 'ok', title, [...found, reserved]);
  }
  if (limit >= MIN_CONCURRENCY) {
    return finding(id, 'warning', title, [
      ...found,
      say(
        `Sem reservas: a finalização da encomenda partilha o conjunto da conta. As reservas (${RESERVED_TOTAL} execuções) precisam de uma quota de ${RESERVATIONS_NEED} (a AWS deixa sempre ${MIN_UNRESERVED} sem reserva); abaixo disso o deploy não reserva nada, e uma enchente noutra rota pode tirar execuções ao checkout.`,
        `No reservations: the checkout shares the account's pool. The reservations (${RESERVED_TOTAL} executions) need a quota of ${RESERVATIONS_NEED} (AWS always keeps ${MIN_UNRESERVED} unreserved); below that the deploy reserves nothing, and a flood on another route can take the checkout's executions.`,
      ),
    ], concurrencyRequest(options.region));
  }

  const open = requests.ok ? requests.value.RequestedQuotas?.find((request) => OPEN_REQUEST.test(request.Status ?? '')) : undefined;
  const pending = open
    ? [
        say(
          `Já há um pedido de aumento para ${open.DesiredValue ?? '?'} (${open.Status}${open.CaseId ? `, caso ${open.CaseId}` : ''}): espere pela resposta da AWS; não é preciso outro.`,
          `There is already a request for ${open.DesiredValue ?? '?'} (${open.Status}${open.CaseId ? `, case ${open.CaseId}` : ''}): wait for AWS's answer; no other is needed.`,
        ),
      ]
    : concurrencyRequest(options.region);
  return finding(id, 'blocker', title, [...found, ...meanwhile(limit)], pending);
}
