/**
 * `npm run rotate-secret -- <order-link|origin>`: gives one of the stage's secrets a new value without
 * downtime (docs/running-the-shop.md#rotating-the-secrets). The secret is JSON `RotatingSecret`
 * (`lambdas/repositories/secrets.ts`): the functions sign with `current` and, until `previousUntil`,
 * accept `previous` too; they read it again at most every `SECRET_CACHE_SECONDS`.
 *
 * - **order-link:** the edge's KeyValueStore gets the keys derived from the new and the old key first
 *   (`challenge-keys.ts`), so the edge accepts the challenges signed with either; then the new key
 *   becomes `current`, the old one `previous` for the overlap (30 days by default): links already e-mailed keep opening their orders until
 *   then; new links use the new key within 5 minutes. After the overlap an old link is refused (the customer asks for it again by
 *   number and e-mail, which mails a new one).
 * - **origin:** (1) checks CloudFront sends the current value; (2) the new value becomes `current`, the
 *   old one `previous`, so the functions accept both; (3) waits until every warm function has read
 *   it; (4) switches CloudFront's origin headers to the new value and waits until the distribution
 *   is deployed; (5) drops the old value. Stopped halfway, running it again carries on where it was
 *   (until `previousUntil`, 24 hours, the old value is still accepted).
 *
 * The secret and distribution come from the stack's outputs (`OrderLinkSecretArn`, `OriginSecretArn`,
 * `DistributionId`); stage and region as every operator command (`--stage`, `--region`).
 */
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseRotatingSecret, SECRET_CACHE_SECONDS, type RotatingSecret } from '#lambdas/repositories/secrets.ts';
import { ORIGIN_HEADER, PAGES_FALLBACK_HEADER } from '#lambdas/contracts/env.ts';
import { readDeploySettings } from '../common/deploy-settings.ts';
import { stackName as stackNameOf } from '../common/naming.ts';
import { cdkJsonContext, explainAwsError, OperatorError, PLACE_OPTIONS, runAsScript, UsageError } from './create-admin.ts';
import { awsPort } from './preflight/aws.ts';
import { keyValueStorePort, writeChallengeKeys, type ChallengeKeysPort } from './challenge-keys.ts';
import { signedTransport, type Transport } from './preflight/http.ts';

export type SecretKind = 'order-link' | 'origin';

/** How long the previous value stays accepted, by default: order links sit in mailboxes; CloudFront switches within the command. */
export const DEFAULT_OVERLAP_HOURS: Readonly<Record<SecretKind, number>> = { 'order-link': 30 * 24, origin: 24 };
/** The generated values' lengths, as the stack generates them (letters and digits). */
const VALUE_LENGTH: Readonly<Record<SecretKind, number>> = { 'order-link': 64, origin: 48 };
/** What the functions need to read a new value: their cache, and a minute more. */
export const FUNCTIONS_CATCH_UP_MS = (SECRET_CACHE_SECONDS + 60) * 1000;

export const USAGE = `Usage: npm run rotate-secret -- <order-link|origin> [options]

Gives the stage's order-link key or origin secret a new value without downtime.
  order-link  new links use the new key; links already e-mailed keep working for the overlap
  origin      the functions accept old and new, CloudFront switches to the new, the old is dropped
              (takes about 10-20 minutes: the functions' 5-minute cache, then CloudFront's deploy)

Options:
  --overlap-hours <n>  how long the previous value stays accepted (default: order-link 720, origin 24)
  --stage <name>       stage of the deployed stack JoiasInox-<stage> (default: context "stage" of cdk.json, else prod)
  --region <region>    AWS region (default: context "region" of cdk.json, else AWS_REGION, else eu-west-1)
  -h, --help           this text`;

export interface RotateOptions {
  readonly kind: SecretKind;
  readonly overlapHours: number;
  readonly stackName: string;
  readonly region: string;
}

