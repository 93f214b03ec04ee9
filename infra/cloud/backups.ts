/**
 * Backups past point-in-time recovery's 35 days (orders are kept 10 years): an AWS Backup plan that
 * takes one backup of each table of the shop's records on the 1st of every month (03:00 UTC) and keeps
 * it {@link MONTHLY_BACKUP_DAYS} days, in a vault of the stage's own. DynamoDB backups taken by AWS
 * Backup are full copies, restored into a NEW table (`docs/operations.md`, "A monthly backup"), which
 * `npm run restore -- --from-restored` then compares and copies back from.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';
import type { TableKey } from '#lambdas/contracts/data-model.ts';
import { acknowledgeNag } from './constructs/nag.ts';

/** How long a monthly backup is kept: twelve of them at any time. */
export const MONTHLY_BACKUP_DAYS = 365;

/**
 * The tables backed up: the shop's records. Not the counters (rebuilt by `npm run recount`), the rate
 * limits and idempotency keys (minutes of data) or the outbox (sent mail): `npm run restore` refuses them too.
 */
export const MONTHLY_BACKUP_TABLES = [
  'products',
  'collections',
  'orders',
  'orderSearch',
  'contactMessages',
  'stockAlerts',
  'mbwayCounters',
  'stockMovements',
  'settings',
  'abuse',
  'discountCodes',
] as const satisfies readonly TableKey[];

export class MonthlyBackups extends Construct {
  readonly plan: backup.BackupPlan;
  readonly vault: backup.BackupVault;

  constructor(
    scope: Construct,
    id: string,
    props: { readonly stage: string; readonly tables: Readonly<Record<TableKey, dynamodb.ITableV2>> },
  ) {
    super(scope, id);
    // Retained: its backups outlive the stack (a vault with recovery points cannot be deleted anyway);
    // a failed first deploy deletes it with the rest (`keeping.ts`).
    this.vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: `joias-inox-${props.stage}-monthly`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `joias-inox-${props.stage}-monthly`,
      backupVault: this.vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Monthly',
          scheduleExpression: events.Schedule.cron({ day: '1', hour: '3', minute: '0' }),
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
          deleteAfter: Duration.days(MONTHLY_BACKUP_DAYS),
        }),
      ],
    });
    const selection = this.plan.addSelection('Tables', {
      resources: MONTHLY_BACKUP_TABLES.map((key) => backup.BackupResource.fromArn(props.tables[key].tableArn)),
      allowRestores: false,
    });
    acknowledgeNag(
      selection,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      "AWS Backup's own service-role policy for taking backups, which AWS keeps " +
        "current for every service it backs up; the role is AWS Backup's alone.",
    );
  }
}
