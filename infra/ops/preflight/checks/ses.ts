/**
 * SES in the shop's SES region (`sesRegion`: the stack's region when it has SES; SESv2 GetAccount, GetEmailIdentity): sandbox or production
 * access, sending paused or not, the sending rate against `mailSendRate`, and the sender identity's verification. A new
 * account is in the sandbox (mail only to verified addresses): a warning, with the request steps.
 */
import { finding, say, verbatim, type Finding, type Text } from '../findings.ts';
import { ACTIONS, attempt, type EmailIdentityAnswer, type SesAccountAnswer } from '../port.ts';
import { type CheckContext, couldNotCheck } from './common.ts';

const PRODUCTION_DOC = 'docs/operations.md#ses-the-sandbox-and-production-access';

/** How to leave the sandbox. */
export function productionAccessSteps(region: string): Text[] {
  return [
    say(
      `Peça acesso de produção: consola do SES → "Account dashboard" → "Request production ` +
        `access" (https://${region}.console.aws.amazon.com/ses/home?region=${region}#/account), ou:`,
      `Ask for production access: SES console → "Account dashboard" → "Request production ` +
        `access" (https://${region}.console.aws.amazon.com/ses/home?region=${region}#/account), or:`,
    ),
    verbatim(
      `  aws sesv2 put-account-details --region ${region} --production-access-enabled --mail-type ` +
        `TRANSACTIONAL --website-url https://<loja|shop> --use-case-description "..." --contact-language EN`,
    ),
    say(
      `Diga que o correio é transacional (confirmações, avisos de pagamento e envio, avisos de reposição pedidos pelo cliente) ` +
        `e que devoluções e queixas são suprimidas e vigiadas; a AWS responde por e-mail, normalmente num dia (${PRODUCTION_DOC}).`,
      `Say the mail is transactional (confirmations, payment and shipping notices, back-in-stock notices the customer asked for) ` +
        `and that bounces and complaints are suppressed and alarmed; AWS answers by e-mail, usually within a day (${PRODUCTION_DOC}).`,
    ),
  ];
}

function quotaText(account: SesAccountAnswer): Text {
  const { Max24HourSend: day = '?', MaxSendRate: rate = '?' } = account.SendQuota ?? {};
  return say(`Limites: ${day} e-mails por dia, ${rate} por segundo.`, `Limits: ${day} e-mails a day, ${rate} a second.`);
}

/** The account in the sandbox: a warning, with the production access request's state or how to ask for it. */
function sandboxFinding(id: string, title: Text, region: string, account: SesAccountAnswer): Finding {
  const review = account.Details?.ReviewDetails;
  const asked =
    review?.Status === 'PENDING'
      ? [
          say(
            `O pedido de acesso de produção está em análise${review.CaseId ? ` (caso ${review.CaseId})` : ''}: espere pela resposta.`,
            `The production access request is under review${review.CaseId ? ` (case ${review.CaseId})` : ''}: wait for the answer.`,
          ),
        ]
      : [];
  const refused =
    review?.Status === 'DENIED' || review?.Status === 'FAILED'
      ? [
          say(
            `O último pedido foi recusado (${review.Status}${review.CaseId ? `, caso ${review.CaseId}` : ''}): ` +
              `responda ao caso no AWS Support com mais detalhe.`,
            `The last request was refused (${review.Status}${review.CaseId ? `, case ${review.CaseId}` : ''}): ` +
              `answer the case in AWS Support with more detail.`,
          ),
        ]
      : [];
  return finding(
    id,
    'warning',
    title,
    [
      say(
        `A conta está na "sandbox" do SES em ${region}: só envia para endereços verificados, por isso os clientes não recebem nada.`,
        `The account is in the SES "sandbox" in ${region}: it only sends to verified addresses, so customers get nothing.`,
      ),
      quotaText(account),
      ...asked,
      ...refused,
    ],
    asked.length > 0 ? [] : productionAccessSteps(region),
  );
}

function accountFinding(ctx: CheckContext, account: SesAccountAnswer): Finding {
  const { sesRegion: region, mailSendRate } = ctx.options;
  const id = 'ses-account';
  const title = say(`SES em ${region}: sandbox ou produção`, `SES in ${region}: sandbox or production`);
  if (account.SendingEnabled === false || account.EnforcementStatus === 'SHUTDOWN') {
    return finding(
      id,
      'blocker',
      title,
      [
        say(
          `O envio de e-mail está parado nesta conta em ${region} (${account.EnforcementStatus ?? 'SendingEnabled=false'}).`,
          `Sending is paused for this account in ${region} (${account.EnforcementStatus ?? 'SendingEnabled=false'}).`,
        ),
      ],
      [
        say(
          'Veja o motivo em SES → "Account dashboard" e nos e-mails da AWS; retome ' +
            'com: aws sesv2 put-account-sending-attributes --sending-enabled --region ' +
            region,
          'See why in SES → "Account dashboard" and AWS\'s e-mails; resume with: ' +
            'aws sesv2 put-account-sending-attributes --sending-enabled --region ' +
            region,
        ),
      ],
    );
  }
  if (!account.ProductionAccessEnabled) return sandboxFinding(id, title, region, account);
  const rate = account.SendQuota?.MaxSendRate;
  const details = [
    say(`Acesso de produção: a loja pode escrever a qualquer cliente.`, 'Production access: the shop can write to any customer.'),
    quotaText(account),
  ];
  if (account.EnforcementStatus === 'PROBATION') {
    return finding(
      id,
      'warning',
      title,
      [
        ...details,
        say(
          'A conta está em observação (PROBATION) por devoluções ou queixas a mais.',
          'The account is on probation (PROBATION) for too many bounces or complaints.',
        ),
      ],
      [
        say(
          'Veja SES → "Reputation metrics" e os e-mails da AWS antes de abrir a loja.',
          'See SES → "Reputation metrics" and AWS\'s e-mails before opening the shop.',
        ),
      ],
    );
  }
  if (rate !== undefined && mailSendRate !== undefined && mailSendRate > rate) {
    return finding(
      id,
      'warning',
      title,
      [
        ...details,
        say(
          `-c mailSendRate=${mailSendRate} passa dos ${rate} por segundo do SES: os envios a mais são recusados e repetidos.`,
          `-c mailSendRate=${mailSendRate} is over SES's ${rate} a second: the extra sends are refused and retried.`,
        ),
      ],
      [verbatim(`-c mailSendRate=${rate}`)],
    );
  }
  return finding(id, 'ok', title, details);
}

