/**
 * The one escaping every e-mail goes through (`lambdas/contracts/mail-data.ts`): HTML specials and
 * template braces, line breaks and other control characters, bidi and zero-width characters; and the
 * data as SES gets it. Unit tests: no twin.
 */
import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { plainText, templateData } from '#lambdas/contracts/mail-data.ts';
import { escapeHtml } from '#shared/html.ts';
import type { MailData } from '#lambdas/contracts/mail-templates.ts';
import type { sendTemplatedMail } from '#lambdas/repositories/mail.ts';
import { BENIGN_SHOP, benignMailData, EVIL_LINK, hostile, RLO, ZWSP } from '../../support/mail.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['childNode'];

/** What a browser makes of `escaped` in a text node and in a quoted attribute: the parsed element. */
function parsed(escaped: string): Element {
  const fragment = parseFragment(`<p title="${escaped}">${escaped}</p>`);
  expect(fragment.childNodes).toHaveLength(1);
  return fragment.childNodes[0] as Element;
}
const textOf = (element: Element) => element.childNodes.map((n: Node) => ('value' in n ? n.value : '')).join('');

/** Any text, with the characters that matter over-represented. */
const SPECIALS = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '`',
  '=',
  '{',
  '}',
  '{{',
  '}}',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\0',
  '\u0085',
  '\u2028',
  '\u2029',
  RLO,
  ZWSP,
  '\u2066',
  '\u200D',
  '\uFEFF',
  '\uD800',
  '\uDC00',
  '&amp;',
  '&#123;',
  '<script>',
  '<!--',
];
const anyText = fc.string({
  unit: fc.oneof(fc.constantFrom(...SPECIALS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 60,
});

const FORBIDDEN_IN_PLAIN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('escapeHtml', () => {
  it.each([
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['&', '&amp;'],
    ['"', '&quot;'],
    ["'", '&#39;'],
    ['{{number}}', '&#123;&#123;number&#125;&#125;'],
    ['{{{text}}}', '&#123;&#123;&#123;text&#125;&#125;&#125;'],
    [EVIL_LINK, '&lt;a href&#61;&quot;https://evil.example&quot;&gt;PAGAR AQUI&lt;/a&gt;'],
    ['Ana Costa', 'Ana Costa'],
  ])('%j → %j', (input, output) => {
    expect(escapeHtml(input)).toBe(output);
  });

  it('leaves no character that could open markup, end an attribute or form template syntax', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(escapeHtml(text)).not.toMatch(/[<>"'`={}]/);
      }),
    );
  });

  it('reads back as the original text, in a text node and in a quoted attribute, and adds no element', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const value = plainText(text);
        const element = parsed(escapeHtml(value));
        expect(element.childNodes.every((n) => n.nodeName === '#text')).toBe(true);
        expect(textOf(element)).toBe(value);
        expect(element.attrs).toEqual([{ name: 'title', value }]);
      }),
    );
  });
});

describe('plainText', () => {
  it('turns line breaks into a space, so a subject cannot carry a header break', () => {
    expect(plainText('Ana\r\nBcc: vitima@example.com')).toBe('Ana Bcc: vitima@example.com');
    expect(plainText('Ana\nCosta\rSilva\u2028Lda\u0085x')).toBe('Ana Costa Silva Lda x');
  });

  it('removes the right-to-left override U+202E and the zero-width space U+200B', () => {
    expect(plainText(`fatura${RLO}fdp.exe`)).toBe('faturafdp.exe');
    expect(plainText(`PAGAR${ZWSP}AQUI`)).toBe('PAGARAQUI');
    expect(plainText('\u2066isolado\u2069 \u200Fmarca\u200E \uFEFFbom')).toBe('isolado marca bom');
  });

  it('keeps letters, accents, emoji and the euro sign', () => {
    expect(plainText('Conceição Ñuñez 💍 12,50 € — «olá»')).toBe('Conceição Ñuñez 💍 12,50 € — «olá»');
  });

  it('leaves no control, format, line or paragraph separator character nor a lone surrogate, and changes nothing else', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const value = plainText(text);
        expect(value).not.toMatch(FORBIDDEN_IN_PLAIN);
        expect(value).not.toMatch(LONE);
        expect(plainText(value)).toBe(value);
        if (!FORBIDDEN_IN_PLAIN.test(text) && !LONE.test(text)) expect(value).toBe(text);
      }),
    );
  });
});

