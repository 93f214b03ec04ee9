/**
 * CloudFront's flat-rate pricing plans: guidance only. AWS has no API that says beforehand whether a
 * distribution may take a plan: the PricingPlanManager API (us-east-1) only creates, lists, changes and
 * cancels subscriptions, and the distribution does not exist before the first deploy. So nothing is
 * called; this says what is known from AWS's documentation.
 */
import { finding, say, verbatim, type Finding } from '../findings.ts';

export const FLAT_RATE_DOC = 'https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/flat-rate-pricing-plan.html';

export function cloudFrontPlanGuidance(): Finding {
  return finding('cloudfront-flat-rate', 'info', say('CloudFront: planos de preço fixo (só orientação)', 'CloudFront: flat-rate pricing plans (guidance only)'), [
    say(
      'Desde novembro de 2025 o CloudFront tem planos de preço fixo por distribuição (Free, Pro, Business, Premium) que juntam CDN, AWS WAF, proteção DDoS, DNS do Route 53 e registos, sem excedentes. A loja não escolhe nenhum: paga por uso (ver os custos em docs/operations.md).',
      'Since November 2025 CloudFront has flat-rate plans per distribution (Free, Pro, Business, Premium) that bundle the CDN, AWS WAF, DDoS protection, Route 53 DNS and logs, with no overage charges. The shop picks none: it pays per use (see the costs in docs/operations.md).',
    ),
    say(
      'Não há API que diga antes se uma distribuição é elegível (a API PricingPlanManager, em us-east-1, só gere subscrições), e a distribuição só existe depois do primeiro deploy: nada foi verificado aqui.',
      'No API says beforehand whether a distribution is eligible (the PricingPlanManager API, in us-east-1, only manages subscriptions), and the distribution only exists after the first deploy: nothing was checked here.',
    ),
    say(
      'A loja usa CloudFront Functions e Origin Access Control, como os planos pedem (segundo o guia do CloudFront, não aceitam Lambda@Edge nem OAI). Se pensar num plano (por exemplo em vez de -c waf=true, cuja web ACL custa à parte), veja-o na consola do CloudFront, na distribuição, depois do deploy:',
      'The shop uses CloudFront Functions and Origin Access Control, as the plans require (per the CloudFront guide, they take neither Lambda@Edge nor OAI). If you consider a plan (for instance instead of -c waf=true, whose web ACL is billed apart), look at it in the CloudFront console, on the distribution, after the deploy:',
    ),
    verbatim(`  ${FLAT_RATE_DOC}`),
  ]);
}