function identityFinding(ctx: CheckContext, name: string, identity: EmailIdentityAnswer | undefined): Finding {
  const id = 'ses-sender';
  const domain = ctx.options.senderDomain !== undefined;
  const title = say(`SES: remetente ${name}`, `SES: sender ${name}`);
  if (!identity) {
    return finding(id, 'ok', title, [
      say(
        `Ainda não existe em ${ctx.options.sesRegion}: o primeiro deploy cria-o, e depois ` +
          (domain
            ? 'é preciso juntar os registos DNS (DKIM, MAIL FROM) das saídas da pilha'
            : `o SES manda a ${name} um link de verificação a clicar`) +
          '; nada é enviado antes disso.',
        `It does not exist yet in ${ctx.options.sesRegion}: the first deploy creates it, and then ` +
          (domain
            ? "the DNS records (DKIM, MAIL FROM) of the stack's outputs must be added"
            : `SES e-mails ${name} a verification link to click`) +
          '; nothing is sent before that.',
      ),
    ]);
  }
  const status = identity.VerificationStatus ?? '?';
  if (identity.VerifiedForSendingStatus) {
    return finding(id, 'ok', title, [
      say(
        `Verificado (${status}${identity.DkimAttributes?.Status ? `, DKIM ${identity.DkimAttributes.Status}` : ''}).`,
        `Verified (${status}${identity.DkimAttributes?.Status ? `, DKIM ${identity.DkimAttributes.Status}` : ''}).`,
      ),
    ]);
  }
  return finding(
    id,
    'warning',
    title,
    [
      say(
        `Ainda não verificado (${status}): a loja não consegue enviar e-mail em nome dele.`,
        `Not verified yet (${status}): the shop cannot send mail as it.`,
      ),
    ],
    [
      domain
        ? say(
            'Junte no DNS do domínio os registos das saídas SenderDkimRecord1..3, SenderMailFromMx e SenderMailFromSpf ' +
              '(docs/operations.md#the-sender-domains-dns-records); o SES volta a verificar sozinho durante 72 horas.',
            'Add the records of the outputs SenderDkimRecord1..3, SenderMailFromMx and SenderMailFromSpf to the ' +
              "domain's DNS (docs/operations.md#the-sender-domains-dns-records); SES keeps checking for 72 hours.",
          )
        : say(
            `Clique no link que o SES mandou a ${name} (veja o spam). Para o mandar de ` +
              `novo: consola do SES → "Identities" → ${name} → "Send verification email".`,
            `Click the link SES sent to ${name} (check spam). To send it again: ` +
              `SES console → "Identities" → ${name} → "Send verification email".`,
          ),
    ],
  );
}

/** The SES account, then the sender identity (when the deploy names one), in the shop's SES region; nothing where SES does not exist. */
export async function checkSes(ctx: CheckContext, sesMissing: boolean): Promise<Finding[]> {
  const { aws, options } = ctx;
  const region = options.sesRegion;
  const accountTitle = say(`SES em ${region}: sandbox ou produção`, `SES in ${region}: sandbox or production`);
  if (sesMissing) {
    return [
      finding('ses-account', 'unchecked', accountTitle, [
        say(
          `O SES não existe em ${region} (ver "Serviços na região"): verifique-o na região onde o SES da loja ficar.`,
          `SES does not exist in ${region} (see "Services in the region"): check it in the region the shop's SES goes to.`,
        ),
      ]),
    ];
  }
  const name = options.senderDomain ?? options.senderEmail;
  const [account, identity] = await Promise.all([
    attempt(ACTIONS.getSesAccount, () => aws.getSesAccount(region)),
    name ? attempt(ACTIONS.getEmailIdentity, () => aws.getEmailIdentity(region, name)) : undefined,
  ]);
  const findings = [account.ok ? accountFinding(ctx, account.value) : couldNotCheck('ses-account', accountTitle, [account.problem])];
  if (!name || !identity) {
    findings.push(
      finding(
        'ses-sender',
        'warning',
        say('SES: remetente', 'SES: sender'),
        [
          say(
            'Não sei o remetente: o cdk.json não tem senderEmail e não foi dado -c senderEmail=...',
            'No sender known: cdk.json has no senderEmail and no -c senderEmail=... was given.',
          ),
        ],
        [
          say(
            'Dê o mesmo -c senderEmail=... (e -c senderDomain=..., se o usar) que vai dar ao npm run deploy; o deploy precisa dele.',
            'Give the same -c senderEmail=... (and -c senderDomain=..., if you use it) you will give npm run deploy; the deploy needs it.',
          ),
        ],
      ),
    );
  } else if (identity.ok || identity.problem.code === 'NotFoundException') {
    findings.push(identityFinding(ctx, name, identity.ok ? identity.value : undefined));
  } else {
    findings.push(couldNotCheck('ses-sender', say(`SES: remetente ${name}`, `SES: sender ${name}`), [identity.problem]));
  }
  return findings;
}