describe('templateData', () => {
  it('holds the HTML-escaped values at the top level and the plain values under text', () => {
    const shop = { legal: 'Joias <b>Inox</b>, Lda. · NIF 500000000 · Sede: Rua A & B, 1', email: 'ola&<b>@exemplo.pt' };
    expect(
      templateData('shipped', {
        name: `Ana${RLO}\r\n<b>`,
        number: 123456,
        trackingCode: '{{number}}',
        link: 'https://loja.example/encomenda/123456?token=a&b',
        shop,
      }),
    ).toEqual({
      name: 'Ana &lt;b&gt;',
      number: '123456',
      trackingCode: '&#123;&#123;number&#125;&#125;',
      link: 'https://loja.example/encomenda/123456?token&#61;a&amp;b',
      shop: {
        legal: 'Joias &lt;b&gt;Inox&lt;/b&gt;, Lda. · NIF 500000000 · Sede: Rua A &amp; B, 1',
        email: 'ola&amp;&lt;b&gt;@exemplo.pt',
      },
      text: {
        name: 'Ana <b>',
        number: '123456',
        trackingCode: '{{number}}',
        link: 'https://loja.example/encomenda/123456?token=a&b',
        shop,
      },
    });
  });

  it('walks lists and objects, keeps booleans for {{#if}} and drops absent values', () => {
    const data = templateData('order-received', {
      ...benignMailData['order-received'],
      lines: [{ name: '<i>', quantity: 2, price: '1 €', total: '2 €' }],
      noDiscount: true,
      shippingMethod: undefined,
    });
    expect(data).toMatchObject({
      lines: [{ name: '&lt;i&gt;', quantity: '2' }],
      noDiscount: true,
      text: { lines: [{ name: '<i>' }], noDiscount: true },
    });
    expect(data).not.toHaveProperty('shippingMethod');
  });

  it('every string it sends is plain one-line text, escaped at the top level', () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, (name, trackingCode, legal) => {
        const link = 'https://loja.example/encomenda/1?token=t';
        const data = templateData('shipped', { name, number: 1, trackingCode, link, shop: { legal, email: 'ola@exemplo.pt' } }) as {
          name: string;
          trackingCode: string;
          shop: { legal: string };
          text: { name: string; trackingCode: string };
        };
        expect(data.text).toEqual({
          name: plainText(name),
          number: '1',
          trackingCode: plainText(trackingCode),
          link,
          shop: { legal: plainText(legal), email: 'ola@exemplo.pt' },
        });
        expect(data.name).toBe(escapeHtml(plainText(name)));
        expect(data.shop.legal).toBe(escapeHtml(plainText(legal)));
        for (const value of [data.name, data.trackingCode, data.shop.legal]) expect(value).not.toMatch(/[<>"'{}\r\n\u202E\u200B]/);
      }),
    );
  });

  it('accepts only absolute http(s) URLs where a value goes into an attribute', () => {
    const send = (link: string) => templateData('back-in-stock', { product: 'Anel', link, shop: BENIGN_SHOP });
    expect(send('https://loja.example/product/a?x=1&y=2')).toMatchObject({ link: 'https://loja.example/product/a?x&#61;1&amp;y&#61;2' });
    for (const link of ['javascript:alert(1)', '/product/a', 'data:text/html,<script>alert(1)</script>', ' ', hostile()]) {
      expect(() => send(link), link).toThrow(/http\(s\) URL/);
    }
  });

  it('refuses a value named like the text root', () => {
    expect(() => templateData('review-request', { name: 'Ana', shop: BENIGN_SHOP, text: 'x' } as MailData['review-request'])).toThrow(
      /reserved/,
    );
  });

  it('is typed per template: a wrong or missing key does not compile', () => {
    // Never called: the @ts-expect-error lines are checked by `tsc` (npm run typecheck).
    const send: typeof sendTemplatedMail = async () => undefined;
    const compileOnly = () => {
      // @ts-expect-error 'trackingCode' is not a key of review-request
      void send('a@example.com', 'review-request', { name: 'Ana', trackingCode: 'RR1', shop: BENIGN_SHOP });
      // @ts-expect-error shipped needs 'number'
      void send('a@example.com', 'shipped', { name: 'Ana', trackingCode: 'RR1', shop: BENIGN_SHOP });
      // A line without its total, named so that the call fits one line and the directive stays on it.
      const lines = [{ name: 'x', quantity: 1, price: '1 €' }];
      // @ts-expect-error order-received lines need 'total'
      void send('a@example.com', 'order-received', { ...benignMailData['order-received'], lines });
      // @ts-expect-error every mail needs the shop's values of its footer ('shop')
      void send('a@example.com', 'review-request', { name: 'Ana' });
      void send('a@example.com', 'back-in-stock', { product: 'Anel', link: 'https://loja.example/p', shop: BENIGN_SHOP });
    };
    expect(typeof compileOnly).toBe('function');
  });
});
