/**
 * Templated e-mail through SES v2. The templates are created by the CDK stack and the twin from
 * `infra/mail-templates.ts`; here we only name one and hand it its data, escaped on the way by
 * `templateData` (SES does not escape template data): every send goes through this one function.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { MAIL_ENV } from '../contracts/env.ts';
import { templateData } from '../contracts/mail-data.ts';
import { templateName, type MailData, type MailTemplateId } from '../contracts/mail-templates.ts';
import { setting, ses } from './clients.ts';

/** Sends one templated e-mail; throws when SES refuses or cannot be reached, or when the data is unfit (a link that is not http(s)). */
export async function sendTemplatedMail<Id extends MailTemplateId>(to: string, template: Id, data: MailData[Id]): Promise<void> {
  const TemplateData = JSON.stringify(templateData(template, data));
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: setting(MAIL_ENV.from),
      ConfigurationSetName: setting(MAIL_ENV.configurationSet),
      Destination: { ToAddresses: [to] },
      Content: { Template: { TemplateName: templateName(setting(MAIL_ENV.templatePrefix), template), TemplateData } },
    }),
  );
}
