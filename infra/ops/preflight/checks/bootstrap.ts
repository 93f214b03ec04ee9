/**
 * `npx cdk bootstrap` in every region the deploy puts a stack in (the shop's; the mail stack's when SES is
 * elsewhere; us-east-1 unless `-c edgePlan=none`: the WAF (and plan) stacks are there): the CDK CLI
 * reads the bootstrap version from the SSM parameter `/cdk-bootstrap/<qualifier>/version` before it
 * deploys; the `CDKToolkit` stack holds the bucket and roles the deploy uses.
 */
import { finding, say, verbatim, type Finding, type Text } from '../findings.ts';
import { DEFAULT_QUALIFIER } from '../options.ts';
import { ACTIONS, attempt, type Attempt, type StacksAnswer } from '../port.ts';
import { EDGE_REGION, mailStackOf } from '../regions.ts';
import { type CheckContext, couldNotCheck, problemText } from './common.ts';

/**
 * The oldest bootstrap the installed aws-cdk-lib deploys with (`DefaultStackSynthesizer`'s MIN_BOOTSTRAP_STACK_VERSION; a test checks it).
 */
export const MIN_BOOTSTRAP_VERSION = 6;
/** The bootstrap stack's default name. */
export const TOOLKIT_STACK = 'CDKToolkit';

export const bootstrapParameter = (qualifier: string): string => `/cdk-bootstrap/${qualifier}/version`;

type Toolkit = NonNullable<StacksAnswer['Stacks']>[number];

/** The command that (re)bootstraps the account in the region. */
function bootstrapCommand(ctx: CheckContext, region: string): Text {
  const qualifier = ctx.options.qualifier === DEFAULT_QUALIFIER ? '' : ` --qualifier ${ctx.options.qualifier}`;
  return verbatim(`npx cdk bootstrap aws://${ctx.account ?? '<conta|account>'}/${region}${qualifier}`);
}

const isMissingStack = (stack: Attempt<StacksAnswer>): boolean =>
  !stack.ok && stack.problem.code === 'ValidationError' && /does not exist/i.test(stack.problem.message);

/** Says why a region other than the shop's is checked at all: the mail stack, the WAF stack. */
function whyThisRegion(region: string, ctx: CheckContext): Text[] {
  const { options } = ctx;
  if (region === options.region) return [];
  const reasons: Text[] = [];
  if (region === options.sesRegion) {
    reasons.push(
      say(
        `O SES da loja fica em ${region}, numa pilha própria (${mailStackOf(options.stage)}), ` +
          `por isso o CDK também tem de estar preparado em ${region}.`,
        `The shop's SES is in ${region}, in a stack of its own ` +
          `(${mailStackOf(options.stage)}), so the CDK must be bootstrapped in ${region} too.`,
      ),
    );
  }
  if (region === EDGE_REGION && options.waf) {
    reasons.push(
      say(
        `Com a web ACL à frente (-c edgePlan=free, por omissão, ou payg), ela vive numa pilha em ${EDGE_REGION} ` +
          `(a AWS só aceita lá as web ACL do CloudFront), por isso o CDK também tem de estar preparado em ${EDGE_REGION}.`,
        `With the web ACL in front (-c edgePlan=free, the default, or payg), it lives in a stack in ${EDGE_REGION} ` +
          `(AWS only takes CloudFront web ACLs there), so the CDK must be bootstrapped in ${EDGE_REGION} too.`,
      ),
    );
  }
  return reasons;
}

function toolkitVerdict(id: string, title: Text, toolkit: Toolkit | undefined, found: Text[], fix: Text[]): Finding | undefined {
  const status = toolkit?.StackStatus ?? '';
  if (/^(ROLLBACK_COMPLETE|DELETE_|.*_FAILED$)/.test(status)) {
    return finding(
      id,
      'blocker',
      title,
      [
        ...found,
        say(
          `A pilha ${TOOLKIT_STACK} está em ${status}: o deploy não a pode usar.`,
          `The ${TOOLKIT_STACK} stack is in ${status}: the deploy cannot use it.`,
        ),
      ],
      [
        say(
          `Veja o motivo na consola do CloudFormation (${TOOLKIT_STACK} → Events); se a pilha não recupera, apague-a e prepare de novo:`,
          `See why in the CloudFormation console (${TOOLKIT_STACK} → Events); ` +
            `if the stack does not recover, delete it and bootstrap again:`,
        ),
        ...fix,
      ],
    );
  }
  if (status.endsWith('_IN_PROGRESS')) {
    return finding(
      id,
      'warning',
      title,
      [...found, say(`A pilha ${TOOLKIT_STACK} está a mudar (${status}).`, `The ${TOOLKIT_STACK} stack is changing (${status}).`)],
      [say('Espere que acabe e corra isto outra vez.', 'Wait for it to finish and run this again.')],
    );
  }
  return undefined;
}

