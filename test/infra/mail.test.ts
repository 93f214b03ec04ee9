/**
 * One SES template per mail template, rendered from MJML at synth time, and the sender identity. The
 * synthesized templates are checked as SES will use them: every part present, every value placed
 * where the escaping of `lambdas/contracts/mail-data.ts` makes it harmless, and the mail rendered
 * with hostile data (as SES renders: Handlebars without escaping) keeps its structure.
 */
import Handlebars from 'handlebars';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_IDS, MAIL_URL_FIELDS, TEXT_ROOT, templateName, type MailTemplateId } from '#lambdas/contracts/mail-templates.ts';
import { MAIL_EVENTS_TO_BUS, templatePrefix } from '#infra/cloud/mail.ts';
import { configurationSetName } from '#infra/common/naming.ts';
import { MAIL_ENV } from '#lambdas/contracts/env.ts';
import { routes } from '#lambdas/routes.ts';
import type { Grant } from '#lambdas/route-grants.ts';
import { jobs, mailEventsPattern, SES_EVENT_DETAIL_TYPES, streamConsumers } from '#lambdas/jobs.ts';
import { routeKeyOf } from '#infra/cloud/api.ts';
import { SHOP_BRAND } from '#shared/shop-identity.ts';
import { BENIGN_SHOP, benignMailData, EVIL_IMG, EVIL_LINK, hostileMailData, renderAsSes, type MailParts } from '../support/mail.ts';
import { Match } from 'aws-cdk-lib/assertions';
import {
  actionsOf,
  openViolations,
  statementsOfRole,
  synthShop,
  SYNTH_TIMEOUT_MS,
  TEST_SENDER,
  MAIL_TEMPLATES,
  removeScratch,
  type Synthesized,
} from './support.ts';

const SENDER_DOMAIN = 'joias.test';
let shop: Synthesized;
let withDomain: Synthesized;

beforeAll(() => {
  shop = synthShop();
  withDomain = synthShop({ senderDomain: SENDER_DOMAIN, operatorEmail: 'dona@joias.test' });
}, SYNTH_TIMEOUT_MS * 2);
afterAll(removeScratch);

const ids = MAIL_TEMPLATE_IDS;
/** The footer's first line of a template: "not an invoice", but where the mail carries one. */
const footerOf = (id: MailTemplateId) =>
  id === 'invoice-document'
    ? 'O documento fiscal é o PDF emitido pelo nosso programa de faturação certificado; este e-mail não o substitui.'
    : 'Este e-mail não é uma fatura.';

/** The parts of a template as the synthesized stack gives them to SES. */
function synthesized(id: MailTemplateId): MailParts {
  const resources = Object.values(shop.json.Resources).filter((r) => r.Type === 'AWS::SES::Template');
  const found = resources.find((r) => r.Properties.Template.TemplateName === templateName('test-', id));
  if (!found) throw new Error(`no SES template ${id}`);
  const { SubjectPart: subject, HtmlPart: html, TextPart: text } = found.Properties.Template;
  return { subject, html, text };
}

