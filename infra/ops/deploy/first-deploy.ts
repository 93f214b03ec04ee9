/**
 * Whether `npm run deploy` is the shop's first deploy, read from the shop stack's state in CloudFormation
 * (DescribeStacks), and what follows (`infra/cloud/keeping.ts`):
 *
 * - no stack, a stack whose creation failed (ROLLBACK_COMPLETE, ROLLBACK_FAILED: `cdk deploy` deletes it
 *   before it tries again) or one only reviewed (REVIEW_IN_PROGRESS): **first**. The deploy gets
 *   `-c firstDeploy=true`, so that a rollback leaves nothing behind, and once it completes it runs again
 *   without it, which retains and protects the data and turns `prod`'s termination protection on. A
 *   failed creation that is termination-protected (deployed before this, or by `cdk deploy` itself) is
 *   unprotected first, or `cdk deploy` could not delete it.
 * - a stack that completed once (CREATE_COMPLETE, UPDATE_*, IMPORT_*): **keep**, the ordinary deploy.
 * - an operation in progress, or a stack that could not be deleted or rolled back: **stop**, with what to do.
 * - the state cannot be read (a refused permission, no network): **keep**, the safe side: the data
 *   retained and protected, as after a first deploy.
 */
import { AwsCallError, type StacksAnswer } from '../preflight/port.ts';
import { queryCall } from '../preflight/aws.ts';
import type { Transport } from '../preflight/http.ts';

export type DeployPlan =
  | { readonly kind: 'first'; readonly say: string; readonly unprotect: boolean }
  | { readonly kind: 'keep'; readonly say?: string }
  | { readonly kind: 'stop'; readonly say: string };

/** The context `npm run deploy` gives a first deploy (`infra/common/deploy-settings.ts`). */
export const FIRST_DEPLOY_CONTEXT = ['-c', 'firstDeploy=true'] as const;

/** The stack's state as DescribeStacks answered, or the error it threw. */
export type StackState = { readonly ok: true; readonly answer: StacksAnswer } | { readonly ok: false; readonly error: unknown };

const CREATION_FAILED = new Set(['ROLLBACK_COMPLETE', 'ROLLBACK_FAILED']);

/** The plan for the deploy of `stackName` in `region`, from its state. */
export function planDeploy(state: StackState, stackName: string, region: string): DeployPlan {
  if (!state.ok) {
    const { name, message } = state.error as { name?: string; message?: string };
    if (name === 'ValidationError' && /does not exist/i.test(message ?? '')) {
      return {
        kind: 'first',
        unprotect: false,
        say:
          `A pilha ${stackName} ainda não existe em ${region}: é o primeiro deploy. Se falhar, o CloudFormation ` +
          `apaga o que ela criou: tabelas, buckets, user pool e cofre de backups não ficam para trás.`,
      };
    }
    return {
      kind: 'keep',
      say:
        `Não consegui ler o estado da pilha ${stackName} (${name ?? 'Error'}: ${message ?? ''}): ` +
        `o deploy segue como num deploy normal, com os dados retidos e protegidos.`,
    };
  }
  const stack = state.answer.Stacks?.[0];
  const status = stack?.StackStatus ?? '';
  if (!stack || status === 'DELETE_COMPLETE') {
    return {
      kind: 'first',
      unprotect: false,
      say:
        `A pilha ${stackName} não existe em ${region}: é o primeiro deploy. Se falhar, o CloudFormation ` +
        `apaga o que ela criou: tabelas, buckets, user pool e cofre de backups não ficam para trás.`,
    };
  }
  if (CREATION_FAILED.has(status)) {
    return {
      kind: 'first',
      unprotect: stack.EnableTerminationProtection === true,
      say: `A criação da pilha ${stackName} falhou antes (${status}): o cdk apaga-a e tenta outra vez, como primeiro deploy.`,
    };
  }
  if (status === 'REVIEW_IN_PROGRESS') {
    return { kind: 'first', unprotect: false, say: `A pilha ${stackName} nunca foi criada (${status}): é o primeiro deploy.` };
  }
  if (status.endsWith('_IN_PROGRESS')) {
    return {
      kind: 'stop',
      say:
        `A pilha ${stackName} está ocupada (${status}): espera que essa operação ` +
        `acabe (consola do CloudFormation, ${region}) e corre outra vez npm run deploy.`,
    };
  }
  if (status === 'DELETE_FAILED') {
    return {
      kind: 'stop',
      say:
        `A pilha ${stackName} não se deixou apagar (${status}${stack.StackStatusReason ? `: ${stack.StackStatusReason}` : ''}). ` +
        `Vê nos eventos da pilha (consola do CloudFormation, ${region}) que recurso falhou, resolve-o, apaga a pilha ` +
        `(aws cloudformation delete-stack --stack-name ${stackName} --region ${region}) e corre outra vez npm run deploy.`,
    };
  }
  if (status === 'UPDATE_ROLLBACK_FAILED') {
    return {
      kind: 'stop',
      say:
        `A última atualização da pilha ${stackName} falhou e o rollback também ` +
        `(${status}). Corre npx cdk rollback ${stackName} e depois outra vez npm run deploy.`,
    };
  }
  return { kind: 'keep' };
}

/** The CloudFormation calls of `npm run deploy`, as a port (the tests answer them from recorded answers). */
export interface DeployPort {
  /** DescribeStacks, in the shop's region unless `region` is given. */
  describeStack(stackName: string, region?: string): Promise<StacksAnswer>;
  /** UpdateTerminationProtection. */
  setTerminationProtection(stackName: string, enabled: boolean): Promise<void>;
}

/** The real port: DescribeStacks (as preflight reads it) and UpdateTerminationProtection, signed, in `region`. */
export function deployPort(
  region: string,
  transport: Transport,
  describe: (region: string, stackName: string) => Promise<StacksAnswer>,
): DeployPort {
  return {
    describeStack: (stackName, where = region) => describe(where, stackName),
    async setTerminationProtection(stackName, enabled) {
      await queryCall(transport, 'cloudformation', region, {
        Action: 'UpdateTerminationProtection',
        Version: '2010-05-15',
        StackName: stackName,
        EnableTerminationProtection: String(enabled),
      });
    },
  };
}

/** Reads the stack's state and plans the deploy; turns off the termination protection of a failed creation. */
export async function prepareDeploy(port: DeployPort, stackName: string, region: string, log: (line: string) => void): Promise<DeployPlan> {
  let state: StackState;
  try {
    state = { ok: true, answer: await port.describeStack(stackName) };
  } catch (error) {
    state = { ok: false, error };
  }
  const plan = planDeploy(state, stackName, region);
  if (plan.say) log(plan.say);
  if (plan.kind === 'first' && plan.unprotect) {
    try {
      await port.setTerminationProtection(stackName, false);
      log(`Tirei a proteção contra eliminação à pilha falhada ${stackName}, para o cdk a poder apagar.`);
    } catch (error) {
      const reason = error instanceof AwsCallError || error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return {
        kind: 'stop',
        say:
          `A pilha falhada ${stackName} tem proteção contra eliminação e não a consegui tirar (${reason}). ` +
          `Tira-a tu (aws cloudformation update-termination-protection --no-enable-termination-protection ` +
          `--stack-name ${stackName} --region ${region}) e corre outra vez npm run deploy.`,
      };
    }
  }
  return plan;
}
