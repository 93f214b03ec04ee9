/**
 * What a template's data becomes before SES sees it. SES renders `{{value}}` exactly as given, in the
 * HTML part too ("SES doesn't escape HTML content when rendering the HTML template": Amazon SES
 * Developer Guide, Advanced email personalization), so a customer's first name like
 * `<a href="https://evil.example">PAGAR AQUI</a>` would become a link in a mail from the shop's own
 * address. Every send goes through `templateData` (called by `sendTemplatedMail`), the local twin's
 * and the cloud's alike:
 *
 * - every text value is made one harmless line first (`plainText`): line breaks and other control
 *   characters become a space (a subject can never carry a header break), invisible format
 *   characters (bidi overrides and isolates, zero-width characters) are removed, so nothing can
 *   reorder or hide the text around it;
 * - the top level of the data holds those values escaped for HTML (`escapeHtml`: `& < > " ' \` =` and
 *   every `{` `}`, so a value can never read as markup nor as template syntax) for the HTML part;
 * - `text` holds the same one-line values unescaped, for the subject and the plain-text part, which
 *   show the characters as typed (SES, like Handlebars, never renders a value as a template again).
 *
 * Values meant for an attribute (`MAIL_URL_FIELDS`) must be absolute http(s) URLs.
 *
 * The shop's values of every template (`shop`: the seller's identification of the footer, from the
 * settings, see `shopMailData`) are data like any other and go through the same escaping: a legal name
 * like `Joias <b>Inox</b>` reaches the HTML part as `Joias &lt;b&gt;Inox&lt;/b&gt;`.
 */
import { MAIL_URL_FIELDS, TEXT_ROOT, type MailData, type MailShopData, type MailTemplateId } from './mail-templates.ts';
import { escapeHtml } from '#shared/html.ts';
import { legalLine, type SellerIdentity } from '#shared/shop-identity.ts';

/**
 * An unpaired UTF-16 surrogate (JSON would carry it as an escape SES may refuse); it becomes U+FFFD.
 * Matched without the `u` flag, which would see only whole code points.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Invisible format characters: bidi embeddings, overrides, isolates and marks, zero-width (non-)joiners and spaces, BOM, soft hyphen, tags.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;
/** C0 and C1 controls (CR, LF, TAB, NUL, ...) and the Unicode line and paragraph separators. */
const CONTROL_RUNS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * One line of text with no control or invisible format characters: runs of line breaks and control
 * characters become one space, format characters (U+202E, U+200B, ...) disappear.
 *
 * @example
 * plainText('Ana\r\nBcc: x@example.com'); // 'Ana Bcc: x@example.com'
 * plainText('abc\u202Egpj.exe');           // 'abcgpj.exe'
 */
export function plainText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replace(FORMAT_CHARACTERS, '').replace(CONTROL_RUNS, ' ');
}

type Leaf = (text: string) => string;

/** The data with every string (and number) passed through `leaf`; booleans stay (for `{{#if}}`), absent values go. */
function mapValues(value: unknown, leaf: Leaf): unknown {
  if (typeof value === 'string') return leaf(value);
  if (typeof value === 'number' || typeof value === 'bigint') return leaf(String(value));
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((item: unknown) => mapValues(item, leaf));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const mapped = mapValues(item, leaf);
      if (mapped !== undefined) out[key] = mapped;
    }
    return out;
  }
  throw new TypeError(`A mail value must be text, a number, a boolean, a list or an object, not ${typeof value}.`);
}

/** An absolute http(s) URL, or an error: a value inside `href` must not be `javascript:` or relative. */
function assertHttpUrl(template: MailTemplateId, key: string, value: unknown): void {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`Mail ${template}: ${key} must be an absolute http(s) URL.`);
  }
}

/** What `sendTemplatedMail` sends as SES `TemplateData` (before `JSON.stringify`). */
export type TemplateData = Readonly<Record<string, unknown>>;

/**
 * The data of one e-mail as SES gets it: escaped values at the top level for the HTML part, one-line
 * plain values under `text` for the subject and the text part.
 *
 * @example
 * templateData('review-request', { name: 'Ana <b>', shop: { legal: 'Joias <b>Inox</b>' } });
 * // { name: 'Ana &lt;b&gt;', shop: { legal: 'Joias &lt;b&gt;Inox&lt;/b&gt;' }, text: { name: 'Ana <b>', shop: { legal: 'Joias <b>Inox</b>'
 * } } }
 */
export function templateData<Id extends MailTemplateId>(template: Id, data: MailData[Id]): TemplateData {
  if (Object.hasOwn(data, TEXT_ROOT)) throw new Error(`Mail ${template}: "${TEXT_ROOT}" is reserved for the text values.`);
  for (const key of MAIL_URL_FIELDS[template]) {
    const value = (data as Record<string, unknown>)[key];
    if (value !== undefined) assertHttpUrl(template, key, value);
  }
  const text = mapValues(data, plainText) as Record<string, unknown>;
  const html = mapValues(data, (value) => escapeHtml(plainText(value))) as Record<string, unknown>;
  return { ...html, [TEXT_ROOT]: text };
}

/**
 * What every e-mail shows of the seller (`shop` of every template's data), from the identification in
 * force (`sellerIdentity(settings.seller)`): the footer's legal line and the contact address (the same
 * as the site's footer). Plain text; `templateData` escapes it.
 *
 * @example
 * shopMailData(sellerIdentity({ ...DEFAULT_SETTINGS.seller, legalName: 'Joias Inox, Lda.', nif: '500000000', address: 'Rua A, 1, 4000-001
 * Porto' })); // { legal: 'Joias Inox, Lda. · NIF 500000000 · Sede: Rua A, 1, 4000-001 Porto', email: 'ola@joiasinox.pt' }
 */
export function shopMailData(identity: SellerIdentity): MailShopData {
  // Before the owner gives the legal details (the shop is not open yet), the brand alone: never a placeholder.
  return { legal: legalLine(identity) || identity.name, email: identity.email };
}
