/**
 * CloudFront's flat-rate pricing plans (`edgePlan=free`, the default, `infra/cloud/waf.ts`): guidance only. AWS has no API that says beforehand whether a
 * distribution may take a plan: the PricingPlanManager API (us-east-1) only creates, lists, changes and
 * cancels subscriptions, and the distribution does not exist before the first deploy. So nothing is
 * called; this says what is known from AWS's documentation.
 */
import { finding, say, verbatim, type Finding } from '../findings.ts';

export const FLAT_RATE_DOC = 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/flat-rate-pricing-plan.html';

export function cloudFrontPlanGuidance(): Finding {
  return finding('cloudfront-flat-rate', 'info', say('CloudFront: planos de preço fixo (só orientação)', 'CloudFront: flat-rate pricing plans (guidance only)'), [
    say(
      'Desde novembro de 2025 o CloudFront tem planos de preço fixo por distribuição (Free, Pro, Business, Premium) que juntam CDN, AWS WAF, proteção DDoS, DNS do Route 53 e registos, sem excedentes. Por omissão (-c edgePlan=free) o deploy põe a distribuição e a sua web ACL no plano Free, a 0 $ por mês.',
      'Since November 2025 CloudFront has flat-rate plans per distribution (Free, Pro, Business, Premium) that bundle the CDN, AWS WAF, DDoS protection, Route 53 DNS and logs, with no overage charges. By default (-c edgePlan=free) the deploy puts the distribution and its web ACL on the Free plan, at $0 a month.',
    ),
    say(
      'Não há API que diga antes se uma distribuição é elegível (a API PricingPlanManager, em us-east-1, só gere subscrições), e a distribuição só existe depois do primeiro deploy: nada foi verificado aqui.',
      'No API says beforehand whether a distribution is eligible (the PricingPlanManager API, in us-east-1, only manages subscriptions), and the distribution only exists after the first deploy: nothing was checked here.',
    ),
    say(
      'A loja usa CloudFront Functions e Origin Access Control, como os planos pedem (segundo o guia do CloudFront, não aceitam Lambda@Edge nem OAI). Se a pilha JoiasInox-<fase>-Plan falhar (plano Free já usado na conta, ou uma regra que o plano não inclui), faça o deploy com -c edgePlan=payg (a mesma web ACL, paga por uso, cerca de 11 $ por mês). Os planos:',
      'The shop uses CloudFront Functions and Origin Access Control, as the plans require (per the CloudFront guide, they take neither Lambda@Edge nor OAI). If the JoiasInox-<stage>-Plan stack fails (the account\'s Free plan already used, or a rule the plan does not include), deploy with -c edgePlan=payg (the same web ACL, billed per use, about $16 a month). The plans:',
    ),
    verbatim(`  ${FLAT_RATE_DOC}`),
    say(
      'Conta nova: o CloudFront pode recusar a distribuição com "Your account must be verified before you can add new CloudFront resources". Não é um erro da loja: abra um caso no AWS Support (Account and billing, sem custo) a pedir a verificação da conta para criar distribuições CloudFront, e corra outra vez npm run deploy quando a AWS responder.',
      'New account: CloudFront may refuse the distribution with "Your account must be verified before you can add new CloudFront resources". It is not the shop\'s fault: open an AWS Support case (Account and billing, free) asking to verify the account for creating CloudFront distributions, and run npm run deploy again once AWS answers.',
    ),
    say(
      'Hoje o endereço próprio da API (https://<id>.execute-api.<região>.amazonaws.com) continua acessível sem passar pelo CloudFront nem pela web ACL: cada função recusa (403) um pedido sem o segredo de origem que só o CloudFront envia, mas o API Gateway recebe-o (e cobra-o), e os limites da web ACL não se aplicam aí.',
      'Today the API\'s own address (https://<id>.execute-api.<region>.amazonaws.com) stays reachable without CloudFront or the web ACL: each function refuses (403) a request without the origin secret only CloudFront sends, but API Gateway takes it (and bills it), and the web ACL\'s limits do not apply there.',
    ),
  ]);
}
