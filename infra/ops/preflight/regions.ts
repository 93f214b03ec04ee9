/**
 * Where the shop can be deployed. The tables of regions are in one place, `infra/common/regions.ts`:
 * `SES_REGIONS` (from AWS's SES endpoints table, https://docs.aws.amazon.com/general/latest/gr/ses.html)
 * and `BUDGETS_REGIONS` (where CloudFormation has `AWS::Budgets::Budget`, from cfn-lint's per-region
 * schemas). The deploy reads the same tables: in a region without SES (Europe (Spain), eu-south-2) the
 * shop sends from `sesRegion` (eu-west-1 by default) through the stage's mail stack there, and where
 * CloudFormation has no AWS Budgets it makes no budget. Regions change, so `npm run preflight` also asks
 * CloudFormation of each region about every resource type the deploy will create there (DescribeType).
 */
import { mailStackName } from '../../common/naming.ts';
import { BUDGETS_REGIONS, DEFAULT_SES_REGION, SES_REGIONS } from '../../common/regions.ts';
import { say, type Text } from './findings.ts';
import type { PreflightOptions } from './options.ts';

export { BUDGETS_REGIONS, DEFAULT_SES_REGION, SES_REGIONS };

/**
 * Every AWS resource type of the shop's stack when SES is in its region and the budget is on
 * (`infra/cloud/stack.ts`, with `operatorEmail` and `senderDomain`); `Custom::` resources are functions of
 * the stack itself. `test/infra/preflight-aws.test.ts` compares this list with the synthesized template.
 */
export const STACK_RESOURCE_TYPES = [
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Authorizer',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Backup::BackupPlan',
  'AWS::Backup::BackupSelection',
  'AWS::Backup::BackupVault',
  'AWS::Budgets::Budget',
  'AWS::CloudFormation::Stack',
  'AWS::CloudFront::CachePolicy',
  'AWS::CloudFront::Distribution',
  'AWS::CloudFront::Function',
  'AWS::CloudFront::KeyValueStore',
  'AWS::CloudFront::OriginAccessControl',
  'AWS::CloudFront::ResponseHeadersPolicy',
  'AWS::CloudWatch::Alarm',
  'AWS::CloudWatch::Dashboard',
  'AWS::Cognito::UserPool',
  'AWS::Cognito::UserPoolClient',
  'AWS::Cognito::UserPoolGroup',
  'AWS::Cognito::UserPoolRiskConfigurationAttachment',
  'AWS::DynamoDB::GlobalTable',
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Lambda::Function',
  'AWS::Lambda::LayerVersion',
  'AWS::Lambda::Permission',
  'AWS::Logs::LogGroup',
  'AWS::Logs::MetricFilter',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SES::ConfigurationSet',
  'AWS::SES::ConfigurationSetEventDestination',
  'AWS::SES::EmailIdentity',
  'AWS::SES::Template',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
  'AWS::SQS::Queue',
  'AWS::SQS::QueuePolicy',
  'AWS::SecretsManager::Secret',
] as const;

/** The services some regions lack, and what the shop uses them for. */
export const REGIONAL_SERVICES = {
  ses: {
    name: 'Amazon SES (API v2)',
    prefix: 'AWS::SES::',
    role: say(
      'todo o seu e-mail (confirmações de encomenda, avisos de pagamento e envio, convites de administradores)',
      "all of the shop's e-mail (order confirmations, payment and shipping notices, admin invitations)",
    ),
  },
  budgets: {
    name: 'AWS Budgets (AWS::Budgets::Budget)',
    prefix: 'AWS::Budgets::',
    role: say('o orçamento mensal que avisa quando os custos passam do previsto', 'the monthly budget that warns when costs run over'),
  },
} as const satisfies Record<string, { name: string; prefix: string; role: Text }>;

export type RegionalService = keyof typeof REGIONAL_SERVICES;

/** The service a resource type belongs to, when it is one of those some regions lack. */
export function regionalServiceOf(typeName: string): RegionalService | undefined {
  return (Object.keys(REGIONAL_SERVICES) as RegionalService[]).find((key) => typeName.startsWith(REGIONAL_SERVICES[key].prefix));
}

/** The SES types: the shop's stack creates them in its region, or the mail stack in `sesRegion`. */
export const SES_TYPES: readonly string[] = STACK_RESOURCE_TYPES.filter((typeName) => regionalServiceOf(typeName) === 'ses');

/** The types the deploy creates in the shop's own region, as the context has it. */
export function shopRegionTypes(options: Pick<PreflightOptions, 'region' | 'sesRegion' | 'budget'>): string[] {
  return STACK_RESOURCE_TYPES.filter((typeName) => {
    const service = regionalServiceOf(typeName);
    if (service === 'ses') return options.sesRegion === options.region;
    if (service === 'budgets') return options.budget;
    return true;
  });
}

/** The name of the stack that holds the SES resources when SES is in another region. */
export const mailStackOf = (stage: string): string => mailStackName(stage);

/** The region CloudFront's web ACLs (and so the edge's WAF and plan stacks) must live in. */
export const EDGE_REGION = 'us-east-1';
