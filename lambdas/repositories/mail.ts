/** Templated e-mail through SES v2 (the template names come from `lambdas/contracts/mail-templates.ts`). */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { MAIL_ENV } from '../contracts/env.ts';
import { templateName, type MailTemplateId } from '../contracts/mail-templates.ts';
import { setting, ses } from './clients.ts';

/** Sends one templated e-mail; throws when SES refuses or cannot be reached. */
export async function sendTemplatedMail(to: string, template: MailTemplateId, data: Record<string, unknown>): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: setting(MAIL_ENV.from),
      Destination: { ToAddresses: [to] },
      Content: { Template: { TemplateName: templateName(setting(MAIL_ENV.templatePrefix), template), TemplateData: JSON.stringify(data) } },
    }),
  );
}
