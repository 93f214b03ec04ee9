/**
 * The scheduled functions of `lambdas/jobs.ts`: one function per row, bound to exactly its grants, run
 * by an EventBridge rule at its period.
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { jobs as jobTable, type Job } from '#lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { ShopFunction } from './constructs/shop-function.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

export interface JobsProps {
  readonly targets: BindTargets;
  /** @default `lambdas/jobs.ts` */
  readonly jobs?: readonly Job[];
}

export class Jobs extends Construct {
  /** The function of every job, by name. */
  readonly functions: ReadonlyMap<string, ShopFunction>;
  readonly rules: ReadonlyMap<string, events.Rule>;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    const functions = new Map<string, ShopFunction>();
    const rules = new Map<string, events.Rule>();
    for (const job of props.jobs ?? jobTable) {
      const fn = new ShopFunction(this, job.name, {
        entry: path.join(REPO_ROOT, 'lambdas', 'consumers', `${job.handler}.ts`),
        description: `Scheduled: ${job.name} (every ${job.everyMinutes} min)`,
        // A run works through a batch; it must finish well before the next one starts.
        timeout: Duration.minutes(Math.min(5, job.everyMinutes)),
        grants: job.grants,
      });
      for (const grant of job.grants) bindGrant(fn.function, grant, props.targets);
      const rule = new events.Rule(this, `${job.name}Schedule`, {
        description: `Runs ${job.name} every ${job.everyMinutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new targets.LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
      functions.set(job.name, fn);
      rules.set(job.name, rule);
    }
    this.functions = functions;
    this.rules = rules;
  }
}
