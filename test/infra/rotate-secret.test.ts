/**
 * The parts of `npm run rotate-secret` that need no twin: the command line, the secret's JSON and its
 * overlap, and CloudFront's switch against recorded REST answers (GetDistributionConfig,
 * UpdateDistribution with If-Match, GetDistribution until Deployed). The steps themselves run against
 * the twin in `test/lambdas/secret-rotation.test.ts`; the order-link key's writes the edge's keys first.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '#infra/ops/create-admin.ts';
import { cloudFrontPort, DEFAULT_OVERLAP_HOURS, generateSecretValue, parseRotateArgs, rotateSecret } from '#infra/ops/rotate-secret.ts';
import { challengeKeysEntry } from '#infra/common/edge-proof.ts';
import type { HttpAnswer, HttpCall } from '#infra/ops/preflight/http.ts';
import { parseRotatingSecret, secretValuesAt, type RotatingSecret } from '#lambdas/repositories/secrets.ts';

const context = (values: Record<string, unknown>) => (key: string) => values[key];

describe('npm run rotate-secret', () => {
  it('names one secret; the overlap defaults by secret; stage and region like the other commands', () => {
    expect(parseRotateArgs(['order-link'], context({ region: 'eu-west-1' }), {})).toEqual({
      kind: 'order-link',
      overlapHours: 720,
      stackName: 'JoiasInox-prod',
      region: 'eu-west-1',
    });
    expect(parseRotateArgs(['origin', '--stage', 'test', '--region', 'eu-south-2', '--overlap-hours', '2'], context({}), {})).toEqual({
      kind: 'origin',
      overlapHours: 2,
      stackName: 'JoiasInox-test',
      region: 'eu-south-2',
    });
    expect(DEFAULT_OVERLAP_HOURS).toEqual({ 'order-link': 720, origin: 24 });
    expect(parseRotateArgs(['--help'], context({}), {})).toBe('help');
    for (const argv of [
      [],
      ['both'],
      ['origin', 'order-link'],
      ['origin', '--overlap-hours', '0'],
      ['origin', '--overlap-hours', 'x'],
      ['origin', '--nope'],
    ]) {
      expect(() => parseRotateArgs(argv, context({}), {}), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('generates values as the stack does: letters and digits, 64 for the key, 48 for the origin', () => {
    expect(generateSecretValue('order-link')).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(generateSecretValue('origin')).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(generateSecretValue('origin')).not.toBe(generateSecretValue('origin'));
  });
});

describe("a secret's value and its overlap", () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('accepts the previous value only until previousUntil, never without an end', () => {
    const secret = parseRotatingSecret(JSON.stringify({ current: 'new', previous: 'old', previousUntil: '2026-11-26T13:00:00Z' }));
    expect(secret).toEqual({ current: 'new', previous: 'old', previousUntil: '2026-11-26T13:00:00Z' });
    expect(secretValuesAt(secret, now)).toEqual({ current: 'new', accepted: ['new', 'old'] });
    expect(secretValuesAt(secret, new Date('2026-11-26T13:00:00Z'))).toEqual({ current: 'new', accepted: ['new'] });
    expect(secretValuesAt({ current: 'new', previous: 'old' }, now)).toEqual({ current: 'new', accepted: ['new'] });
  });
});

describe("CloudFront's switch of the origin headers", () => {
  const config = (value: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><DistributionConfig ` +
    `xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Origins><Quantity>2</Quantity><Items>` +
    `<Origin><Id>api</Id><CustomHeaders><Quantity>1</Quantity><Items>` +
    `<OriginCustomHeader><HeaderName>x-origin-verify</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader>` +
    `</Items></CustomHeaders></Origin>` +
    `<Origin><Id>pages</Id><CustomHeaders><Quantity>2</Quantity><Items>` +
    `<OriginCustomHeader><HeaderName>x-origin-verify</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader>` +
    `<OriginCustomHeader><HeaderName>x-pages-fallback</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader>` +
    `</Items></CustomHeaders></Origin>` +
    `</Items></Origins><CallerReference>ref</CallerReference></DistributionConfig>`;

  /** A distribution that answers in progress once after the update, then deployed. */
  function recorded(value: string) {
    const calls: HttpCall[] = [];
    let current = config(value);
    let statuses = ['InProgress', 'Deployed'];
    const transport = async (call: HttpCall): Promise<HttpAnswer> => {
      calls.push(call);
      if (call.method === 'GET' && call.path.endsWith('/config'))
        return { status: 200, headers: { etag: 'E2QWRUHAPOMQZL' }, body: current };
      if (call.method === 'PUT') {
        current = call.body!;
        statuses = ['InProgress', 'Deployed'];
        return { status: 200, headers: { etag: 'E3NEW' }, body: `<Distribution><Status>InProgress</Status></Distribution>` };
      }
      return {
        status: 200,
        headers: {},
        body: `<Distribution><Id>E1</Id><Status>${statuses.shift() ?? 'Deployed'}</Status></Distribution>`,
      };
    };
    return { calls, transport, config: () => current };
  }

  it('tells which value it sends, replaces it in every header with If-Match, and waits until deployed', async () => {
    const aws = recorded('OLD');
    const sleeps: number[] = [];
    const edge = cloudFrontPort('E1', aws.transport, async (ms) => void sleeps.push(ms));
    expect(await edge.sends(['NEW', 'OLD'])).toBe('OLD');
    expect(await edge.sends(['NEW'])).toBeUndefined();
    await edge.switchOrigin('OLD', 'NEW');
    expect(aws.config()).toBe(config('NEW'));
    const put = aws.calls.find((c) => c.method === 'PUT')!;
    expect(put).toMatchObject({
      service: 'cloudfront',
      region: 'us-east-1',
      host: 'cloudfront.amazonaws.com',
      path: '/2020-05-31/distribution/E1/config',
    });
    expect(put.headers).toMatchObject({ 'if-match': 'E2QWRUHAPOMQZL' });
    expect(aws.calls.filter((c) => c.method === 'GET' && c.path === '/2020-05-31/distribution/E1')).toHaveLength(2);
    expect(sleeps).toEqual([20_000]);
  });

  it('changes nothing when a header does not carry the old value', async () => {
    const aws = recorded('OTHER');
    const edge = cloudFrontPort('E1', aws.transport, async () => undefined);
    await expect(edge.switchOrigin('OLD', 'NEW')).rejects.toThrow(/nothing changed/);
    expect(aws.calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe("the order-link key's rotation and the edge's keys", () => {
  it("writes the new and the previous key's challenge keys to the edge before the functions can sign with the new key", async () => {
    const steps: string[] = [];
    let kept: RotatingSecret = { current: 'a'.repeat(64) };
    const secret = { get: async () => kept, put: async (next: RotatingSecret) => void (steps.push('secret'), (kept = next)) };
    const challengeKeys = { put: async (value: string) => void steps.push(`edge ${value}`) };
    const now = () => new Date('2026-12-01T10:00:00Z');
    const rotated = await rotateSecret('order-link', 24, {
      secret,
      challengeKeys,
      waitForFunctions: async () => undefined,
      now,
      newValue: () => 'b'.repeat(64),
      log: () => undefined,
    });
    expect(steps).toEqual([`edge ${challengeKeysEntry(rotated, now())}`, 'secret']);
    expect(JSON.parse(steps[0]!.slice(5))).toEqual({
      current: expect.any(Array),
      previous: expect.any(Array),
      until: Date.parse('2026-12-02T10:00:00Z') / 1000,
    });
    await expect(
      rotateSecret('order-link', 24, {
        secret: { get: async () => ({ current: 'c' }), put: async () => undefined },
        waitForFunctions: async () => undefined,
        log: () => undefined,
      }),
    ).rejects.toThrow(/KeyValueStore/);
  });
});
