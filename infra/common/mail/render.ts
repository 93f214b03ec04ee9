/**
 * Renders each mail template (`templates/`, gathered by `index.ts`, in the layout of `layout.ts`) into
 * the three parts of an SES template (subject, HTML, text), at build time only: the CDK stack and the twin's bootstrap call it, no Lambda
 * function imports it (mjml never reaches a bundle). The Handlebars placeholders pass through MJML untouched;
 * each part is parsed with Handlebars here so a broken template fails the synth, not a send.
 */
import Handlebars from 'handlebars';
import mjml2html from 'mjml';
import { MAIL_TEMPLATE_IDS, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { mailTemplateSources } from './index.ts';
import { mailLayout, textLayout } from './layout.ts';
import type { MailTemplateSource } from './parts.ts';

/** The parts of one SES template. */
export interface SesTemplateParts {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export type RenderedMailTemplates = Readonly<Record<MailTemplateId, SesTemplateParts>>;

/** MJML → HTML, strictly validated, with no web fonts (nothing is fetched when the mail opens). */
export async function renderMjml(mjml: string): Promise<string> {
  const result = await mjml2html(mjml, { validationLevel: 'strict', fonts: {}, keepComments: false });
  if (result.errors.length) throw new Error(`MJML: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
  return result.html;
}

export async function renderMailTemplate(
  id: MailTemplateId,
  source: MailTemplateSource = mailTemplateSources[id],
): Promise<SesTemplateParts> {
  const parts: SesTemplateParts = { subject: source.subject, html: await renderMjml(mailLayout(source)), text: textLayout(source) };
  for (const [part, template] of Object.entries(parts)) {
    try {
      Handlebars.parse(template);
    } catch (error) {
      throw new Error(`Mail template ${id}, ${part}: ${(error as Error).message}`, { cause: error });
    }
  }
  return parts;
}

/** Every mail template, rendered. */
export async function renderMailTemplates(): Promise<RenderedMailTemplates> {
  const rendered = await Promise.all(MAIL_TEMPLATE_IDS.map(async (id) => [id, await renderMailTemplate(id)] as const));
  return Object.fromEntries(rendered) as Record<MailTemplateId, SesTemplateParts>;
}
