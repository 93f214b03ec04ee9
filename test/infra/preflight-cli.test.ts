/**
 * `npm run preflight`'s command line (the same context as `npm run deploy`, refusals in the operator's
 * language) and the script itself on a machine without AWS credentials: one Portuguese sentence, exit
 * code 1, no stack trace. The checks are in `preflight.test.ts`, the AWS port in `preflight-aws.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/common/repo-paths.ts';
import { UsageError } from '#infra/ops/create-admin.ts';
import { parsePreflightArgs, PREFLIGHT_USAGE_EN, PREFLIGHT_USAGE_PT, preflightUsage } from '#infra/ops/preflight/arguments.ts';
import type { PreflightOptions } from '#infra/ops/preflight/options.ts';

const context = (values: Record<string, unknown>) => (key: string) => values[key];
const cdkJson = context({ stage: 'prod', region: 'eu-west-1', senderEmail: 'loja@joias.pt' });
const parse = (...argv: string[]) => parsePreflightArgs(argv, cdkJson, {}) as PreflightOptions;

describe('command line', () => {
  it('takes the stack and region of cdk.json, -c context on top, like npm run deploy', () => {
    expect(parse()).toEqual({
      stage: 'prod',
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
      sesRegion: 'eu-west-1',
      budget: true,
      monthlyBudgetUsd: 10,
      lang: 'pt',
      json: false,
      // The default edge (edgePlan=free) has a stack in us-east-1.
      waf: true,
      edgePlan: 'free',
      qualifier: 'hnb659fds',
      senderEmail: 'loja@joias.pt',
      // What the app is synthesized with to count its functions: cdk.json's own context is read by the CDK.
      context: [],
    });
    expect(
      parse(
        '--stage',
        'loja2',
        '--region',
        'eu-south-2',
        '-c',
        'waf=true',
        '-c',
        'senderEmail=loja@joias.pt',
        '-c',
        'senderDomain=joias.pt',
        '-c',
        'mailSendRate=10',
        '--en',
        '--json',
      ),
    ).toMatchObject({
      stackName: 'JoiasInox-loja2',
      region: 'eu-south-2',
      sesRegion: 'eu-west-1',
      budget: false,
      waf: true,
      senderDomain: 'joias.pt',
      mailSendRate: 10,
      lang: 'en',
      json: true,
      context: ['waf=true', 'senderEmail=loja@joias.pt', 'senderDomain=joias.pt', 'mailSendRate=10', 'stage=loja2', 'region=eu-south-2'],
    });
    expect(
      parsePreflightArgs([], context({ '@aws-cdk/core:bootstrapQualifier': 'joias123' }), { AWS_REGION: 'eu-central-1' }),
    ).toMatchObject({ region: 'eu-central-1', sesRegion: 'eu-central-1', qualifier: 'joias123', context: ['region=eu-central-1'] });
    expect(parse('--region', 'eu-south-2', '-c', 'sesRegion=eu-west-3')).toMatchObject({
      region: 'eu-south-2',
      sesRegion: 'eu-west-3',
      budget: false,
    });
    expect(parse('-h')).toBe('help');
  });

  it('refuses what makes no sense, in Portuguese, or in English with --en', () => {
    const refusal = (...argv: string[]) => {
      try {
        parsePreflightArgs(argv, cdkJson, {});
      } catch (caught) {
        expect(caught).toBeInstanceOf(UsageError);
        return (caught as Error).message;
      }
      return expect.fail(`accepted ${argv.join(' ')}`);
    };
    expect(refusal('--nope')).toBe('Opção desconhecida: --nope.');
    expect(refusal('--nope', '--en')).toBe('Unknown option: --nope.');
    expect(refusal('--region')).toBe('Falta o valor da opção --region.');
    expect(refusal('-c', 'waf')).toMatch(/^-c espera chave=valor/);
    expect(refusal('--region', 'Irlanda')).toBe('"Irlanda" não é o nome de uma região da AWS (como eu-west-1).');
    expect(refusal('--stage', 'Prod!')).toMatch(/--stage "Prod!" não serve/);
    expect(refusal('-c', 'senderEmail=loja')).toMatch(/O contexto \(cdk.json ou -c\) tem um valor que não serve: .*senderEmail/);
    expect(refusal('eu-west-1')).toMatch(/Não percebo "eu-west-1"/);
    expect(refusal('--region', 'eu-south-2', '-c', 'budget=true')).toMatch(
      /O contexto \(cdk.json ou -c\) tem um valor que não serve: .*cannot create an AWS Budgets budget in eu-south-2/,
    );
    expect(preflightUsage(['--en'])).toBe(PREFLIGHT_USAGE_EN);
    expect(preflightUsage([])).toBe(PREFLIGHT_USAGE_PT);
  });
});

describe('the script', () => {
  it('without credentials: exit code 1 and one Portuguese sentence on stderr, no stack trace', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-home-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('AWS_')));
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/ops/preflight.ts')], {
        cwd: REPO_ROOT,
        env: {
          ...env,
          HOME: home,
          AWS_CONFIG_FILE: path.join(home, 'none'),
          AWS_SHARED_CREDENTIALS_FILE: path.join(home, 'none'),
          AWS_EC2_METADATA_DISABLED: 'true',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim()).toMatch(/^preflight: Não encontrei credenciais da AWS\. .* Nada foi verificado\.$/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