type HbNode = hbs.AST.Node;
/** Every value a Handlebars template reads, as a full path from the data's root (`lines.name`), with the helper it goes through. */
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
    if (node.nodeName === '#text')
      record(['style', 'script', 'title'].includes(parentTag) ? parentTag : 'text', (node as DefaultTreeAdapterMap['textNode']).value);
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
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markerData(v, key ? `${key}.${k}` : k)]));
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

  it.each(ids)(
    '%s has a subject, a responsive branded HTML part and a plain-text part, both with the footer (the seller a placeholder)',
    (id) => {
      const { subject, html, text } = synthesized(id);
      expect(subject.trim()).not.toBe('');
      expect(subject).not.toMatch(/[\r\n]/);
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toContain('<html lang="pt" dir="ltr"');
      expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
      expect(html).toMatch(/@media only screen and \(min-width:480px\)/);
      expect(html).not.toMatch(/fonts\.googleapis|<script|<img/i);
      for (const part of [html, text]) {
        expect(part).toContain(SHOP_BRAND.name);
        // The contact address is Definições' (`{{shop.email}}`), the one of the site's footer: none baked in.
        expect(part).not.toContain(SHOP_BRAND.email);
        // Every mail says it is not an invoice, but the one that carries a fatura: it names the PDF as the fiscal document.
        expect(part).toContain(footerOf(id));
        // No seller identification is baked in at build time: it is a setting, filled when the mail is sent.
        expect(part).not.toMatch(/a preencher/i);
      }
      expect(html).toContain(`${footerOf(id)}<br />{{shop.legal}} · {{shop.email}}`);
      expect(text).toContain(`${footerOf(id)}\n{{text.shop.legal}} · {{text.shop.email}}\n`);
      if (id === 'invoice-document') expect(`${html}${text}`).not.toContain('não é uma fatura');
      expect(text).not.toMatch(/<[a-z]/i);
    },
  );

  it.each(ids)('%s shows the seller identification it is sent with in both footers: as typed in the text, escaped in the HTML', (id) => {
    const parts = synthesized(id);
    const benign = renderAsSes(parts, id, benignMailData[id] as never);
    for (const part of [benign.html, benign.text]) expect(part).toContain(BENIGN_SHOP.legal);
    const legal = 'Joias <b>Inox</b> & Filhos, Lda. · NIF 500000000 · Sede: Rua {{number}}, 1';
    const email = 'contacto@exemplo.pt';
    const marked = renderAsSes(parts, id, { ...(benignMailData[id] as object), shop: { legal, email } } as never);
    expect(marked.text).toContain(`\n${legal} · ${email}\n`);
    expect(marked.html).toContain(
      `Joias &lt;b&gt;Inox&lt;/b&gt; &amp; Filhos, Lda. · NIF 500000000 · Sede: Rua &#123;&#123;number&#125;&#125;, 1 · ${email}`,
    );
    expect(marked.html).not.toContain('<b>');
    const hostile = renderAsSes(parts, id, hostileMailData[id] as never);
    expect(hostile.text).toContain(`${EVIL_LINK} {{number}}${EVIL_IMG}`);
    expect(hostile.html).not.toContain(EVIL_LINK);
  });

  it.each(ids)('%s reads escaped values in the HTML and only plain (text) values in the subject and text', (id) => {
    const { subject, html, text } = synthesized(id);
    for (const { path } of placeholders(html)) expect(path.split('.')[0], `${id} HTML reads ${path}`).not.toBe(TEXT_ROOT);
    for (const { path } of [...placeholders(subject), ...placeholders(text)])
      expect(path.split('.')[0], `${id} subject/text reads ${path}`).toBe(TEXT_ROOT);
  });

  it.each(ids)('%s puts a value inside an attribute only for its URL fields, and never in a comment, style or script', (id) => {
    const { html } = synthesized(id);
    const hits = [true, false].flatMap((flag) => {
      // Booleans both ways, so every {{#if}} branch is seen.
      const data = markerData(JSON.parse(JSON.stringify(benignMailData[id]), (_k, v: unknown) => (typeof v === 'boolean' ? flag : v)));
      const withFlags = id === 'order-received' ? { ...(data as object), noDiscount: flag } : data;
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

  it.each(ids)(
    '%s rendered as SES renders it (no escaping) with hostile values keeps its structure; the text part shows them as typed',
    (id) => {
      const parts = synthesized(id);
      const benign = renderAsSes(parts, id, benignMailData[id] as never);
      const hostile = renderAsSes(parts, id, hostileMailData[id] as never);
      // The hostile order has one line: compare with the benign order cut to one line.
      const benignOneLine = renderAsSes(parts, id, {
        ...(benignMailData[id] as object),
        ...(id === 'order-received' ? { lines: benignMailData['order-received'].lines.slice(0, 1) } : {}),
      } as never);
      expect(tagCounts(hostile.html)).toEqual(tagCounts(benignOneLine.html));
      expect(hostile.html).not.toMatch(/<a [^>]*evil|<img|<script|onerror=/i);
      expect(hostile.subject).not.toMatch(/[\r\n\u202E\u200B]/);
      expect(benign.subject).not.toContain('{{');
      if (id !== 'back-in-stock')
        expect(hostile.text).toContain('<a href="https://evil.example">PAGAR AQUI</a> {{number}}<img src=x onerror=alert(1)>');
    },
  );

  it('order-received shows the lines, the discount with a minus, the shipping and the total, in both parts', () => {
    const { html, text } = renderAsSes(synthesized('order-received'), 'order-received', benignMailData['order-received']);
    expect(text).toContain('- Anel Lua × 2: 33,98 € (16,99 € cada; sem desconto 18,86 € cada, 37,72 €)');
    expect(text).toContain('- Colar Sol × 1: 12,50 € (12,50 € cada)');
    expect(html).toMatch(/<s class="antes">37,72 €<\/s><br \/>33,98 €/);
    expect(text).toContain('Subtotal antes do desconto: 50,22 €\nDesconto: −3,74 €\nPortes (CTT Expresso): Grátis\nTotal: 46,48 €');
    expect(text).toContain('Morada de envio:\nAna Costa\nRua das Flores, 12\n4050-262 Porto\nPortugal');
    expect(html).toMatch(/Desconto<\/td><td class="valor"[^>]*>−3,74 €/);
    const withoutDiscount = renderAsSes(synthesized('order-received'), 'order-received', {
      ...benignMailData['order-received'],
      noDiscount: true,
      shippingMethod: undefined,
      address: undefined,
    });
    expect(withoutDiscount.text).toContain('Subtotal: 50,22 €\nPortes: Grátis\nTotal: 46,48 €');
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

type Resource = Synthesized['json']['Resources'][string];
const resourcesOf = (s: Synthesized, type: string): [string, Resource][] =>
  Object.entries(s.json.Resources).filter(([, r]) => r.Type === type);
const CONFIGURATION_SET = configurationSetName('test');

/** Every function whose row grants mail, and every function whose row does not. */
const functionsByMail = (s: Synthesized, mail: boolean) => [
  ...routes
    .filter((route) => (route.grants as readonly Grant[]).some((g) => 'mail' in g) === mail)
    .map((route) => [routeKeyOf(route), s.stack.api.functions.get(routeKeyOf(route))!] as const),
  ...jobs
    .filter((job) => (job.grants as readonly Grant[]).some((g) => 'mail' in g) === mail)
    .map((job) => [`scheduled ${job.name}`, s.stack.jobs.functions.get(job.name)!] as const),
  ...streamConsumers
    .filter((consumer) => (consumer.grants as readonly Grant[]).some((g) => 'mail' in g) === mail)
    .map((consumer) => [`stream ${consumer.name}`, s.stack.outbox.functions.get(consumer.name)!] as const),
];

describe('SES configuration set', () => {
  it('one per stage, named after the stack so two stages in an account never share it', () => {
    expect(CONFIGURATION_SET).toBe('JoiasInox-test-mail');
    expect(configurationSetName('prod')).not.toBe(configurationSetName('staging'));
    shop.template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    shop.template.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: CONFIGURATION_SET });
  });

  it('suppresses addresses that bounced or complained (account-level suppression list), publishes reputation metrics, sends', () => {
    const [[, set]] = resourcesOf(shop, 'AWS::SES::ConfigurationSet') as [[string, Resource]];
    expect(set.Properties.SuppressionOptions.SuppressedReasons.sort()).toEqual(['BOUNCE', 'COMPLAINT']);
    expect(set.Properties.ReputationOptions).toEqual({ ReputationMetricsEnabled: true });
    expect(set.Properties.SendingOptions).toEqual({ SendingEnabled: true });
  });

  it("sends bounce, complaint and reject events (and nothing else) to the account's default event bus, and no event to SNS", () => {
    const destinations = resourcesOf(shop, 'AWS::SES::ConfigurationSetEventDestination');
    expect(destinations.filter(([, r]) => r.Properties.EventDestination.SnsDestination)).toEqual([]);
    const toBus = destinations.filter(([, r]) => r.Properties.EventDestination.EventBridgeDestination);
    expect(toBus).toHaveLength(1);
    const destination = toBus[0]![1].Properties;
    expect(destination.ConfigurationSetName).toEqual({ Ref: shop.logicalId(shop.stack.mail!.configurationSet) });
    expect(destination.EventDestination.Enabled).toBe(true);
    // "Only the default bus is supported" (CloudFormation, EventBridgeDestination.EventBusArn).
    expect(destination.EventDestination.EventBridgeDestination).toEqual({
      EventBusArn: {
        'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':events:eu-west-1:', { Ref: 'AWS::AccountId' }, ':event-bus/default']],
      },
    });
    expect([...destination.EventDestination.MatchingEventTypes].sort()).toEqual(['bounce', 'complaint', 'reject']);
  });

  it('counts rendering failures and rejects as CloudWatch metrics by configuration set', () => {
    const toMetrics = resourcesOf(shop, 'AWS::SES::ConfigurationSetEventDestination').filter(
      ([, r]) => r.Properties.EventDestination.CloudWatchDestination,
    );
    expect(toMetrics).toHaveLength(1);
    const destination = toMetrics[0]![1].Properties.EventDestination;
    expect([...destination.MatchingEventTypes].sort()).toEqual(['reject', 'renderingFailure']);
    expect(destination.CloudWatchDestination.DimensionConfigurations).toEqual([
      { DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag', DefaultDimensionValue: CONFIGURATION_SET },
    ]);
  });

  it('mail events need no SNS topic, subscription or KMS key: the only topic is the alarm topic, the stack has no KMS key', () => {
    for (const s of [shop, withDomain]) {
      expect(resourcesOf(s, 'AWS::SNS::Topic').map(([id]) => id)).toEqual([s.logicalId(s.stack.alarms.topic)]);
      expect(resourcesOf(s, 'AWS::KMS::Key')).toEqual([]);
      const subscriptions = resourcesOf(s, 'AWS::SNS::Subscription').map(([, r]) => r.Properties);
      expect(
        subscriptions.every((sub) => JSON.stringify(sub.TopicArn) === JSON.stringify({ Ref: s.logicalId(s.stack.alarms.topic) })),
      ).toBe(true);
      expect(Object.keys(s.json.Outputs!)).not.toContain('MailEventsTopicArn');
    }
    // The operator's address is subscribed to the alarms only (no per-bounce e-mail with a customer's address).
    expect(resourcesOf(withDomain, 'AWS::SNS::Subscription').map(([, r]) => r.Properties.Endpoint)).toEqual(['dona@joias.test']);
  });

  it("one rule on the default bus runs the mail-events function with SES's bounces, complaints and rejects of this set only", () => {
    const rules = resourcesOf(shop, 'AWS::Events::Rule').filter(([, r]) => r.Properties.EventPattern?.source?.includes('aws.ses'));
    expect(rules.map(([id]) => id)).toEqual([shop.logicalId(shop.stack.mailEvents.rule)]);
    const rule = rules[0]![1].Properties;
    expect(rule.EventBusName).toBe('default');
    expect(rule.State).toBe('ENABLED');
    expect(rule.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received', 'Email Rejected'],
      detail: { mail: { tags: { 'ses:configuration-set': [CONFIGURATION_SET] } } },
    });
    // The twin's bus applies the very same pattern.
    expect(rule.EventPattern).toEqual(mailEventsPattern(CONFIGURATION_SET));
    // Each event type the configuration set publishes is one the rule lets through.
    const detailTypeOf: Record<string, string> = {
      bounce: SES_EVENT_DETAIL_TYPES.Bounce,
      complaint: SES_EVENT_DETAIL_TYPES.Complaint,
      reject: SES_EVENT_DETAIL_TYPES.Reject,
    };
    expect(MAIL_EVENTS_TO_BUS.map((type) => detailTypeOf[type])).toEqual(rule.EventPattern['detail-type']);

    const fn = shop.stack.mailEvents.recorder;
    const queueArn = { 'Fn::GetAtt': [shop.logicalId(shop.stack.mailEvents.deadLetterQueue), 'Arn'] };
    expect(rule.Targets).toEqual([
      {
        Id: expect.any(String),
        Arn: { 'Fn::GetAtt': [shop.logicalId(fn.function), 'Arn'] },
        DeadLetterConfig: { Arn: queueArn },
        RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 185 },
      },
    ]);
    shop.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [shop.logicalId(fn.function), 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [shop.logicalId(shop.stack.mailEvents.rule), 'Arn'] },
    });
    expect(
      resourcesOf(shop, 'AWS::Lambda::Permission').filter(([, r]) =>
        JSON.stringify(r.Properties.FunctionName).includes(shop.logicalId(fn.function)),
      ),
    ).toHaveLength(1);
  });

  it('a failed run is retried twice, then kept with what EventBridge could not deliver in an encrypted, TLS-only dead-letter queue', () => {
    const fn = shop.stack.mailEvents.recorder;
    const queueId = shop.logicalId(shop.stack.mailEvents.deadLetterQueue);
    shop.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: shop.logicalId(fn.function) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    expect(shop.json.Resources[queueId]!.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    shop.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'events.amazonaws.com' },
            Action: 'sqs:SendMessage',
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [shop.logicalId(shop.stack.mailEvents.rule), 'Arn'] } } },
          }),
        ]),
      },
    });
  });

  it('the mail-events function may only update orders (the bounce goes on its order) and hand a failed event to its queue', () => {
    const fn = shop.stack.mailEvents.recorder;
    const statements = statementsOfRole(shop.json, shop.logicalId(fn.role));
    const actions = actionsOf(statements);
    expect(actions).toContain('dynamodb:UpdateItem');
    expect(
      actions.filter(
        (action) =>
          action.startsWith('ses:') ||
          action.startsWith('s3:') ||
          action.startsWith('sns:') ||
          action.startsWith('kms:') ||
          action === 'dynamodb:Scan',
      ),
    ).toEqual([]);
    const queueArn = { 'Fn::GetAtt': [shop.logicalId(shop.stack.mailEvents.deadLetterQueue), 'Arn'] };
    for (const statement of statements.filter((st) => actionsOf([st]).some((action) => action.startsWith('sqs:')))) {
      expect(statement.Resource).toEqual(queueArn);
    }
    expect(actions).toContain('sqs:SendMessage');
    const env = shop.json.Resources[shop.logicalId(fn.function)]!.Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(env).filter((name) => name.startsWith('TABLE_'))).toEqual(['TABLE_ORDERS']);
  });

  it('is the default configuration set of the sender identity too', () => {
    shop.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: shop.logicalId(shop.stack.mail!.configurationSet) } },
    });
  });

  it('there are functions with and without mail', () => {
    expect(functionsByMail(shop, true).length).toBeGreaterThan(0);
    expect(functionsByMail(shop, false).length).toBeGreaterThan(0);
  });

  it.each([true, false])(
    'a function whose row grants mail (%s) gets the configuration set name, and may send on the configuration set ARN',
    (mail) => {
      for (const [key, fn] of functionsByMail(shop, mail)) {
        const env = shop.json.Resources[shop.logicalId(fn.function)]!.Properties.Environment.Variables as Record<string, unknown>;
        expect(env[MAIL_ENV.configurationSet], key).toBe(mail ? CONFIGURATION_SET : undefined);
        const sends = statementsOfRole(shop.json, shop.logicalId(fn.role)).filter((statement) =>
          actionsOf([statement]).includes('ses:SendEmail'),
        );
        expect(sends.length, key).toBe(mail ? 1 : 0);
        if (!mail) continue;
        const resources = JSON.stringify(sends[0]!.Resource);
        expect(resources, key).toContain(`:configuration-set/${CONFIGURATION_SET}`);
        expect(resources, key).toContain(`:identity/${TEST_SENDER}`);
      }
    },
  );
});