export function parseRotateArgs(
  argv: readonly string[],
  context = cdkJsonContext(),
  env: NodeJS.ProcessEnv = process.env,
): RotateOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: { ...PLACE_OPTIONS, 'overlap-hours': { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const kind = positionals[0];
  if (positionals.length !== 1 || (kind !== 'order-link' && kind !== 'origin'))
    throw new UsageError('Name one secret: order-link or origin.');
  const overlapHours = values['overlap-hours'] === undefined ? DEFAULT_OVERLAP_HOURS[kind] : Number(values['overlap-hours']);
  if (!Number.isFinite(overlapHours) || overlapHours < 1) throw new UsageError('--overlap-hours must be a number of hours, at least 1.');
  const settings = readDeploySettings((key) => (key === 'stage' && values.stage !== undefined ? values.stage : context(key)), {
    CDK_DEFAULT_REGION: env.AWS_REGION ?? env.AWS_DEFAULT_REGION,
  });
  return { kind, overlapHours, stackName: stackNameOf(settings.stage), region: values.region ?? settings.region };
}

/** Where the secret is kept (Secrets Manager: the SDK's client). */
export interface SecretPort {
  get(): Promise<RotatingSecret>;
  put(secret: RotatingSecret): Promise<void>;
}

/** What sends the origin secret to the API (CloudFront's origin custom headers; the twin's front door). */
export interface EdgePort {
  /** The value the edge sends now, if it is one of `candidates`. */
  sends(candidates: readonly string[]): Promise<string | undefined>;
  /** Replaces `from` by `to` in every origin header and waits until the edge sends `to`. */
  switchOrigin(from: string, to: string): Promise<void>;
}

export interface RotationDeps {
  readonly secret: SecretPort;
  /** Needed for the origin secret. */
  readonly edge?: EdgePort;
  /** Needed for the order-link key: where the edge checks the challenges' signatures. */
  readonly challengeKeys?: ChallengeKeysPort;
  /** Waits until the warm functions have read the secret again ({@link FUNCTIONS_CATCH_UP_MS}). */
  readonly waitForFunctions: () => Promise<void>;
  readonly now?: () => Date;
  readonly newValue?: (kind: SecretKind) => string;
  readonly log?: (line: string) => void;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new value of `kind`'s length, letters and digits (as the stack generates them). */
export function generateSecretValue(kind: SecretKind): string {
  return Array.from({ length: VALUE_LENGTH[kind] }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

/** Rotates the secret of `kind`; answers the secret as it was left. */
export async function rotateSecret(kind: SecretKind, overlapHours: number, deps: RotationDeps): Promise<RotatingSecret> {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? console.log;
  const secret = await deps.secret.get();
  const open = secret.previous !== undefined && secret.previousUntil !== undefined && Date.parse(secret.previousUntil) > now().getTime();
  if (kind === 'order-link') {
    if (open) {
      throw new OperatorError(
        `The previous order-link key is still accepted until ${secret.previousUntil}: ` +
          `rotating again now would refuse the links made with it at once. ` +
          'Run this again after that time.',
      );
    }
    if (!deps.challengeKeys) throw new Error("Rotating the order-link key needs the edge's KeyValueStore");
    const next: RotatingSecret = {
      current: (deps.newValue ?? generateSecretValue)(kind),
      previous: secret.current,
      previousUntil: new Date(now().getTime() + overlapHours * 3_600_000).toISOString(),
    };
    // The edge first: it must accept the new key's challenges before any function hands one out.
    await writeChallengeKeys(deps.challengeKeys, next, now());
    await deps.secret.put(next);
    log(
      `New order-link key in place: new links use it within ${SECRET_CACHE_SECONDS / 60} ` +
        `minutes; links already e-mailed keep working until ${next.previousUntil}.`,
    );
    return next;
  }
  return rotateOrigin(secret, open, overlapHours, { ...deps, now, log });
}

async function rotateOrigin(
  secret: RotatingSecret,
  open: boolean,
  overlapHours: number,
  deps: RotationDeps & { now: () => Date; log: (line: string) => void },
): Promise<RotatingSecret> {
  const edge = deps.edge;
  if (!edge) throw new Error('Rotating the origin secret needs the edge (CloudFront)');
  const sent = await edge.sends(open ? [secret.current, secret.previous!] : [secret.current]);
  if (!sent) {
    throw new OperatorError(
      "CloudFront does not send the origin secret's value: the secret or the distribution was changed by " +
        "hand. Deploy again (`npm run deploy`) so CloudFront takes the secret's current value, then rotate.",
    );
  }
  // Carrying on a rotation stopped halfway, the new value is already in place (CloudFront may send it already).
  let rotated = secret;
  if (!open) {
    rotated = {
      current: (deps.newValue ?? generateSecretValue)('origin'),
      previous: secret.current,
      previousUntil: new Date(deps.now().getTime() + overlapHours * 3_600_000).toISOString(),
    };
    await deps.secret.put(rotated);
    deps.log(`1/4 New origin secret in place; the functions accept the old and the new one until ${rotated.previousUntil}.`);
  }
  if (sent !== rotated.current) {
    deps.log(`2/4 Waiting ${Math.round(FUNCTIONS_CATCH_UP_MS / 60_000)} minutes for every warm function to read it…`);
    await deps.waitForFunctions();
    deps.log('3/4 Switching CloudFront to the new value and waiting for its deploy (often 5-15 minutes)…');
    await edge.switchOrigin(sent, rotated.current);
  }
  const done: RotatingSecret = { current: rotated.current };
  await deps.secret.put(done);
  deps.log('4/4 CloudFront sends the new origin secret; the old one is dropped (the functions refuse it within 5 minutes).');
  return done;
}

/** The secret in Secrets Manager, through the SDK's client. */
export function secretsManagerPort(client: SecretsManagerClient, secretId: string): SecretPort {
  return {
    async get() {
      const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
      const secret = answer.SecretString?.startsWith('{') ? parseRotatingSecret(answer.SecretString) : undefined;
      if (typeof secret?.current !== 'string' || !secret.current)
        throw new OperatorError(
          `The secret ${secretId} is not JSON with a "current" value: set it with the console to {"current":"<its value>"} first.`,
        );
      return secret;
    },
    async put(secret) {
      await client.send(new PutSecretValueCommand({ SecretId: secretId, SecretString: JSON.stringify(secret) }));
    },
  };
}

const CLOUDFRONT = { service: 'cloudfront', region: 'us-east-1', host: 'cloudfront.amazonaws.com' } as const;
/** The origin headers that carry the secret's value (`web.ts`). */
const HEADERS_WITH_SECRET = [ORIGIN_HEADER, PAGES_FALLBACK_HEADER];

/** The `<HeaderValue>` of every origin header of `config` that carries the secret. */
function secretHeaderValues(config: string): string[] {
  return [
    ...config.matchAll(
      /<OriginCustomHeader>\s*<HeaderName>([^<]*)<\/HeaderName>\s*<HeaderValue>([^<]*)<\/HeaderValue>\s*<\/OriginCustomHeader>/g,
    ),
  ]
    .filter((m) => HEADERS_WITH_SECRET.includes(m[1]!.toLowerCase()))
    .map((m) => m[2]!);
}

/** CloudFront's distribution (its REST API, signed with the operator's credentials). */
export function cloudFrontPort(
  distributionId: string,
  transport: Transport = signedTransport(),
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): EdgePort {
  const path = `/2020-05-31/distribution/${encodeURIComponent(distributionId)}`;
  const call = async (method: 'GET' | 'PUT', suffix: string, headers?: Record<string, string>, body?: string) => {
    const answer = await transport({
      ...CLOUDFRONT,
      method,
      path: `${path}${suffix}`,
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    if (answer.status >= 300)
      throw new OperatorError(`CloudFront answered ${answer.status} to ${method} ${path}${suffix}: ${answer.body.slice(0, 300)}`);
    return answer;
  };
  return {
    async sends(candidates) {
      const values = new Set(secretHeaderValues((await call('GET', '/config')).body));
      return values.size === 1 ? candidates.find((c) => values.has(c)) : undefined;
    },
    async switchOrigin(from, to) {
      const config = await call('GET', '/config');
      const updated = config.body.replaceAll(`<HeaderValue>${from}</HeaderValue>`, `<HeaderValue>${to}</HeaderValue>`);
      if (secretHeaderValues(updated).some((v) => v !== to))
        throw new OperatorError("CloudFront's origin headers do not all carry the old value; nothing changed.");
      await call('PUT', '/config', { 'content-type': 'text/xml', 'if-match': config.headers.etag ?? '' }, updated);
      for (let tries = 0; !/<Status>Deployed<\/Status>/.test((await call('GET', '')).body); tries++) {
        if (tries >= 120)
          throw new OperatorError('CloudFront has not finished deploying after 40 minutes; run this again later to finish the rotation.');
        await sleep(20_000);
      }
    },
  };
}

/** Rotates the secret of the deployed stack. */
export async function runRotate(options: RotateOptions, log: (line: string) => void = console.log): Promise<void> {
  const place = { region: options.region, stackName: options.stackName, actions: [] };
  let outputs: Record<string, string | undefined>;
  try {
    const answer = await awsPort(options.region).describeStacks(options.region, options.stackName);
    outputs = Object.fromEntries((answer.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue]));
  } catch (error) {
    throw new OperatorError(explainAwsError(error, place), { cause: error });
  }
  const secretId = outputs[options.kind === 'origin' ? 'OriginSecretArn' : 'OrderLinkSecretArn'];
  if (!secretId || !outputs.DistributionId)
    throw new OperatorError(`Stack ${options.stackName} has no secret outputs: deploy this version of the shop first.`);
  if (options.kind === 'order-link' && !outputs.ChallengeKeysStoreArn)
    throw new OperatorError(`Stack ${options.stackName} has no ChallengeKeysStoreArn output: deploy this version of the shop first.`);
  const client = new SecretsManagerClient({ region: options.region });
  const challengeKeys = outputs.ChallengeKeysStoreArn ? keyValueStorePort(outputs.ChallengeKeysStoreArn) : undefined;
  try {
    await rotateSecret(options.kind, options.overlapHours, {
      secret: secretsManagerPort(client, secretId),
      edge: cloudFrontPort(outputs.DistributionId),
      ...(challengeKeys ? { challengeKeys } : {}),
      waitForFunctions: () => new Promise((resolve) => setTimeout(resolve, FUNCTIONS_CATCH_UP_MS)),
      log,
    });
  } finally {
    client.destroy();
    challengeKeys?.close();
  }
}

await runAsScript(import.meta.url, { name: 'rotate-secret', usage: USAGE, parse: parseRotateArgs, run: runRotate });
