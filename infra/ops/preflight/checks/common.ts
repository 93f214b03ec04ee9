/** What every check gets, and how a call that failed is told ("could not check: needs permission X"). */
import { finding, say, type Finding, type Text } from '../findings.ts';
import type { PreflightOptions } from '../options.ts';
import type { AwsPort, Problem } from '../port.ts';

export interface CheckContext {
  readonly aws: AwsPort;
  readonly options: PreflightOptions;
  /** The account id, when STS told it. */
  readonly account?: string;
}

/** AWS's own message, one line, not too long. */
const short = (message: string): string => {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 220 ? `${line.slice(0, 217)}...` : line;
};

/** Why a call gave no answer, in plain words. */
export function problemText(problem: Problem): Text {
  if (problem.denied) {
    return say(
      `A sua identidade AWS não tem a permissão ${problem.action} (${problem.code}: ${short(problem.message)}).`,
      `Your AWS identity lacks the permission ${problem.action} (${problem.code}: ${short(problem.message)}).`,
    );
  }
  if (problem.code === 'NetworkError') {
    return say(
      `Sem resposta de ${problem.host ?? 'a AWS'} (${problem.action}): sem rede, ou a região não existe ou não está ativa nesta conta?`,
      `No answer from ${problem.host ?? 'AWS'} (${problem.action}): no network, or is the region misspelt or not enabled in this account?`,
    );
  }
  return say(
    `${problem.action} respondeu ${problem.code}: ${short(problem.message)}`,
    `${problem.action} answered ${problem.code}: ${short(problem.message)}`,
  );
}

/** A check that could not run: what it needed, and how to give it. */
export function couldNotCheck(id: string, title: Text, problems: readonly Problem[], details: readonly Text[] = []): Finding {
  const denied = problems.filter((p) => p.denied).map((p) => p.action);
  return finding(
    id,
    'unchecked',
    title,
    [say('Não consegui verificar isto.', 'Could not check this.'), ...problems.map(problemText), ...details],
    denied.length > 0
      ? [
          say(
            `Dê à identidade com que corre o comando a permissão ${denied.join(', ')} (só leitura), ou corra-o com uma que a tenha.`,
            `Give the identity you run this with the permission ${denied.join(', ')} (read-only), or run it with one that has it.`,
          ),
        ]
      : [],
  );
}
