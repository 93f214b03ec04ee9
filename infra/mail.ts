/**
 * The shop's e-mail: one SES template per mail template (rendered from the MJML of
 * `infra/mail-templates.ts` by `infra/mail-render.ts` before the stack is built, named with the stage
 * prefix, as the local twin names them) and the SES identity of the sender address, which SES verifies
 * by e-mailing it a link after the first deploy. While the account is in the SES sandbox, mail reaches
 * only verified addresses.
 */
import { Stack } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { MAIL_TEMPLATE_IDS, templateName, type MailTemplateId } from '../lambdas/contracts/mail-templates.ts';
import type { RenderedMailTemplates } from './mail-render.ts';

export interface MailProps {
  readonly stage: string;
  readonly senderEmail: string;
  /** Subject, HTML and text of every template (`renderMailTemplates()`). */
  readonly templates: RenderedMailTemplates;
}

/** Prefix of the physical SES template names of a stage. */
export function templatePrefix(stage: string): string {
  return `${stage}-`;
}

export class Mail extends Construct {
  readonly identity: ses.EmailIdentity;
  readonly senderEmail: string;
  readonly templatePrefix: string;
  readonly templates: Readonly<Record<MailTemplateId, ses.CfnTemplate>>;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.senderEmail = props.senderEmail;
    this.templatePrefix = templatePrefix(props.stage);

    this.identity = new ses.EmailIdentity(this, 'Sender', { identity: ses.Identity.email(props.senderEmail) });

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

  /** ARN of the sender identity (what `ses:SendEmail` is allowed on). */
  get identityArn(): string {
    return Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: this.senderEmail });
  }

  /** ARNs of this stage's templates. */
  get templateArns(): string[] {
    return (Object.keys(this.templates) as MailTemplateId[]).map((templateId) =>
      Stack.of(this).formatArn({ service: 'ses', resource: 'template', resourceName: templateName(this.templatePrefix, templateId) }),
    );
  }
}
