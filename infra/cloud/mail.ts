/**
 * The shop's e-mail: one SES template per mail template (rendered from the MJML of
 * `infra/common/mail/templates/` by `infra/common/mail/render.ts` before the stack is built, named with
 * the stage prefix, as the local twin names them) and the SES identity of the sender, which SES verifies by
 * e-mailing the address a link after the first deploy or, with a sender domain, by the DKIM CNAME
 * records the owner adds to the domain's DNS. While the account is in the SES sandbox, mail reaches
 * only verified addresses.
 *
 * Deliverability: every send names this stage's configuration set (`MAIL_CONFIGURATION_SET`), which
 * - adds bounced and complaining addresses to the account's suppression list (SES then refuses to
 *   send to them again instead of bouncing once more, which is what hurts the sender's reputation);
 * - publishes bounce, complaint and reject events to the account's default EventBridge bus (the only
 *   bus SES publishes to; AWS service events there need no key and cost nothing), where the rule of
 *   `infra/cloud/mail-events.ts` hands this configuration set's ones to the `MailEvents` function, which
 *   writes a hard bounce or a complaint on its order, so the owner learns that a customer's address
 *   bounced and the order mail never arrived;
 * - counts rendering failures and rejects as CloudWatch metrics per configuration set, which the
 *   alarms watch (`infra/cloud/alarms.ts`), and publishes reputation metrics.
 */
