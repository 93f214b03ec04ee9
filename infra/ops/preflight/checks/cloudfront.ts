/**
 * CloudFront's flat-rate pricing plans (`edgePlan=free`, the default, `infra/cloud/waf.ts`): guidance only. AWS has no API that says
 * beforehand whether a distribution may take a plan: the PricingPlanManager API (us-east-1) only creates, lists, changes and
 * cancels subscriptions, and the distribution does not exist before the first deploy. So nothing is
 * called; this says what is known from AWS's documentation.
 */
import { billOf, dollars } from '../../cost/bill.ts';
import { PRICES } from '../../cost/prices.ts';
import { finding, say, verbatim, type Finding, type Text } from '../findings.ts';
import type { PreflightOptions } from '../options.ts';
import type { AppCount } from './lambda.ts';

export const FLAT_RATE_DOC = 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/flat-rate-pricing-plan.html';

/** What the web ACL costs billed per use, from the synthesized app (its rules) and the price table; without a synth, the prices alone. */
function paygPrice(app: AppCount): Text {
  const requests = dollars(Math.round(PRICES.webAclRequests.usd * 100));
  if ('census' in app && app.census.webAcls.length) {
    const rules = app.census.webAcls.reduce((sum, acl) => sum + acl.rules, 0);
    const month = dollars(billOf(app.census).webAclPaygCents);
    return say(
      `${month} por mês (${dollars(PRICES.webAcl.usd * 100)} a web ACL e ${dollars(PRICES.webAclRule.usd * 100)} ` +
        `cada uma das suas ${rules} regras) e ${requests} por milhão de pedidos`,
      `${month} a month (${dollars(PRICES.webAcl.usd * 100)} the web ACL ` +
        `and ${dollars(PRICES.webAclRule.usd * 100)} each of its ${rules} rules) and ${requests} per million requests`,
    );
  }
  return say(
    `${dollars(PRICES.webAcl.usd * 100)} por mês a web ` +
      `ACL, ${dollars(PRICES.webAclRule.usd * 100)} cada regra, e ${requests} por milhão de pedidos`,
    `${dollars(PRICES.webAcl.usd * 100)} a month the web ` +
      `ACL, ${dollars(PRICES.webAclRule.usd * 100)} each rule, and ${requests} per million requests`,
  );
}

