/** One SES template per mail template of `lambdas/contracts/mail-templates.ts`, and the sender identity. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTemplates, templateName, type MailTemplateId } from '../../lambdas/contracts/mail-templates.ts';
import { templatePrefix } from '../../infra/mail.ts';
import { synthShop, SYNTH_TIMEOUT_MS, TEST_SENDER, removeScratch, type Synthesized } from './support.ts';

let shop: Synthesized;

beforeAll(() => {
  shop = synthShop();
}, SYNTH_TIMEOUT_MS);
afterAll(removeScratch);

describe('SES', () => {
  const ids = Object.keys(mailTemplates) as MailTemplateId[];

  it('has exactly one template per mail template', () => {
    shop.template.resourceCountIs('AWS::SES::Template', ids.length);
  });

  it.each(ids)('%s is created with the stage prefix and the same parts', (id) => {
    expect(templatePrefix('test')).toBe('test-');
    shop.template.hasResourceProperties('AWS::SES::Template', {
      Template: {
        TemplateName: templateName('test-', id),
        SubjectPart: mailTemplates[id].subject,
        HtmlPart: mailTemplates[id].html,
        TextPart: mailTemplates[id].text,
      },
    });
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