import { CfnOutput, Fn, Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { assertSenderAtDomain, configurationSetName, mailFromDomainOf } from '../common/naming.ts';
import { CONFIGURATION_SET_TAG } from '#lambdas/jobs.ts';
import { MAIL_TEMPLATE_IDS, templateName, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import type { RenderedMailTemplates } from '../common/mail/render.ts';

export interface MailProps {
  readonly stage: string;
  readonly senderEmail: string;
  /** Subject, HTML and text of every template (`renderMailTemplates()`). */
  readonly templates: RenderedMailTemplates;
  /**
   * Verify this whole domain (Easy DKIM, MAIL FROM `mail.<domain>`) instead of the sender address;
   * `senderEmail` must then be a literal address at it.
   */
  readonly senderDomain?: string;
}

/** The events of the configuration set that go to the account's default event bus (for `MailEvents`). */
export const MAIL_EVENTS_TO_BUS = [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT, ses.EmailSendingEvent.REJECT] as const;
/** The events counted as CloudWatch metrics (namespace AWS/SES, metric named after the event) per configuration set. */
export const MAIL_EVENTS_TO_METRICS = [ses.EmailSendingEvent.RENDERING_FAILURE, ses.EmailSendingEvent.REJECT] as const;
/** Dimension of those metrics: SES's automatic message tag, whose value is the configuration set's name. */
export const CONFIGURATION_SET_DIMENSION = CONFIGURATION_SET_TAG;

/** Prefix of the physical SES template names of a stage. */
export function templatePrefix(stage: string): string {
  return `${stage}-`;
}

/**
 * What the shop's functions and alarms need of a stage's SES resources, wherever they live: in the
 * shop's own stack (`Mail`), or in the stage's mail stack in another region (`MailStack`, context
 * `sesRegion`). Every value follows from the stage, the sender and the SES region, so the shop's stack
 * needs no reference across regions.
 */
export interface MailRefs {
  readonly senderEmail: string;
  /** The verified domain, when the identity is a domain. */
  readonly senderDomain: string | undefined;
  readonly templatePrefix: string;
  readonly configurationSetName: string;
  /** The region of the SES resources, where the functions send. */
  readonly region: string;
  /** ARN of the sender identity (what `ses:SendEmail` is allowed on): the domain when one is verified, else the address. */
  readonly identityArn: string;
  /** The identity's name as SES knows it (the domain, else the address): what `GetEmailIdentity` asks about. */
  readonly identityName: string;
  /** ARN of the configuration set: SES authorizes a send that names it on this resource too. */
  readonly configurationSetArn: string;
  /** ARNs of this stage's templates. */
  readonly templateArns: string[];
}

/** The stage's SES names and ARNs in `region`, as `Mail` creates them there. */
export function mailRefs(
  stack: Stack,
  props: { stage: string; senderEmail: string; senderDomain?: string | undefined; region: string },
): MailRefs {
  const prefix = templatePrefix(props.stage);
  const setName = configurationSetName(props.stage);
  const senderDomain = props.senderDomain?.toLowerCase();
  const arn = (resource: string, resourceName: string) => stack.formatArn({ service: 'ses', region: props.region, resource, resourceName });
  return {
    senderEmail: props.senderEmail,
    senderDomain,
    templatePrefix: prefix,
    configurationSetName: setName,
    region: props.region,
    identityArn: arn('identity', senderDomain ?? props.senderEmail),
    identityName: senderDomain ?? props.senderEmail,
    configurationSetArn: arn('configuration-set', setName),
    templateArns: MAIL_TEMPLATE_IDS.map((templateId) => arn('template', templateName(prefix, templateId))),
  };
}

export class Mail extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly stage: string;
  readonly senderEmail: string;
  /** The verified domain, when the identity is a domain. */
  readonly senderDomain: string | undefined;
  /** The custom MAIL FROM domain, when the identity is a domain. */
  readonly mailFromDomain: string | undefined;
  readonly templatePrefix: string;
  readonly templates: Readonly<Record<MailTemplateId, ses.CfnTemplate>>;
  readonly configurationSet: ses.ConfigurationSet;
  readonly configurationSetName: string;
  /** The account's default event bus, where the configuration set publishes bounces, complaints and rejects. */
  readonly eventBus: events.IEventBus;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.stage = props.stage;
    this.senderEmail = props.senderEmail;
    this.templatePrefix = templatePrefix(props.stage);
    this.senderDomain = props.senderDomain?.toLowerCase();
    this.mailFromDomain = this.senderDomain ? mailFromDomainOf(this.senderDomain) : undefined;
    if (this.senderDomain) {
      if (stack.resolve(props.senderEmail) !== props.senderEmail) {
        throw new Error(
          `With a sender domain ("${this.senderDomain}"), give context "senderEmail" ` +
            `(an address at that domain) instead of the SenderEmail parameter`,
        );
      }
      assertSenderAtDomain(props.senderEmail, this.senderDomain);
    }

    this.configurationSetName = configurationSetName(props.stage);
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: this.configurationSetName,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
      sendingEnabled: true,
    });

    // "Only the default bus is supported" (CloudFormation, EventBridgeDestination.EventBusArn). SES needs
    // no resource policy or role to publish there.
    this.eventBus = events.EventBus.fromEventBusName(this, 'DefaultBus', 'default');
    this.configurationSet.addEventDestination('ToDefaultBus', {
      destination: ses.EventDestination.eventBus(this.eventBus),
      events: [...MAIL_EVENTS_TO_BUS],
    });
    this.configurationSet.addEventDestination('ToMetrics', {
      destination: ses.EventDestination.cloudWatchDimensions([
        { name: CONFIGURATION_SET_DIMENSION, source: ses.CloudWatchDimensionSource.MESSAGE_TAG, defaultValue: this.configurationSetName },
      ]),
      events: [...MAIL_EVENTS_TO_METRICS],
    });

    this.identity = this.senderDomain
      ? new ses.EmailIdentity(this, 'SenderDomain', {
          identity: ses.Identity.domain(this.senderDomain),
          dkimSigning: true,
          dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
          mailFromDomain: this.mailFromDomain!,
          mailFromBehaviorOnMxFailure: ses.MailFromBehaviorOnMxFailure.USE_DEFAULT_VALUE,
          configurationSet: this.configurationSet,
        })
      : new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.email(props.senderEmail), configurationSet: this.configurationSet });

    const built = {} as Record<MailTemplateId, ses.CfnTemplate>;
    for (const templateId of MAIL_TEMPLATE_IDS) {
      const parts = props.templates[templateId];
      built[templateId] = new ses.CfnTemplate(this, `Template-${templateId}`, {
        template: {
          templateName: templateName(this.templatePrefix, templateId),
          subjectPart: parts.subject,
          htmlPart: parts.html,
          textPart: parts.text,
        },
      });
    }
    this.templates = built;
  }

  /** The names and ARNs the functions and alarms need ({@link MailRefs}), in this stack's region. */
  get refs(): MailRefs {
    const stack = Stack.of(this);
    return mailRefs(stack, { stage: this.stage, senderEmail: this.senderEmail, senderDomain: this.senderDomain, region: stack.region });
  }

  /**
   * With a sender domain: the DNS records to add for it (Easy DKIM, the custom MAIL FROM's MX and SPF),
   * as outputs of this construct's stack (they must be read where SES is).
   */
  addSenderDnsOutputs(): void {
    if (!this.senderDomain) return;
    const stack = Stack.of(this);
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(stack, `SenderDkimRecord${i + 1}`, {
        value: Fn.join(' ', [record.name, 'CNAME', record.value]),
        description: `DNS record to add for ${this.senderDomain} (Easy DKIM ${i + 1} of 3): name CNAME value`,
      });
    });
    new CfnOutput(stack, 'SenderMailFromMx', {
      value: `${this.mailFromDomain} MX 10 feedback-smtp.${stack.region}.amazonses.com`,
      description: 'DNS record to add for the custom MAIL FROM domain: name MX priority value',
    });
    new CfnOutput(stack, 'SenderMailFromSpf', {
      value: `${this.mailFromDomain} TXT "v=spf1 include:amazonses.com ~all"`,
      description: 'DNS record to add for the custom MAIL FROM domain (SPF): name TXT value',
    });
  }
}
