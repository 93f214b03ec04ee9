/** Deploy settings from CDK context and the shop's Content-Security-Policy. */
import { describe, expect, it } from 'vitest';
import { readDeploySettings, DEFAULT_MONTHLY_BUDGET_USD } from '#infra/common/deploy-settings.ts';
import { contentSecurityPolicy, robotsTxt } from '#infra/common/headers.ts';
import { DEFAULT_REGION } from '#infra/common/regions.ts';

function reader(context: Record<string, unknown>) {
  return (key: string) => context[key];
}

describe('readDeploySettings', () => {
  it('takes a sender domain (lowercased) only with a sender address at it', () => {
    const settings = readDeploySettings(reader({ senderEmail: 'loja@Joias.test', senderDomain: 'Joias.Test' }), {});
    expect(settings.senderDomain).toBe('joias.test');
    expect(readDeploySettings(reader({ senderEmail: 'loja@joias.test' }), {}).senderDomain).toBeUndefined();
    expect(() => readDeploySettings(reader({ senderEmail: 'loja@outra.test', senderDomain: 'joias.test' }), {})).toThrow(
      /"senderEmail" must be an address at the sender domain "joias.test"/,
    );
    expect(() => readDeploySettings(reader({ senderEmail: 'loja@sub.joias.test', senderDomain: 'joias.test' }), {})).toThrow(
      /sender domain/,
    );
    expect(() => readDeploySettings(reader({ senderDomain: 'joias.test' }), {})).toThrow(/"senderDomain" needs "senderEmail"/);
    expect(() => readDeploySettings(reader({ senderEmail: 'loja@joias.test', senderDomain: 'joias test' }), {})).toThrow(
      /senderDomain.*domain name/,
    );
  });

  it('has no placeholder sender e-mail, and checks the one given', () => {
    expect(readDeploySettings(reader({}), {}).senderEmail).toBeUndefined();
    expect(() => readDeploySettings(reader({ senderEmail: 'not-an-email' }), {})).toThrow(/e-mail address/);
  });

  it('uses cdk.json defaults and the region order context > CDK_DEFAULT_REGION > eu-west-1', () => {
    expect(readDeploySettings(reader({ senderEmail: 'loja@joias.test' }), {})).toEqual({
      stage: 'prod',
      adminPathPrefix: '/bastidores-7b99',
      senderEmail: 'loja@joias.test',
      region: DEFAULT_REGION,
      sesRegion: DEFAULT_REGION,
      budget: true,
      edgePlan: 'free',
      monthlyBudgetUsd: DEFAULT_MONTHLY_BUDGET_USD,
      firstDeploy: false,
    });
    expect(readDeploySettings(reader({ senderEmail: 'loja@joias.test', firstDeploy: 'true' }), {}).firstDeploy).toBe(true);
    expect(() => readDeploySettings(reader({ senderEmail: 'loja@joias.test', firstDeploy: 'sim' }), {})).toThrow(/firstDeploy/);
    expect(readDeploySettings(reader({ senderEmail: 'loja@joias.test' }), { CDK_DEFAULT_REGION: 'eu-south-2' }).region).toBe('eu-south-2');
    expect(
      readDeploySettings(reader({ senderEmail: 'loja@joias.test', region: 'eu-central-1' }), { CDK_DEFAULT_REGION: 'eu-south-2' }).region,
    ).toBe('eu-central-1');
  });

  it('takes the monthly budget in US dollars, and refuses what is not an amount', () => {
    const base = { senderEmail: 'loja@joias.test' };
    expect(readDeploySettings(reader({ ...base, monthlyBudgetUsd: '25' }), {}).monthlyBudgetUsd).toBe(25);
    expect(readDeploySettings(reader({ ...base, monthlyBudgetUsd: 7.5 }), {}).monthlyBudgetUsd).toBe(7.5);
    for (const bad of ['dez', '0', '-5', 'Infinity', '1e9'])
      expect(() => readDeploySettings(reader({ ...base, monthlyBudgetUsd: bad }), {}), bad).toThrow(/monthlyBudgetUsd/);
  });

  it('checks stage, prefix, operator and domain', () => {
    const base = { senderEmail: 'loja@joias.test' };
    expect(() => readDeploySettings(reader({ ...base, stage: 'Prod!' }), {})).toThrow(/stage/);
    expect(() => readDeploySettings(reader({ ...base, adminPathPrefix: 'no-slash' }), {})).toThrow(/adminPathPrefix/);
    expect(() => readDeploySettings(reader({ ...base, operatorEmail: 'x' }), {})).toThrow(/operatorEmail/);
    expect(() => readDeploySettings(reader({ ...base, domain: 'loja.joias.test' }), {})).toThrow(/certificateArn/);
    const settings = readDeploySettings(
      reader({
        ...base,
        operatorEmail: 'dona@joias.test',
        domain: 'Loja.Joias.test',
        certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
      }),
      {},
    );
    expect(settings.operatorEmail).toBe('dona@joias.test');
    expect(settings.domain).toEqual({ name: 'loja.joias.test', certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' });
  });
});

describe('payments context', () => {
  const base = { senderEmail: 'loja@joias.test' };

  it('takes an object (cdk.json) or its JSON text (cdk -c passes strings), keeping only known keys', () => {
    const payments = { iban: 'PT50 0002 0123 1234 5678 9015 4', ibanHolder: 'Joias Inox, Lda.', mbwayPhone1: '912345678' };
    expect(readDeploySettings(reader({ ...base, payments }), {}).payments).toEqual(payments);
    expect(readDeploySettings(reader({ ...base, payments: JSON.stringify({ ...payments, other: 'x' }) }), {}).payments).toEqual(payments);
    expect(readDeploySettings(reader(base), {}).payments).toBeUndefined();
  });

  it('refuses broken JSON, non-objects and empty values', () => {
    expect(() => readDeploySettings(reader({ ...base, payments: '{"iban":' }), {})).toThrow(/"payments" is not valid JSON/);
    expect(() => readDeploySettings(reader({ ...base, payments: 'iban=PT50' }), {})).toThrow(/must be an object/);
    expect(() => readDeploySettings(reader({ ...base, payments: { iban: ' ' } }), {})).toThrow(/payments\.iban/);
  });

  it('checks the seed as "Definições" does: a mistyped IBAN, a holder missing or markup is refused; an IBAN is stored printed', () => {
    expect(() =>
      readDeploySettings(reader({ ...base, payments: { iban: 'PT50 0002 0123 1234 5678 9015 5', ibanHolder: 'Loja' } }), {}),
    ).toThrow(/payments\.iban.*IBAN não é válido/);
    expect(() => readDeploySettings(reader({ ...base, payments: { iban: 'PT50 0002 0123 1234 5678 9015 4' } }), {})).toThrow(
      /payments\.ibanHolder/,
    );
    expect(() => readDeploySettings(reader({ ...base, payments: { paypal: '<b>loja</b>' } }), {})).toThrow(/payments\.paypal/);
    expect(
      readDeploySettings(reader({ ...base, payments: { iban: 'pt50000201231234567890154', ibanHolder: 'Loja' } }), {}).payments?.iban,
    ).toBe('PT50 0002 0123 1234 5678 9015 4');
  });
});

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy({
    cognito: 'https://cognito-idp.eu-west-1.amazonaws.com',
    uploads: ['https://proofs.s3.eu-west-1.amazonaws.com'],
    images: ['https://proofs.s3.eu-west-1.amazonaws.com'],
  });
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows scripts and styles from the shop only', () => {
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('style-src')).toBe("style-src 'self'");
    expect(csp).not.toContain('unsafe');
  });

  it('lets the pages talk to the API, Cognito and the upload buckets', () => {
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com https://proofs.s3.eu-west-1.amazonaws.com",
    );
    expect(directive('img-src')).toContain('https://proofs.s3.eu-west-1.amazonaws.com');
  });

  it('forbids framing and plugins', () => {
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
  });
});

describe('robotsTxt', () => {
  it('names the sitemap by its absolute URL, keeps crawlers out of the checkout and never names the back-office', () => {
    const text = robotsTxt('https://joias.example');
    expect(text).toContain('Sitemap: https://joias.example/sitemap.xml');
    expect(text).toContain('Disallow: /payment');
    expect(text).not.toMatch(/bastidores|admin/i);
  });
});
