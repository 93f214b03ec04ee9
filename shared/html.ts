/** Text for HTML: the one escaping of every value that reaches a page or an e-mail. */

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '=': '&#61;',
  '{': '&#123;',
  '}': '&#125;',
};
const HTML_SPECIALS = /[&<>"'`={}]/g;

/**
 * Text for an HTML text node or a quoted attribute: the characters Handlebars' own escaping covers
 * (`& < > " ' \` =`) plus every brace, so `{{numero}}` in a value stays text. A browser shows the
 * original characters.
 *
 * @example
 * escapeHtml('<b>"Ana" & {{numero}}</b>'); // '&lt;b&gt;&quot;Ana&quot; &amp; &#123;&#123;numero&#125;&#125;&lt;/b&gt;'
 */
export function escapeHtml(value: string): string {
  return value.replace(HTML_SPECIALS, (character) => HTML_ENTITIES[character]!);
}
