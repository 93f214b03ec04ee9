/**
 * The function that records SES's bounce and complaint events on their orders (`mailEvents` in
 * `lambdas/jobs.ts`), subscribed to the mail `events` topic of the configuration set, with exactly its
 * row's grants. The topic is encrypted with its own key: SNS decrypts before it invokes the function.
 * A failed invocation is retried by SNS (asynchronous invocation: twice more); the operator's e-mail
 * subscription to the same topic still gets every event.
 */
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { mailEvents } from '../lambdas/jobs.ts';
import { bindGrant, type BindTargets } from './constructs/bind.ts';
import { REPO_ROOT, ShopFunction } from './constructs/shop-function.ts';

export interface MailEventsProps {
  readonly targets: BindTargets;
  readonly topic: sns.ITopic;
}

export class MailEvents extends Construct {
  readonly recorder: ShopFunction;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    this.recorder = new ShopFunction(this, mailEvents.name, {
      entry: path.join(REPO_ROOT, 'lambdas', 'consumers', `${mailEvents.handler}.ts`),
      description: 'Records SES bounces and complaints on the order their mail belonged to',
      timeout: Duration.seconds(30),
    });
    for (const grant of mailEvents.grants) bindGrant(this.recorder.function, grant, props.targets);
    props.topic.addSubscription(new LambdaSubscription(this.recorder.function));
  }
}