/** Whether the Free plan is likely accepted, and what happens if it is not (`edgePlan=free`); the price of the others. */
function planOutlook(options: PreflightOptions, app: AppCount): Text[] {
  const price = paygPrice(app);
  if (options.edgePlan === 'none') {
    return [
      say(
        'Com -c edgePlan=none não há web ACL nem plano: só os limites do API Gateway e das funções, a 0 $ por mês.',
        'With -c edgePlan=none there is no web ACL and no plan: only the API Gateway and function limits, at $0 a month.',
      ),
    ];
  }
  if (options.edgePlan === 'payg') {
    return [
      say(
        `Com -c edgePlan=payg a web ACL é paga por uso: ${price.pt}.`,
        `With -c edgePlan=payg the web ACL is billed per use: ${price.en}.`,
      ),
    ];
  }
  return [
    say(
      'Por omissão (-c edgePlan=free) o deploy põe a distribuição e a sua web ACL no plano Free, a 0 $ por mês. Provavelmente ' +
        'é aceite: a distribuição usa CloudFront Functions e Origin Access Control, como os planos pedem (segundo o guia do ' +
        'CloudFront, não aceitam Lambda@Edge nem OAI), e a web ACL só tem regras de limite por endereço, de tamanho e de conteúdo ' +
        'e os grupos geridos da AWS de reputação de IP e regras comuns. É recusado se a conta já usa o seu plano Free noutra ' +
        'distribuição (veja CloudFront → Pricing plans), ou se a AWS mudar o que o plano inclui (o WAF diz então o plano que é preciso).',
      'By default (-c edgePlan=free) the deploy puts the distribution and its web ACL on the Free plan, at $0 a month. It is ' +
        'likely accepted: the distribution uses CloudFront Functions and Origin Access Control, as the plans ' +
        'require (per the CloudFront guide, they take neither Lambda@Edge nor OAI), and the web ACL has only ' +
        "per-address rate limits, size and content rules and AWS's managed IP reputation and common rule " +
        'groups. It is refused if the account already uses its Free plan on another distribution (see CloudFront ' +
        '→ Pricing plans), or if AWS changes what the plan includes (WAF then names the plan it needs).',
    ),
    say(
      `Se for recusado, a pilha JoiasInox-${options.stage}-Plan falha depois da da loja: o npm run deploy protege então a pilha ` +
        `da loja e diz o estado de cada pilha. A loja funciona, com o CloudFront a preço por uso e a web ACL paga por ` +
        `uso: ${price.pt}. Para o deixar assim de propósito, faça o deploy ` +
        `com -c edgePlan=payg; com -c edgePlan=none fica sem web ACL (0 $).`,
      `If it is refused, the JoiasInox-${options.stage}-Plan stack fails after the shop's: npm run deploy then protects the shop's ` +
        `stack and names each stack's state. The shop works, with CloudFront at pay-as-you-go prices and the web ACL billed per ` +
        `use: ${price.en}. To keep it so on purpose, deploy with -c edgePlan=payg; -c edgePlan=none leaves it without a web ACL ($0).`,
    ),
    say(
      'Não há API que diga antes se uma distribuição é elegível (a API PricingPlanManager, em us-east-1, só gere ' +
        'subscrições), e a distribuição só existe depois do primeiro deploy: nada foi verificado aqui. Os planos:',
      'No API says beforehand whether a distribution is eligible (the PricingPlanManager API, in us-east-1, only manages ' +
        'subscriptions), and the distribution only exists after the first deploy: nothing was checked here. The plans:',
    ),
  ];
}

export function cloudFrontPlanGuidance(options: PreflightOptions, app: AppCount): Finding {
  return finding(
    'cloudfront-flat-rate',
    'info',
    say('CloudFront: planos de preço fixo (só orientação)', 'CloudFront: flat-rate pricing plans (guidance only)'),
    [
      say(
        'Desde novembro de 2025 o CloudFront tem planos de preço fixo por distribuição (Free, Pro, Business, ' +
          'Premium) que juntam CDN, AWS WAF, proteção DDoS, DNS do Route 53 e registos, sem excedentes.',
        'Since November 2025 CloudFront has flat-rate plans per distribution (Free, Pro, Business, Premium) ' +
          'that bundle the CDN, AWS WAF, DDoS protection, Route 53 DNS and logs, with no overage charges.',
      ),
      ...planOutlook(options, app),
      verbatim(`  ${FLAT_RATE_DOC}`),
      say(
        'Conta nova: o CloudFront pode recusar a distribuição com "Your account must be verified before you can add new ' +
          'CloudFront resources". Não é um erro da loja: abra um caso no AWS Support (Account and billing, sem custo) a pedir ' +
          'a verificação da conta para criar distribuições CloudFront, e corra outra vez npm run deploy quando a AWS responder.',
        'New account: CloudFront may refuse the distribution with "Your account must be verified before you can add new ' +
          'CloudFront resources". It is not the shop\'s fault: open an AWS Support case (Account and billing, free) asking ' +
          'to verify the account for creating CloudFront distributions, and run npm run deploy again once AWS answers.',
      ),
      say(
        'Hoje o endereço próprio da API (https://<id>.execute-api.<região>.amazonaws.com) continua acessível sem ' +
          'passar pelo CloudFront nem pela web ACL: cada função recusa (403) um pedido sem o segredo de origem que ' +
          'só o CloudFront envia, mas o API Gateway recebe-o (e cobra-o), e os limites da web ACL não se aplicam aí.',
        "Today the API's own address (https://<id>.execute-api.<region>.amazonaws.com) stays reachable without " +
          'CloudFront or the web ACL: each function refuses (403) a request without the origin secret only ' +
          "CloudFront sends, but API Gateway takes it (and bills it), and the web ACL's limits do not apply there.",
      ),
    ],
  );
}