describe('SES sender domain (context senderDomain)', () => {
  it('without it, the identity is the sender address and no DKIM or MAIL FROM record is asked for', () => {
    expect(resourcesOf(shop, 'AWS::SES::EmailIdentity').map(([, r]) => r.Properties.EmailIdentity)).toEqual([TEST_SENDER]);
    expect(Object.keys(shop.json.Outputs!).filter((name) => /Dkim|MailFrom/.test(name))).toEqual([]);
  });

  it('with it, the identity is the domain, signed with Easy DKIM (2048-bit), MAIL FROM mail.<domain> (default on MX failure)', () => {
    const identities = resourcesOf(withDomain, 'AWS::SES::EmailIdentity');
    expect(identities).toHaveLength(1);
    const identity = identities[0]![1].Properties;
    expect(identity.EmailIdentity).toBe(SENDER_DOMAIN);
    expect(identity.DkimAttributes).toEqual({ SigningEnabled: true });
    expect(identity.DkimSigningAttributes).toEqual({ NextSigningKeyLength: 'RSA_2048_BIT' });
    expect(identity.MailFromAttributes).toEqual({ MailFromDomain: `mail.${SENDER_DOMAIN}`, BehaviorOnMxFailure: 'USE_DEFAULT_VALUE' });
    expect(identity.ConfigurationSetAttributes).toEqual({
      ConfigurationSetName: { Ref: withDomain.logicalId(withDomain.stack.mail!.configurationSet) },
    });
  });

  it('outputs the three DKIM CNAME records and the MAIL FROM MX and SPF records', () => {
    const identityId = withDomain.logicalId(withDomain.stack.mail!.identity);
    for (const i of [1, 2, 3]) {
      expect(withDomain.json.Outputs![`SenderDkimRecord${i}`].Value).toEqual({
        'Fn::Join': [
          ' ',
          [{ 'Fn::GetAtt': [identityId, `DkimDNSTokenName${i}`] }, 'CNAME', { 'Fn::GetAtt': [identityId, `DkimDNSTokenValue${i}`] }],
        ],
      });
    }
    expect(JSON.stringify(withDomain.json.Outputs!.SenderMailFromMx.Value)).toMatch(
      /^"mail\.joias\.test MX 10 feedback-smtp\.eu-west-1\.amazonses\.com"$/,
    );
    expect(withDomain.json.Outputs!.SenderMailFromSpf.Value).toBe('mail.joias.test TXT "v=spf1 include:amazonses.com ~all"');
  });

  it('functions may send as the domain identity (not the address, which SES never verified)', () => {
    const [key, fn] = functionsByMail(withDomain, true)[0]!;
    const sends = statementsOfRole(withDomain.json, withDomain.logicalId(fn.role)).filter((statement) =>
      actionsOf([statement]).includes('ses:SendEmail'),
    );
    const resources = JSON.stringify(sends[0]!.Resource);
    expect(resources, key).toContain(`:identity/${SENDER_DOMAIN}"`);
    expect(resources, key).not.toContain(`:identity/${TEST_SENDER}`);
  });

  it('a sender address at another domain, or no sender address at all, fails synth with a clear message', () => {
    expect(() => synthShop({ senderDomain: 'outra.test' })).toThrow(
      'Context "senderEmail" must be an address at the sender domain "outra.test" (e.g. loja@outra.test), got "loja@joias.test"',
    );
    expect(() => synthShop({ senderDomain: 'test' })).toThrow(/must be an address at the sender domain "test"/);
    expect(() => synthShop({ senderDomain: SENDER_DOMAIN, senderEmail: undefined })).toThrow(
      /"senderDomain" \(joias\.test\) needs context "senderEmail"/,
    );
  });

  it('cdk-nag finds nothing unacknowledged with a sender domain', () => {
    expect(openViolations(withDomain.report)).toEqual([]);
  });
});
