/** The account and region the deploy would go to (STS GetCallerIdentity): the first check, and the one that finds missing credentials. */
import { finding, say, type Finding } from '../findings.ts';
import { ACTIONS, attempt, type Problem } from '../port.ts';
import type { CheckContext } from './common.ts';

/**
 * The account the credentials belong to, or the problem that kept STS from saying: GetCallerIdentity needs
 * no permission (no policy can deny it), so a failure here (no network, a region not enabled) means no
 * other call can work either.
 */
export async function checkAccount({
  aws,
  options,
}: Omit<CheckContext, 'account'>): Promise<{ finding: Finding; account?: string } | { problem: Problem }> {
  const title = say('Conta e região', 'Account and region');
  const answer = await attempt(ACTIONS.getCallerIdentity, () => aws.getCallerIdentity());
  if (!answer.ok) return { problem: answer.problem };
  const { Account: account = '?', Arn: arn = '?' } = answer.value;
  const where = say(
    `Conta ${account}, identidade ${arn}; região ${options.region}, pilha ${options.stackName}.`,
    `Account ${account}, identity ${arn}; region ${options.region}, stack ${options.stackName}.`,
  );
  if (arn.endsWith(':root')) {
    return {
      account,
      finding: finding(
        'account',
        'warning',
        title,
        [
          where,
          say(
            'Está a usar o utilizador raiz (root) da conta, que pode tudo e não se limita.',
            'You are using the account root user, which can do anything and cannot be limited.',
          ),
        ],
        [
          say(
            'Faça o deploy com um utilizador do IAM Identity Center (aws sso login) ou um ' +
              'perfil IAM com as permissões do deploy, e guarde o root para o que só ele faz.',
            'Deploy with an IAM Identity Center user (aws sso login) or an IAM profile ' +
              'with the deploy permissions, and keep the root user for what only it can do.',
          ),
        ],
      ),
    };
  }
  return { account, finding: finding('account', 'ok', title, [where]) };
}
