/**
 * The AWS regions the deploy knows about: where the stack goes by default, where Amazon SES exists,
 * where CloudFormation can make a budget. Plain data, free of aws-cdk-lib (the twin and scripts read it).
 */

/** Region used when neither context `region` nor `CDK_DEFAULT_REGION` names one. */
export const DEFAULT_REGION = 'eu-west-1';

/**
 * The regions of the commercial partition where Amazon SES (API v2) exists: the endpoints table of the
 * AWS General Reference, "Amazon Simple Email Service endpoints and quotas"
 * (https://docs.aws.amazon.com/general/latest/gr/ses.html), which is also where CloudFormation has the
 * `AWS::SES::*` types the shop creates (cfn-lint's per-region schemas agree). Europe (Spain), the
 * region nearest Portugal, is not one of them: a shop there sends its mail from {@link DEFAULT_SES_REGION}.
 */
export const SES_REGIONS: readonly string[] = [
  'af-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-south-1',
  'ap-south-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-southeast-5',
  'ca-central-1',
  'ca-west-1',
  'eu-central-1',
  'eu-central-2',
  'eu-north-1',
  'eu-south-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'il-central-1',
  'me-central-1',
  'me-south-1',
  'sa-east-1',
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
];

/** Where the shop's SES resources go when the stack's region has no SES (Europe (Ireland), nearest Portugal of those with SES). */
export const DEFAULT_SES_REGION = 'eu-west-1';

/**
 * The regions where CloudFormation can create an `AWS::Budgets::Budget` (cfn-lint's per-region schemas
 * of CloudFormation's registry). AWS Budgets itself is global (one endpoint, `budgets.amazonaws.com`,
 * in us-east-1) and a budget counts every region's costs; only the CloudFormation type is missing
 * elsewhere (Spain, Milan and Zurich among them), so there the stack makes no budget by default.
 */
export const BUDGETS_REGIONS: readonly string[] = [
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-south-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ca-central-1',
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'sa-east-1',
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
];

/** The stack's region when SES exists there, else {@link DEFAULT_SES_REGION}. */
export function defaultSesRegion(region: string): string {
  return SES_REGIONS.includes(region) ? region : DEFAULT_SES_REGION;
}
