/**
 * What every mail template of `templates/` is made of: the source's shape, the shop's colours and
 * fonts, the greeting, the order's button, and the footer's first line. Kept apart so a template file
 * imports them without importing every other template.
 */
import { escapeHtml } from '#shared/html.ts';
import type { MailTemplateId } from '#lambdas/contracts/mail-templates.ts';

/** One e-mail before rendering. */
export interface MailTemplateSource {
  /** Subject (Handlebars, `text` values). */
  readonly subject: string;
  /** Preheader: the line mail apps show after the subject (HTML values). */
  readonly preview: string;
  /** The content of the mail's main card: MJML column content (`mj-text`, `mj-table`, `mj-button`, ...). */
  readonly body: string;
  /** Plain-text part (Handlebars, `text` values), without the signature, which the layout adds. */
  readonly text: string;
  /**
   * The footer's first line, plain text (escaped in the HTML); absent: {@link NOT_AN_INVOICE}. Only the
   * mail that carries a fatura says something else (docs/invoices.md: "fatura" only where one exists).
   */
  readonly footer?: string;
}

/** One template's file: its id (the file is named after it) and its source; `index.ts` gathers them. */
export interface MailTemplateFile<Id extends MailTemplateId = MailTemplateId> {
  readonly id: Id;
  readonly source: MailTemplateSource;
}

/** What every order mail's footer says: the shop's mails are not invoices (the invoice is its own document). */
export const NOT_AN_INVOICE = 'Este e-mail não é uma fatura.';

/** The shop's colours (as in `web/src/ui/styles.css`). */
export const COLOR = {
  ink: '#2b2623',
  muted: '#665d55',
  paper: '#faf7f2',
  sand: '#f1e9de',
  line: '#e3d9cc',
  accent: '#7a4b2a',
  accentSoft: '#f3e6d8',
  gold: '#c8a45d',
  onDark: '#fbf7f1',
} as const;
export const SANS = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Helvetica, Arial, sans-serif";
export const SERIF = "Georgia, 'Times New Roman', serif";

/** The first line of a mail's footer, as the HTML part shows it. */
export const footerHtml = (source: Pick<MailTemplateSource, 'footer'>): string => escapeHtml(source.footer ?? NOT_AN_INVOICE);

export const greeting = '<mj-text><p>Olá {{name}},</p></mj-text>';

/** The order's "A minha encomenda" button (the `link` the outbox consumer adds), with the address written out. */
export const orderButton =
  `
        <mj-button href="{{link}}" background-color="${COLOR.accent}" color="#ffffff" font-size="15px" font-weight="600" ` +
  `border-radius="4px" inner-padding="12px 28px" padding="16px 28px 8px">Ver a minha encomenda</mj-button>
        <mj-text font-size="13px" color="${COLOR.muted}"><p>Se o botão não abrir, copia este endereço para o navegador: ` +
  `{{link}}</p></mj-text>`;
/** The same link in the plain-text part. */
export const orderLinkText = `

Acompanha a tua encomenda em: {{text.link}}`;
