/**
 * `MailStack` (`JoiasInox-<stage>-Mail`): a stage's e-mail when SES is in another region than the shop
 * (context `sesRegion`; by default whenever the shop's region has no SES, such as Europe (Spain)).
 * CloudFormation creates a stack's resources in the stack's own region, so the SES resources get a
 * small stack of their own in the SES region, deployed before the shop's:
 *
 * - the sender identity, the configuration set with its event destinations, and the templates
 *   (`Mail`, exactly as in the shop's stack when SES is in its region);
 * - a rule on this region's default event bus that forwards the configuration set's bounce, complaint
 *   and reject events to the default bus of the shop's region (EventBridge's cross-region routing),
 *   where the shop's `MailEvents` rule takes them as if SES were there;
 * - the e-mail alarms (`mail-alarms.ts`): SES's metrics stay in its region, and an alarm watches only
 *   its own region's metrics, so they report to a topic of this stack, the operator subscribed;
 * - the DNS records of a sender domain as outputs (the MAIL FROM's MX names this region).
 *
 * Nothing crosses regions by reference: the shop's stack derives every SES name and ARN from the
 * stage, the sender and the SES region (`mailRefs`), and this stack names the shop's bus by its ARN.
 */
import { Aspects, CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { mailEventsPattern } from '#lambdas/jobs.ts';
import { EMAIL_PATTERN } from '../common/deploy-settings.ts';
import { STAGE_TAG } from '../common/naming.ts';
import type { RenderedMailTemplates } from '../common/mail/render.ts';
import { alarmOn, createAlarmTopic } from './alarm-kit.ts';
import { HelperFunctionLogs } from './constructs/helper-logs.ts';
import { Mail } from './mail.ts';
import { mailAlarmSpecs } from './mail-alarms.ts';

export interface MailStackProps extends StackProps {
  readonly stage: string;
  readonly mailTemplates: RenderedMailTemplates;
  /** As `ShopStackProps.senderEmail`: without it, a `SenderEmail` parameter without a default. */
  readonly senderEmail?: string;
  readonly senderDomain?: string;
  /** Subscribed to this stack's alarm topic when given. */
  readonly operatorEmail?: string;
  /** The shop's region, whose default event bus gets the configuration set's events. */
  readonly shopRegion: string;
}

export class MailStack extends Stack {
  readonly mail: Mail;
  /** Forwards the configuration set's events to the shop region's default bus. */
  readonly forwarder: events.Rule;
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, {
      description: `Joias Inox e-mail (${props.stage}): SES for the shop in ${props.shopRegion}`,
      ...props,
      tags: { ...props.tags, [STAGE_TAG]: props.stage },
    });
    const senderEmail =
      props.senderEmail ??
      new CfnParameter(this, 'SenderEmail', {
        type: 'String',
        description: "Address the shop sends e-mail from (SES verifies it by e-mail after the deploy); the same as the shop stack's",
        allowedPattern: EMAIL_PATTERN.source,
        constraintDescription: 'must be an e-mail address',
      }).valueAsString;
    this.mail = new Mail(this, 'Mail', {
      stage: props.stage,
      senderEmail,
      templates: props.mailTemplates,
      ...(props.senderDomain ? { senderDomain: props.senderDomain } : {}),
    });

    const pattern = mailEventsPattern(this.mail.configurationSetName);
    const shopBus = events.EventBus.fromEventBusArn(
      this,
      'ShopBus',
      this.formatArn({ service: 'events', region: props.shopRegion, resource: 'event-bus', resourceName: 'default' }),
    );
    this.forwarder = new events.Rule(this, 'ToShopRegion', {
      eventBus: this.mail.eventBus,
      description:
        `SES bounces, complaints and rejects of configuration ` +
        `set ${this.mail.configurationSetName} to the default bus of ${props.shopRegion}`,
      eventPattern: { source: [...pattern.source], detailType: [...pattern['detail-type']], detail: pattern.detail },
      targets: [new targets.EventBus(shopBus)],
    });

    this.topic = createAlarmTopic(this, 'AlarmTopic', 'Joias Inox e-mail alarms', props.operatorEmail);
    const action = new SnsAction(this.topic);
    this.alarms = mailAlarmSpecs(this.mail.configurationSetName).map(({ id: alarmId, spec }) => alarmOn(this, alarmId, spec, action));

    new CfnOutput(this, 'SenderAddress', { value: senderEmail, description: "The SES identity of the shop's sender, in this region" });
    new CfnOutput(this, 'MailConfigurationSet', {
      value: this.mail.configurationSetName,
      description: 'SES configuration set every shop e-mail is sent with',
    });
    new CfnOutput(this, 'MailAlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'SNS topic of the e-mail alarms (SES reports in this region)',
    });
    this.mail.addSenderDnsOutputs();
    Aspects.of(this).add(new HelperFunctionLogs());
  }
}
