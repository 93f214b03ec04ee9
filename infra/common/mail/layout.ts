/**
 * What every e-mail of the shop is laid out in: the MJML document around a template's body (head,
 * brand header, the card, signature and footer) and the plain-text part's signature and footer. The
 * templates themselves are one file each under `templates/`, gathered by `index.ts` and rendered into
 * SES templates at build time by `render.ts`: when the CDK stack is synthesized (`infra/cloud/mail.ts`)
 * and when the local twin creates its templates (`infra/twin/bootstrap.ts`). The Lambda functions never
 * see any of this; they send by template name with data typed in `lambdas/contracts/mail-templates.ts`.
 *
 * Placeholders: the HTML (MJML) reads the escaped values at the top level (`{{name}}`); the subject and
 * the plain-text part read the unescaped one-line values under `text` (`{{text.name}}`); see
 * `lambdas/contracts/mail-data.ts`. Only the `href` of a button takes a value in an attribute, and
 * only for the URLs of `MAIL_URL_FIELDS`. Helpers: `{{#if}}`, `{{else}}`, `{{#each}}`, as SES documents.
 * Order e-mails say plainly that they are not invoices (the shop invoices separately).
 *
 * The layout's brand (name, tagline) is fixed (`SHOP_BRAND`) and written in here; the seller's
 * identification and contact address in the footer are settings the owner changes on "Definições", so
 * they are placeholders of every template (`{{shop.legal}}`, `{{shop.email}}` and their `text.`
 * twins: `MailShopData`), the address the same as the site's footer, filled when each mail
 * is sent: the next e-mail shows the new identification with no deploy.
 */
import { escapeHtml } from '#shared/html.ts';
import { SHOP_BRAND } from '#shared/shop-identity.ts';
import { COLOR, footerHtml, NOT_AN_INVOICE, SANS, SERIF, type MailTemplateSource } from './parts.ts';

const SIGNATURE_TEXT = `Obrigado,\nA equipa ${SHOP_BRAND.name}`;
/** The seller's identification in force, one line (`MailShopData.legal`): escaped in the HTML, as typed in the text. */
const LEGAL_HTML = '{{shop.legal}}';
const LEGAL_TEXT = '{{text.shop.legal}}';
/** The one contact address, Definições' (`MailShopData.email`), as the site's footer. */
const EMAIL_HTML = '{{shop.email}}';
const FOOTER_TEXT = `${LEGAL_TEXT} · {{text.shop.email}}`;

/** The whole MJML document of one e-mail: head, brand header, the card with `body`, signature and footer. */
export function mailLayout(source: Pick<MailTemplateSource, 'preview' | 'body' | 'footer'>): string {
  const name = escapeHtml(SHOP_BRAND.name);
  return (
    `<mjml lang="pt" dir="ltr">
  <mj-head>
    <mj-title>${name}</mj-title>
    <mj-preview>${source.preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${SANS}" />
      <mj-text font-size="15px" line-height="1.6" color="${COLOR.ink}" padding="8px 28px" />
      <mj-table font-size="14px" line-height="1.5" color="${COLOR.ink}" padding="8px 28px" cellpadding="0" />
      <mj-section padding="0" />
    </mj-attributes>
    <mj-style>
      p { margin: 0 0 12px; }
      .linhas th { white-space: nowrap; font-size: 12px; font-weight: 600; color: ${COLOR.muted}; text-transform: uppercase; ` +
    `letter-spacing: 0.04em; padding: 0 0 8px; border-bottom: 1px solid ${COLOR.line}; }
      .linhas td { padding: 10px 0; border-bottom: 1px solid ${COLOR.sand}; vertical-align: top; }
      .linhas .valor, .totais .valor { text-align: right; white-space: nowrap; padding-left: 12px; }
      .linhas .antes { color: ${COLOR.muted}; font-size: 12px; }
      .linhas .qtd { text-align: center; padding-left: 8px; padding-right: 8px; }
      .totais td { padding: 4px 0; }
      .totais .total td { padding-top: 10px; border-top: 2px solid ${COLOR.ink}; font-size: 16px; font-weight: 700; }
    </mj-style>
  </mj-head>
  <mj-body background-color="${COLOR.paper}" width="600px">
    <mj-section background-color="${COLOR.ink}" padding="28px 16px 24px">
      <mj-column>
        <mj-text align="center" color="${COLOR.onDark}" font-family="${SERIF}" font-size="26px" letter-spacing="4px" ` +
    `text-transform="uppercase" padding="0">${name}</mj-text>
        <mj-text align="center" color="${COLOR.gold}" font-size="12px" letter-spacing="1px" padding="6px 0 ` +
    `0">${escapeHtml(SHOP_BRAND.tagline)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px 0 20px">
      <mj-column>
${source.body}
        <mj-text padding="16px 28px 0">Obrigado,<br />A equipa ${name}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="20px 16px 32px">
      <mj-column>
        <mj-text align="center" font-size="12px" line-height="1.5" color="${COLOR.muted}" padding="0">${footerHtml(source)}<br ` +
    `/>${LEGAL_HTML} · ${EMAIL_HTML}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`
  );
}

/** The plain-text part: the template's text, the signature and the footer. */
export function textLayout(source: Pick<MailTemplateSource, 'text' | 'footer'>): string {
  return `${source.text.trimEnd()}\n\n${SIGNATURE_TEXT}\n\n--\n${source.footer ?? NOT_AN_INVOICE}\n${FOOTER_TEXT}\n`;
}
