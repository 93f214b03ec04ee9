/**
 * What `npm run deploy` does after a `cdk deploy` failed or was interrupted: it reads the state of every
 * stack of the stage again (DescribeStacks, each in its region), and when the shop's stack completed its
 * first creation in this run (CREATE_COMPLETE, still in first-deploy mode: buckets deleted with their
 * objects, tables and user pool without deletion protection, no termination protection; `infra/cloud/keeping.ts`)
 * it deploys that stack alone again without `-c firstDeploy=true`, the deploy that retains and protects the
 * data, before it reports. A stack that deploys after the shop's (the flat-rate plan, the edge's logs) can
 * fail while the shop's completed: the plan's eligibility cannot be checked beforehand.
 *
 * The report names each stack, its region and its state, and says what is left to do.
 */
import type { DeployPort } from './first-deploy.ts';
import type { StageStack } from './stacks.ts';

/** One stack's state as read again: its status (none when it does not exist), or why it could not be read. */
export interface StackReading {
  readonly stack: StageStack;
  readonly status?: string;
  readonly reason?: string;
  readonly error?: string;
}

/** DescribeStacks for each of `stacks`, in order; "does not exist" reads as no status. */
export async function readStacks(port: DeployPort, stacks: readonly StageStack[]): Promise<StackReading[]> {
  const readings: StackReading[] = [];
  for (const stack of stacks) {
    try {
      const found = (await port.describeStack(stack.name, stack.region)).Stacks?.[0];
      const status = found?.StackStatus === 'DELETE_COMPLETE' ? undefined : found?.StackStatus;
      readings.push({ stack, ...(status ? { status } : {}), ...(found?.StackStatusReason ? { reason: found.StackStatusReason } : {}) });
    } catch (error) {
      const { name, message } = error as { name?: string; message?: string };
      if (name === 'ValidationError' && /does not exist/i.test(message ?? '')) readings.push({ stack });
      else readings.push({ stack, error: `${name ?? 'Error'}: ${message ?? String(error)}` });
    }
  }
  return readings;
}

/** A stack's state in words (pt-PT). */
export function stateInWords(reading: StackReading): string {
  const { status, reason, error } = reading;
  const why = reason ? `: ${reason}` : '';
  if (error) return `não consegui ler o estado (${error})`;
  if (!status) return 'não existe';
  if (/^(CREATE|UPDATE|IMPORT)_COMPLETE$/.test(status)) return `completa (${status})`;
  if (status === 'ROLLBACK_COMPLETE')
    return `a criação falhou e o CloudFormation desfê-la (${status}${why}); o próximo npm run deploy apaga-a e cria-a de novo`;
  if (/_ROLLBACK_COMPLETE$/.test(status)) return `a atualização falhou e foi desfeita: fica como estava antes (${status}${why})`;
  if (status.endsWith('_IN_PROGRESS')) return `em curso (${status}): o CloudFormation continua a operação sem o cdk`;
  return `falhou (${status}${why})`;
}

/** The report's lines: one per stack. */
export function stateLines(readings: readonly StackReading[]): string[] {
  return ['Estado das pilhas:', ...readings.map((r) => `- ${r.stack.name} (${r.stack.region}): ${stateInWords(r)}`)];
}

const UNPROTECTED =
  'buckets que se apagam com o que têm, tabelas e user pool sem proteção contra eliminação, pilha sem proteção contra eliminação';

/** What the shop's state means for its data after the failure, and what to do (pt-PT). */
export function shopVerdict(shop: StackReading, protecting: number | undefined): string {
  const name = shop.stack.name;
  const status = shop.status ?? '';
  if (shop.error) {
    return protecting === 0
      ? `O deploy que protege os dados de ${name} terminou bem, mas não consegui confirmar ` +
          `o estado da pilha. Corrige a causa da falha acima e corre outra vez npm run deploy.`
      : `Não sei se os dados de ${name} estão protegidos: corre outra vez npm run ` +
          `deploy (com a pilha completa, ele faz o deploy que retém e protege os dados).`;
  }
  if (status === 'UPDATE_COMPLETE') {
    return (
      `A loja (${name}) está no ar com os dados retidos e protegidos. Corrige a causa ` +
      `da falha acima e corre outra vez npm run deploy para acabar as outras pilhas.`
    );
  }
  if (status === 'CREATE_COMPLETE' || status === 'UPDATE_ROLLBACK_COMPLETE') {
    return (
      `A loja (${name}) está no ar, mas os dados NÃO estão retidos nem protegidos (${UNPROTECTED}). Corre ` +
      `outra vez npm run deploy assim que possível: com a pilha completa, ele faz o deploy que os protege.`
    );
  }
  if (status.endsWith('_IN_PROGRESS')) {
    return (
      `A pilha ${name} ainda está em operação (${status}). Espera que acabe (consola do CloudFormation, ${shop.stack.region}) ` +
      `e corre outra vez npm run deploy: se ela completou, esse deploy protege os dados; se falhou, começa de novo.`
    );
  }
  if (!status || status === 'ROLLBACK_COMPLETE') {
    return (
      `A pilha ${name} não ficou: o CloudFormation apagou o que ela criou (tabelas, buckets, user pool, cofre ` +
      `de backups), ou ela nem chegou a ser criada. Vê a causa acima, corrige-a e corre outra vez npm run deploy.`
    );
  }
  return (
    `A pilha ${name} ficou em ${status}: vê nos eventos da pilha (consola do ` +
    `CloudFormation, ${shop.stack.region}) o que falhou, resolve-o e corre outra vez npm run deploy.`
  );
}

/** What {@link afterFailure} works with. */
export interface AfterFailureDeps {
  readonly cdk: (args: readonly string[]) => number;
  readonly port: DeployPort;
  readonly stacks: readonly StageStack[];
  readonly log: (line: string) => void;
}

/**
 * After a failed `cdk deploy` (exit `code`): reads every stack, runs `protect` (the deploy of the shop's
 * stack alone without `firstDeploy`) when the shop's stack was created and never updated in a first
 * deploy (`firstDeploy`), reads again, and reports. Returns `code`: the deploy did not finish.
 */
export async function afterFailure(
  code: number,
  firstDeploy: boolean,
  protect: readonly string[],
  deps: AfterFailureDeps,
): Promise<number> {
  deps.log(`O cdk deploy falhou ou foi interrompido (código ${code}): leio outra vez o estado de cada pilha.`);
  let readings = await readStacks(deps.port, deps.stacks);
  const shopIndex = readings.findIndex((r) => r.stack.shop);
  let protecting: number | undefined;
  if (firstDeploy && readings[shopIndex]?.status === 'CREATE_COMPLETE') {
    const name = readings[shopIndex]!.stack.name;
    deps.log(`A pilha ${name} completou em modo de primeiro deploy: faço agora, só nela, o deploy que retém e protege os dados.`);
    protecting = deps.cdk(protect);
    readings = await readStacks(deps.port, deps.stacks);
  }
  for (const line of stateLines(readings)) deps.log(line);
  const shop = readings[shopIndex];
  if (shop && firstDeploy) deps.log(shopVerdict(shop, protecting));
  else if (shop)
    deps.log(
      `A pilha ${shop.stack.name} guarda os dados retidos e protegidos como ` +
        `antes. Corrige a causa da falha acima e corre outra vez npm run deploy.`,
    );
  return code;
}
