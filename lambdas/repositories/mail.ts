/**
 * Templated e-mail through SES v2. The templates are created by the CDK stack and the twin from
 * `infra/common/mail/`; here we only name one and hand it its data, escaped on the way by
 * `templateData` (SES does not escape template data): every send goes through this one function.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { MAIL_ENV } from '../contracts/env.ts';
import { templateData } from '../contracts/mail-data.ts';
import { templateName, type MailData, type MailTemplateId } from '../contracts/mail-templates.ts';
import { setting } from './environment.ts';
import { ses } from './ses-client.ts';

/**
 * Sends one templated e-mail and answers SES's message id; throws when SES refuses or cannot be
 * reached, or when the data is unfit (a link that is not http(s)). Only the outbox consumer calls it:
 * a request never waits for SES.
 */
export async function sendTemplatedMail<Id extends MailTemplateId>(
  to: string,
  template: Id,
  data: MailData[Id],
  tags: MailTags = {},
): Promise<string | undefined> {
  let TemplateData: string;
  try {
    TemplateData = JSON.stringify(templateData(template, data));
  } catch (error) {
    throw new UnfitMailData((error as Error).message);
  }
  const answer = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: setting(MAIL_ENV.from),
      ConfigurationSetName: setting(MAIL_ENV.configurationSet),
      Destination: { ToAddresses: [to] },
      Content: { Template: { TemplateName: templateName(setting(MAIL_ENV.templatePrefix), template), TemplateData } },
      EmailTags: [{ Name: MAIL_TAGS.template, Value: template }, ...Object.entries(tags).map(([Name, Value]) => ({ Name, Value }))],
    }),
  );
  return answer.MessageId;
}

/**
 * The message tags every send carries: SES hands them back in the configuration set's bounce and
 * complaint events (`mail.tags`), which is how such an event finds its order. Values use only what SES
 * allows in a tag (ASCII letters, digits, `_`, `-`): template ids and order ids do.
 */
export const MAIL_TAGS = { template: 'template', order: 'order' } as const;
export type MailTags = { readonly order?: string };

/** The data cannot make a safe mail (e.g. a link that is not http(s)): sending again will not help. */
export class UnfitMailData extends Error {
  override readonly name = 'UnfitMailData';
}

/** The shop's own address (the sender), where the owner's notifications go. */
export function shopAddress(): string {
  return setting(MAIL_ENV.from);
}

/** SES errors worth trying again later: throttling, a paused account, a service fault. */
const TRANSIENT_ERRORS = new Set([
  'TooManyRequestsException',
  'LimitExceededException',
  'SendingPausedException',
  'ThrottlingException',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerErrorException',
]);

/**
 * Why a send failed, and whether trying again later can help: throttling, a 5xx or no answer at all
 * (SES down, a network fault) are transient; a refusal (rejected message, unknown template, bad data)
 * is not.
 */
export function mailFailure(error: unknown): { readonly transient: boolean; readonly reason: string } {
  const failure = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = failure.$metadata?.httpStatusCode;
  let transient: boolean;
  if (error instanceof UnfitMailData) transient = false;
  else if (TRANSIENT_ERRORS.has(failure.name ?? '')) transient = true;
  else if (status !== undefined) transient = status === 429 || status >= 500;
  else transient = true; // no answer at all: SES unreachable
  const reason = `${failure.name && failure.name !== 'Error' ? `${failure.name}: ` : ''}${failure.message ?? String(error)}`.slice(0, 300);
  return { transient, reason };
}
