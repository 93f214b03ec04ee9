/**
 * The stage's monthly cost budget (context `budget`, on by default where CloudFormation can create one:
 * `BUDGETS_REGIONS` of `infra/common/regions.ts`), reported to the alarm topic when the month's actual
 * cost passes 80 % and when the forecast passes 100 % of `monthlyBudgetUsd`.
 *
 * It counts the costs tagged with the stage ({@link STAGE_TAG}, which every stack of the stage carries
 * and CloudFormation passes on to the resources), in every region: one budget per stage and account,
 * named after the stage, not one per stack counting the whole account. The tag counts only once it is
 * activated as a cost allocation tag (Billing, "Cost allocation tags"), and costs AWS does not attribute
 * to a resource (some CloudWatch and data transfer charges) stay outside it.
 */
import { Stack } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { budgetName, STAGE_TAG } from '../common/naming.ts';

/** Shares of the monthly budget at which the operator is told: actual cost, and the month's forecast. */
export const BUDGET_ALERTS = { actualPercent: 80, forecastPercent: 100 } as const;

/** The Budgets cost filter of a stage's costs: its tag, as a user-defined cost allocation tag (`user:<key>$<value>`). */
export function stageCostFilter(stage: string): { TagKeyValue: string[] } {
  return { TagKeyValue: [`user:${STAGE_TAG}$${stage}`] };
}

/**
 * The budget, and the topic policy statement that lets AWS Budgets publish to the topic (AWS Budgets
 * user guide, "Creating an Amazon SNS topic for budget notifications"), for this account's budgets only.
 */
export function monthlyBudget(
  scope: Construct,
  id: string,
  props: { stage: string; limitUsd: number; topic: sns.Topic },
): budgets.CfnBudget {
  const stack = Stack.of(scope);
  props.topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'OnlyThisAccountsBudgetsPublish',
      principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [props.topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:budgets::${stack.account}:*` },
      },
    }),
  );
  const toTopic = [{ subscriptionType: 'SNS', address: props.topic.topicArn }];
  const budget = new budgets.CfnBudget(scope, id, {
    budget: {
      budgetName: budgetName(props.stage),
      budgetType: 'COST',
      timeUnit: 'MONTHLY',
      budgetLimit: { amount: props.limitUsd, unit: 'USD' },
      costFilters: stageCostFilter(props.stage),
    },
    notificationsWithSubscribers: [
      {
        notification: {
          notificationType: 'ACTUAL',
          comparisonOperator: 'GREATER_THAN',
          threshold: BUDGET_ALERTS.actualPercent,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: toTopic,
      },
      {
        notification: {
          notificationType: 'FORECASTED',
          comparisonOperator: 'GREATER_THAN',
          threshold: BUDGET_ALERTS.forecastPercent,
          thresholdType: 'PERCENTAGE',
        },
        subscribers: toTopic,
      },
    ],
  });
  // The topic's policy must exist before Budgets checks it can publish.
  budget.node.addDependency(props.topic);
  return budget;
}
