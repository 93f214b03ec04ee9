/**
 * One SES template per mail template, rendered from MJML at synth time, and the sender identity. The
 * synthesized templates are checked as SES will use them: every part present, every value placed
 * where the escaping of `lambdas/contracts/mail-data.ts` makes it harmless, and the mail rendered
 * with hostile data (as SES renders: Handlebars without escaping) keeps its structure.
 */
import Handlebars from 'handlebars';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_IDS, MAIL_URL_FIELDS, TEXT_ROOT, templateName, type MailTemplateId } from '../../lambdas/contracts/mail-templates.ts';
import { templatePrefix } from '../../infra/mail.ts';
import { SHOP_IDENTITY } from '../../shared/shop-identity.ts';
import { benignMailData, hostileMailData, renderAsSes, type MailParts } from '../support/mail.ts';
import { synthShop, SYNTH_TIMEOUT_MS, TEST_SENDER, MAIL_TEMPLATES, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

const ids = MAIL_TEMPLATE_IDS;

/** The parts of a template as the synthesized stack gives them to SES. */
function synthesized(id: MailTemplateId): MailParts {
  const resources = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::SES::Template');
  const found = resources.find((r) => r.Properties.Template.TemplateName === templateName('test-', id));
  if (!found) throw new Error(`no SES template ${id}`);
  const { SubjectPart: subject, HtmlPart: html, TextPart: text } = found.Properties.Template;
  return { subject, html, text };
}

type HbNode = hbs.AST.Node;
/** Every value a Handlebars template reads, as a full path from the data's root (`linhas.nome`), with the helper it goes through. */
function placeholders(source: string): { path: string; block: boolean }[] {
  const found: { path: string; block: boolean }[] = [];
  const visit = (node: HbNode | undefined | null, scope: string[]): void => {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        for (const statement of (node as hbs.AST.Program).body) visit(statement, scope);
        return;
      case 'MustacheStatement': {
        const path = (node as hbs.AST.MustacheStatement).path as hbs.AST.PathExpression;
        found.push({ path: [...scope, path.original].join('.'), block: false });
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        const helper = (block.path as hbs.AST.PathExpression).original;
        expect(['if', 'each'], `helper ${helper}`).toContain(helper);
        const param = (block.params[0] as hbs.AST.PathExpression).original;
        const full = [...scope, param].join('.');
        found.push({ path: full, block: true });
        visit(block.program, helper === 'each' ? [full] : scope);
        visit(block.inverse, scope);
        return;
      }
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      default:
        throw new Error(`unexpected Handlebars node ${node.type}`);
    }
  };
  visit(Handlebars.parse(source), []);
  return found;
}

type Parse5Node = DefaultTreeAdapterMap['node'];
/** Where a marker lands in the parsed HTML: text, an attribute (`attr:href`), a comment, a style or script. */
function contexts(html: string, marker: RegExp): { context: string; key: string }[] {
  const hits: { context: string; key: string }[] = [];
  const record = (context: string, value: string) => {
    for (const match of value.matchAll(marker)) hits.push({ context, key: match[1]! });
  };
  const walk = (node: Parse5Node, parentTag: string): void => {
    if (node.nodeName === '#text') record(['style', 'script', 'title'].includes(parentTag) ? parentTag : 'text', (node as DefaultTreeAdapterMap['textNode']).value);
    else if (node.nodeName === '#comment') record('comment', (node as DefaultTreeAdapterMap['commentNode']).data);
    if ('attrs' in node) for (const attr of node.attrs) record(`attr:${attr.name}`, attr.value);
    const tag = 'tagName' in node ? node.tagName : parentTag;
    if ('childNodes' in node) for (const child of node.childNodes) walk(child, tag);
    if ('content' in node && node.content) walk(node.content as Parse5Node, tag);
  };
  walk(parse(html), '');
  return hits;
}

/** Data whose every text value is a marker naming its key, for `contexts`. */
function markerData(value: unknown, key = ''): unknown {
  if (typeof value === 'string' || typeof value === 'number') return `zzmark${key || 'root'}zz`;
  if (Array.isArray(value)) return value.map((item) => markerData(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markerData(v, key ? `${key}.${k}` : k)]));
  return value;
}

