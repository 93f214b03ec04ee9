/**
 * The shop in every region with its core services: SES where SES exists (context
 * `sesRegion`: the stage's mail stack there when the shop's region has none, as Europe (Spain)), the
 * budget only where CloudFormation can make one (context `budget`), and the functions sending in the
 * SES region (`MAIL_SES_REGION`). `.ci/run` runs cfn-lint on the synthesized templates of eu-west-1,
 * eu-south-2 and eu-central-1; these tests prove the shape that makes them clean.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CfnElement } from 'aws-cdk-lib';
import { readDeploySettings } from '#infra/common/deploy-settings.ts';
import { configurationSetName } from '#infra/common/naming.ts';
import { BUDGETS_REGIONS, DEFAULT_SES_REGION, SES_REGIONS } from '#infra/common/regions.ts';
import { MAIL_ENV } from '#lambdas/contracts/env.ts';
import { SES_EVENT_SOURCE } from '#lambdas/jobs.ts';
import { openViolations, removeScratch, synthMailStack, synthShop, SYNTH_TIMEOUT_MS, TEST_SENDER, type Synthesized } from './support.ts';

const read = (context: Record<string, unknown>) => (key: string) => context[key];
const settingsIn = (context: Record<string, unknown>) => readDeploySettings(read({ senderEmail: TEST_SENDER, ...context }), {});

describe('context: the SES region and the budget', () => {
  it('SES goes where the shop is when SES exists there, else to eu-west-1; a named SES region must have SES', () => {
    expect(settingsIn({ region: 'eu-west-1' }).sesRegion).toBe('eu-west-1');
    expect(settingsIn({ region: 'eu-central-1' }).sesRegion).toBe('eu-central-1');
    expect(settingsIn({ region: 'eu-south-2' }).sesRegion).toBe(DEFAULT_SES_REGION);
    expect(DEFAULT_SES_REGION).toBe('eu-west-1');
    expect(settingsIn({ region: 'eu-south-2', sesRegion: 'eu-west-3' }).sesRegion).toBe('eu-west-3');
    expect(() => settingsIn({ region: 'eu-west-1', sesRegion: 'eu-south-2' })).toThrow(
      /"sesRegion" must be a region with Amazon SES, got "eu-south-2"/,
    );
  });

  it('the budget is on where CloudFormation has AWS Budgets, off elsewhere; false turns it off; true where it cannot be is refused', () => {
    expect(settingsIn({ region: 'eu-west-1' }).budget).toBe(true);
    expect(settingsIn({ region: 'eu-central-1' }).budget).toBe(true);
    for (const region of ['eu-south-2', 'eu-south-1', 'eu-central-2']) expect(settingsIn({ region }).budget, region).toBe(false);
    expect(settingsIn({ region: 'eu-west-1', budget: 'false' }).budget).toBe(false);
    expect(settingsIn({ region: 'eu-west-1', budget: false }).budget).toBe(false);
    expect(() => settingsIn({ region: 'eu-south-2', budget: 'true' })).toThrow(/cannot create an AWS Budgets budget in eu-south-2/);
    expect(() => settingsIn({ budget: 'yes' })).toThrow(/"budget" must be true or false/);
  });

  it('the tables: Spain has neither SES nor the budget type; Ireland and Frankfurt have both', () => {
    expect(SES_REGIONS).not.toContain('eu-south-2');
    expect(BUDGETS_REGIONS).not.toContain('eu-south-2');
    for (const region of ['eu-west-1', 'eu-central-1']) {
      expect(SES_REGIONS, region).toContain(region);
      expect(BUDGETS_REGIONS, region).toContain(region);
    }
    expect(new Set(SES_REGIONS).size).toBe(SES_REGIONS.length);
    for (const region of [...SES_REGIONS, ...BUDGETS_REGIONS]) expect(region).toMatch(/^[a-z]{2}-[a-z]+-\d$/);
  });
});

describe('a shop in Europe (Spain), its e-mail in Europe (Ireland)', () => {
  const OPERATOR = 'dona@joias.test';
  let madrid: Synthesized;
  let mail: ReturnType<typeof synthMailStack>;
  beforeAll(() => {
    madrid = synthShop({ env: { region: 'eu-south-2' }, sesRegion: 'eu-west-1', budget: false, operatorEmail: OPERATOR });
    mail = synthMailStack({ region: 'eu-west-1', shopRegion: 'eu-south-2', operatorEmail: OPERATOR, senderDomain: 'joias.test' });
  }, SYNTH_TIMEOUT_MS * 2);
  afterAll(removeScratch);

  const typesOf = (json: Synthesized['json']) => new Set(Object.values(json.Resources).map((r) => r.Type));
  const resourcesOf = (json: Synthesized['json'], type: string) => Object.entries(json.Resources).filter(([, r]) => r.Type === type);

  it('the shop stack creates nothing Spain lacks: no SES resource, no budget', () => {
    const types = [...typesOf(madrid.json)];
    expect(types.filter((type) => type.startsWith('AWS::SES::') || type.startsWith('AWS::Budgets::'))).toEqual([]);
    expect(madrid.stack.mail).toBeUndefined();
    expect(madrid.stack.alarms.budget).toBeUndefined();
  });

  it('the mail stack holds the identity, the configuration set with its destinations, and every template', () => {
    const types = typesOf(mail.json);
    for (const type of [
      'AWS::SES::EmailIdentity',
      'AWS::SES::ConfigurationSet',
      'AWS::SES::ConfigurationSetEventDestination',
      'AWS::SES::Template',
    ])
      expect(types).toContain(type);
    expect(resourcesOf(mail.json, 'AWS::SES::ConfigurationSet')[0]![1].Properties.Name).toBe(configurationSetName('test'));
    expect(mail.stack.region).toBe('eu-west-1');
    expect(openViolations(mail.report)).toEqual([]);
  });

  it('the functions send in the SES region: MAIL_SES_REGION and the SES ARNs of their policies name eu-west-1', () => {
    const functions = resourcesOf(madrid.json, 'AWS::Lambda::Function').filter(
      ([, r]) => r.Properties.Environment?.Variables?.[MAIL_ENV.from],
    );
    expect(functions.length).toBeGreaterThan(0);
    for (const [id, fn] of functions) expect(fn.Properties.Environment.Variables[MAIL_ENV.sesRegion], id).toBe('eu-west-1');
    const sesStatements = resourcesOf(madrid.json, 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
      .filter((st) => [st.Action].flat().includes('ses:SendEmail'));
    expect(sesStatements.length).toBe(functions.length);
    for (const st of sesStatements) {
      const resources = JSON.stringify(st.Resource);
      expect(resources).toContain(':ses:eu-west-1:');
      expect(resources).not.toContain(':ses:eu-south-2:');
      expect(resources).toContain(`configuration-set/${configurationSetName('test')}`);
    }
    expect(madrid.json.Outputs!.MailRegion!.Value).toBe('eu-west-1');
  });

  it("the mail stack forwards its configuration set's events, only those, to the default bus of the shop's region", () => {
    const [, forwarder] = resourcesOf(mail.json, 'AWS::Events::Rule')[0]!;
    expect(forwarder.Properties.EventPattern.source).toEqual([SES_EVENT_SOURCE]);
    expect(JSON.stringify(forwarder.Properties.EventPattern.detail)).toContain(configurationSetName('test'));
    expect(forwarder.Properties.Targets).toHaveLength(1);
    expect(JSON.stringify(forwarder.Properties.Targets[0].Arn)).toContain(':events:eu-south-2:');
    expect(JSON.stringify(forwarder.Properties.Targets[0].Arn)).toContain('event-bus/default');
    expect(forwarder.Properties.Targets[0].RoleArn).toBeDefined();

    const shopRules = resourcesOf(madrid.json, 'AWS::Events::Rule').filter(([, r]) =>
      r.Properties.EventPattern?.source?.includes(SES_EVENT_SOURCE),
    );
    expect(shopRules).toHaveLength(1);
    expect(shopRules[0]![1].Properties.EventBusName).toBe('default');
    expect(JSON.stringify(shopRules[0]![1].Properties.EventPattern.detail)).toContain(configurationSetName('test'));
  });

  it('the e-mail alarms are in the mail stack, where SES reports, with a topic of their own e-mailing the operator; none in shop', () => {
    const names = (json: Synthesized['json']) => resourcesOf(json, 'AWS::CloudWatch::Alarm').map(([, a]) => String(a.Properties.AlarmName));
    const mailAlarms = ['E-mail bounce rate', 'E-mail complaint rate', 'E-mail send failures'];
    expect(names(madrid.json).filter((name) => mailAlarms.some((alarm) => name.endsWith(alarm)))).toEqual([]);
    expect(names(mail.json).sort()).toEqual(mailAlarms.map((name) => `JoiasInox-test-Mail ${name}`));
    const topicId = mail.stack.getLogicalId(mail.stack.topic.node.defaultChild as CfnElement);
    for (const [, alarm] of resourcesOf(mail.json, 'AWS::CloudWatch::Alarm'))
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    expect(resourcesOf(mail.json, 'AWS::SNS::Subscription').map(([, s]) => s.Properties.Endpoint)).toEqual([OPERATOR]);
  });

  it("a sender domain's DNS records are the mail stack's outputs, the MAIL FROM's MX naming the SES region", () => {
    expect(Object.keys(mail.json.Outputs!)).toEqual(
      expect.arrayContaining(['SenderDkimRecord1', 'SenderDkimRecord2', 'SenderDkimRecord3', 'SenderMailFromMx', 'SenderMailFromSpf']),
    );
    expect(mail.json.Outputs!.SenderMailFromMx!.Value).toBe('mail.joias.test MX 10 feedback-smtp.eu-west-1.amazonses.com');
    expect(Object.keys(madrid.json.Outputs!).filter((key) => key.startsWith('SenderDkim'))).toEqual([]);
  });

  it('cdk-nag finds nothing unacknowledged in the shop stack without SES', () => {
    expect(openViolations(madrid.report)).toEqual([]);
  });
});

describe('the functions read the SES region', () => {
  it('the SES client of the outbox sends in MAIL_SES_REGION', async () => {
    const before = process.env[MAIL_ENV.sesRegion];
    process.env[MAIL_ENV.sesRegion] = 'eu-west-1';
    try {
      // The client is kept for the process (as in a function): a fresh module, whichever unit file made one before.
      vi.resetModules();
      const { ses } = await import('#lambdas/repositories/ses-client.ts');
      expect(await ses().config.region()).toBe('eu-west-1');
    } finally {
      if (before === undefined) delete process.env[MAIL_ENV.sesRegion];
      else process.env[MAIL_ENV.sesRegion] = before;
    }
  });
});
