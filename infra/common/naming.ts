/**
 * The names of a stage's stacks and account-wide resources, and the sender rule SES sets: plain
 * functions, free of aws-cdk-lib (scripts and tests name the same things the stack makes).
 */

/**
 * Tag every stack of a stage carries (CloudFormation passes stack tags on to the resources), for the
 * stage's budget to count that stage's costs only: activate it once as a cost allocation tag (Billing,
 * "Cost allocation tags").
 */
export const STAGE_TAG = 'JoiasInoxStage';

/** Name of the CloudFormation stack of a stage (what `cdk deploy` creates and scripts look up). */
export function stackName(stage: string): string {
  return `JoiasInox-${stage}`;
}

/** Name of the stack that holds a stage's SES resources when SES lives in another region than the shop (context `sesRegion`). */
export function mailStackName(stage: string): string {
  return `${stackName(stage)}-Mail`;
}

/** Name of a stage's monthly cost budget: budget names are unique per account, and the budget counts the stage in every region. */
export function budgetName(stage: string): string {
  return `${stackName(stage)}-monthly`;
}

/**
 * Name of the SES configuration set of a stage. SES names are per account and region, so the stack
 * name is in it: two stages in one account never share one.
 */
export function configurationSetName(stage: string): string {
  return `${stackName(stage)}-mail`;
}

/** The custom MAIL FROM subdomain used with a sender domain (bounces come back to it, SPF aligns with it). */
export function mailFromDomainOf(senderDomain: string): string {
  return `mail.${senderDomain}`;
}

/**
 * Throws unless `senderEmail` is an address at `senderDomain` (case-insensitive): SES may send from
 * any address of a verified domain, and from no other.
 */
export function assertSenderAtDomain(senderEmail: string, senderDomain: string): void {
  const at = senderEmail.lastIndexOf('@');
  if (at < 0 || senderEmail.slice(at + 1).toLowerCase() !== senderDomain.toLowerCase()) {
    throw new Error(
      `Context "senderEmail" must be an address at the sender domain "${senderDomain}" (e.g. loja@${senderDomain}), got "${senderEmail}"`,
    );
  }
}