const tagCounts = (html: string) => {
  const counts: Record<string, number> = {};
  const walk = (node: Parse5Node) => {
    if ('tagName' in node) counts[node.tagName] = (counts[node.tagName] ?? 0) + 1;
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(parse(html));
  return counts;
};

describe('SES', () => {
  it('has exactly one template per mail template', () => {
    shop.template.resourceCountIs('AWS::SES::Template', ids.length);
  });

  it.each(ids)('%s is created with the stage prefix and the parts rendered from MJML', (id) => {
    expect(templatePrefix('test')).toBe('test-');
    shop.template.hasResourceProperties('AWS::SES::Template', {
      Template: {
        TemplateName: templateName('test-', id),
        SubjectPart: MAIL_TEMPLATES[id].subject,
        HtmlPart: MAIL_TEMPLATES[id].html,
        TextPart: MAIL_TEMPLATES[id].text,
      },
    });
  });

  it.each(ids)('%s has a subject, a responsive branded HTML part and a plain-text part, both with the footer', (id) => {
    const { subject, html, text } = synthesized(id);
    expect(subject.trim()).not.toBe('');
    expect(subject).not.toMatch(/[\r\n]/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="pt" dir="ltr"');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(html).not.toMatch(/fonts\.googleapis|<script|<img/i);
    for (const part of [html, text]) {
      expect(part).toContain(SHOP_IDENTITY.name);
      expect(part).toContain('Este e-mail não é uma fatura.');
      expect(part).toContain(SHOP_IDENTITY.legal);
    }
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it.each(ids)('%s reads escaped values in the HTML and only plain (texto) values in the subject and text', (id) => {
    const { subject, html, text } = synthesized(id);
    for (const { path } of placeholders(html)) expect(path.split('.')[0], `${id} HTML reads ${path}`).not.toBe(TEXT_ROOT);
    for (const { path } of [...placeholders(subject), ...placeholders(text)]) expect(path.split('.')[0], `${id} subject/text reads ${path}`).toBe(TEXT_ROOT);
  });

  it.each(ids)('%s puts a value inside an attribute only for its URL fields, and never in a comment, style or script', (id) => {
    const { html } = synthesized(id);
    const hits = [true, false].flatMap((flag) => {
      // Booleans both ways, so every {{#if}} branch is seen.
      const data = markerData(JSON.parse(JSON.stringify(benignMailData[id]), (_k, v: unknown) => (typeof v === 'boolean' ? flag : v)));
      const withFlags = id === 'order-received' ? { ...(data as object), semDesconto: flag } : data;
      const rendered = Handlebars.create().compile(html, { noEscape: true })(withFlags);
      expect(rendered).not.toContain('{{');
      return contexts(rendered, /zzmark([\w.]+)zz/g);
    });
    expect(hits.length).toBeGreaterThan(0);
    const outsideText = hits.filter((hit) => hit.context !== 'text');
    const allowed = MAIL_URL_FIELDS[id] as readonly string[];
    for (const hit of outsideText) {
      expect(hit.context, `${id}: ${hit.key} in ${hit.context}`).toBe('attr:href');
      expect(allowed, `${id}: ${hit.key} in href`).toContain(hit.key);
    }
    expect(new Set(outsideText.map((hit) => hit.key))).toEqual(new Set(allowed));
  });

  it.each(ids)('%s rendered as SES renders it (no escaping) with hostile values keeps its structure; the text part shows them as typed', (id) => {
    const parts = synthesized(id);
    const benign = renderAsSes(parts, id, benignMailData[id] as never);
    const hostile = renderAsSes(parts, id, hostileMailData[id] as never);
    // The hostile order has one line: compare with the benign order cut to one line.
    const benignOneLine = renderAsSes(parts, id, { ...(benignMailData[id] as object), ...(id === 'order-received' ? { linhas: benignMailData['order-received'].linhas.slice(0, 1) } : {}) } as never);
    expect(tagCounts(hostile.html)).toEqual(tagCounts(benignOneLine.html));
    expect(hostile.html).not.toMatch(/<a [^>]*evil|<img|<script|onerror=/i);
    expect(hostile.subject).not.toMatch(/[\r\n\u202E\u200B]/);
    expect(benign.subject).not.toContain('{{');
    if (id !== 'back-in-stock') expect(hostile.text).toContain('<a href="https://evil.example">PAGAR AQUI</a> {{numero}}<img src=x onerror=alert(1)>');
  });

  it('order-received shows the lines, the discount with a minus, the shipping and the total, in both parts', () => {
    const { html, text } = renderAsSes(synthesized('order-received'), 'order-received', benignMailData['order-received']);
    expect(text).toContain('- Anel Lua × 2: 33,98 € (16,99 € cada)');
    expect(text).toContain('Subtotal antes do desconto: 52,48 €\nDesconto: −3,74 €\nPortes (CTT Expresso): Grátis\nTotal: 46,48 €');
    expect(text).toContain('Morada de envio:\nAna Costa\nRua das Flores, 12\n4050-262 Porto\nPortugal');
    expect(html).toMatch(/Desconto<\/td><td class="valor"[^>]*>−3,74 €/);
    const withoutDiscount = renderAsSes(synthesized('order-received'), 'order-received', { ...benignMailData['order-received'], semDesconto: true, envio: undefined, morada: undefined });
    expect(withoutDiscount.text).toContain('Subtotal: 52,48 €\nPortes: Grátis\nTotal: 46,48 €');
    expect(withoutDiscount.text).not.toContain('Morada');
    expect(withoutDiscount.html).not.toContain('Desconto');
  });

  it('verifies the sender address as an SES identity', () => {
    shop.template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    shop.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: TEST_SENDER });
    expect((shop.json as { Parameters?: Record<string, unknown> }).Parameters?.SenderEmail).toBeUndefined();
  });

  it('without a sender in context, the template asks for one at deploy time (no default)', () => {
    const withoutSender = synthShop({ senderEmail: undefined });
    const parameter = (withoutSender.json as { Parameters?: Record<string, Record<string, unknown>> }).Parameters?.SenderEmail;
    expect(parameter).toEqual(expect.objectContaining({ Type: 'String', AllowedPattern: expect.any(String) }));
    expect(parameter).not.toHaveProperty('Default');
    withoutSender.template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: { Ref: 'SenderEmail' } });
  });
});