/** The bootstrap of `region`: present, recent enough, and its stack usable. */
export async function checkBootstrap(ctx: CheckContext, region: string): Promise<Finding> {
  const { aws, options } = ctx;
  const id = region === options.region ? 'bootstrap' : `bootstrap-${region}`;
  const title = say(`CDK preparado (bootstrap) em ${region}`, `CDK bootstrap in ${region}`);
  const parameterName = bootstrapParameter(options.qualifier);
  const [parameter, stack] = await Promise.all([
    attempt(ACTIONS.getParameter, () => aws.getParameter(region, parameterName)),
    attempt(ACTIONS.describeStacks, () => aws.describeStacks(region, TOOLKIT_STACK)),
  ]);
  const why = whyThisRegion(region, ctx);
  const fix = [bootstrapCommand(ctx, region)];
  const parameterMissing = !parameter.ok && parameter.problem.code === 'ParameterNotFound';
  if (!parameter.ok && !parameterMissing && !stack.ok && !isMissingStack(stack))
    return couldNotCheck(id, title, [parameter.problem, stack.problem], why);

  const toolkit = stack.ok ? stack.value.Stacks?.[0] : undefined;
  if (parameterMissing || (!parameter.ok && isMissingStack(stack))) {
    const found = toolkit
      ? say(
          `A pilha ${TOOLKIT_STACK} existe, mas não há o parâmetro ${parameterName}: foi preparada com ` +
            `outro --qualifier? Ponha-o em "@aws-cdk/core:bootstrapQualifier" no cdk.json, ou prepare de novo.`,
          `The ${TOOLKIT_STACK} stack exists, but there is no parameter ${parameterName}: was it bootstrapped ` +
            `with another --qualifier? Put it in "@aws-cdk/core:bootstrapQualifier" in cdk.json, or bootstrap again.`,
        )
      : say(
          `Esta conta nunca preparou o CDK em ${region}: não há o parâmetro ${parameterName} ` +
            `nem a pilha ${TOOLKIT_STACK}. O deploy pára logo no início.`,
          `This account never bootstrapped the CDK in ${region}: there is no parameter ${parameterName} ` +
            `and no ${TOOLKIT_STACK} stack. The deploy stops right at the start.`,
        );
    return finding(
      id,
      'blocker',
      title,
      [...why, found],
      [say('Prepare-o (uma vez por conta e região):', 'Bootstrap it (once per account and region):'), ...fix],
    );
  }

  const fromOutput = toolkit?.Outputs?.find((output) => output.OutputKey === 'BootstrapVersion')?.OutputValue;
  const version = Number(parameter.ok ? parameter.value.Parameter?.Value : fromOutput);
  const notes = [parameter, stack].flatMap((call) =>
    call.ok || isMissingStack(call as Attempt<StacksAnswer>) ? [] : [problemText(call.problem)],
  );
  const found = [
    ...why,
    say(
      `Versão ${Number.isFinite(version) ? version : '?'} do ` +
        `bootstrap${toolkit?.StackStatus ? ` (pilha ${TOOLKIT_STACK}: ${toolkit.StackStatus})` : ''}; ` +
        `este CDK precisa de ${MIN_BOOTSTRAP_VERSION} ou mais.`,
      `Bootstrap version ${Number.isFinite(version) ? version : '?'}` +
        `${toolkit?.StackStatus ? ` (${TOOLKIT_STACK} stack: ${toolkit.StackStatus})` : ''}; ` +
        `this CDK needs ${MIN_BOOTSTRAP_VERSION} or later.`,
    ),
    ...notes,
  ];
  const broken = toolkitVerdict(id, title, toolkit, found, fix);
  if (broken) return broken;
  if (Number.isFinite(version) && version < MIN_BOOTSTRAP_VERSION) {
    return finding(id, 'blocker', title, found, [
      say(
        'Atualize o bootstrap (atualiza a pilha CDKToolkit, nada da loja muda):',
        'Update the bootstrap (it updates the CDKToolkit stack; nothing of the shop changes):',
      ),
      ...fix,
    ]);
  }
  return finding(id, Number.isFinite(version) ? 'ok' : 'warning', title, found, Number.isFinite(version) ? [] : fix);
}
