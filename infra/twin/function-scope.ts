/**
 * The twin's IAM (docs/design.md §24): in the cloud each route and job is its own function, which sees
 * only the environment variables and may call only the AWS actions its row's `grants` give it
 * (`infra/cloud/constructs/bind.ts`, from the tables of `infra/common/grants.ts`). The twin runs every handler in one process, so it runs
 * each call in the scope of its row (AsyncLocalStorage) and enforces the same two things there:
 *
 * - **Environment:** a variable that some grant brings reads as unset unless this row's grants bring
 *   it (the origin secret's ARN only in API functions), so `tableName('orders')` fails in a function that
 *   was not given the orders table, as it would in AWS.
 * - **Actions:** a middleware on the shared DynamoDB, S3 and SES clients checks each call (every item
 *   of a transaction or batch) against the actions `bind.ts` grants for the row, and refuses like IAM
 *   does (`AccessDeniedException`); so does a check of each presigned link (`signed-s3.ts`:
 *   `s3:GetObject`, or `s3:PutObject` for a write, which S3 checks when the link is used) and of each
 *   secret read (`secrets.ts`: `secretsmanager:GetSecretValue` on the function's own secrets only).
 * - **Time:** an invocation given a `deadline` (the gateway's timeout) is stopped then, as Lambda
 *   stops it: each later call (and each retry of a call under way) is refused. Outside
 *   any scope (bootstrap, seeding, tests calling a handler
 *   directly) nothing is restricted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Grant } from '#lambdas/route-grants.ts';
import { buckets, tables, type BucketKey, type TableKey } from '#lambdas/contracts/data-model.ts';
import { INVOICING_ENV, ORDER_LINK_ENV, ORIGIN_ENV, PAYMENT_KEYS_ENV } from '#lambdas/contracts/env.ts';
import { ddb } from '#lambdas/repositories/dynamodb-client.ts';
import { s3 } from '#lambdas/repositories/s3-client.ts';
import { onPresign } from '#lambdas/repositories/signed-s3.ts';
import { onSecretRead, onSecretWrite } from '#lambdas/repositories/secrets.ts';
import { ses } from '#lambdas/repositories/ses-client.ts';
import {
  BUCKET_DELETE_ACTIONS,
  BUCKET_LIST_ACTIONS,
  BUCKET_PUT_ACTIONS,
  BUCKET_READ_OBJECT_ACTIONS,
  MAIL_ACTIONS,
  SECRET_READ_ACTIONS,
  SECRET_WRITE_ACTIONS,
  SENDER_IDENTITY_ACTIONS,
  SES_ACCOUNT_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_DELETE_ACTIONS,
  TABLE_WRITE_ACTIONS,
  envVarsOf,
} from '../common/grants.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

export interface FunctionScope {
  /** The route key or job name, for the refusal's message. */
  readonly name: string;
  readonly grants: readonly Grant[];
  /** An API function (it gets the origin secret); a job does not. */
  readonly api: boolean;
  /**
   * When the invocation's time is up (epoch ms). Lambda stops a timed-out invocation: nothing it had
   * not sent before then happens afterwards. The twin runs the handler on in its one process, so from
   * then on every SDK call of this invocation (and each retry of a call already under way) is refused.
   */
  readonly deadline?: number;
}

/** What a call of an invocation past its deadline meets: Lambda had stopped it. */
export class InvocationStopped extends Error {
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
  constructor(scope: FunctionScope, action: string) {
    super(`${scope.name}: the invocation timed out (Lambda stops it); its later call ${action} never reaches AWS`);
    this.name = 'InvocationStopped';
  }
}

/** Refuses any call of an invocation whose deadline has passed. */
function assertAlive(scope: FunctionScope, action: string): void {
  if (scope.deadline !== undefined && Date.now() >= scope.deadline) throw new InvocationStopped(scope, action);
}

const current = new AsyncLocalStorage<FunctionScope>();

/**
 * Runs the `handler` of the consumer module `lambdas/consumers/<module>.ts` with `event`, as the
 * function of `row` (its environment and grants only), the way Lambda runs an asynchronous invocation
 * (an S3 notification, an SNS subscription): a failed run is tried twice more, then given up (logged).
 */
export async function invokeAsync<E>(
  row: { readonly name: string; readonly handler: string; readonly grants: readonly Grant[] },
  event: E,
): Promise<void> {
  const file = pathToFileURL(join(REPO_ROOT, 'lambdas', 'consumers', `${row.handler}.ts`)).href;
  const { handler } = (await import(file)) as { handler: (event: E) => Promise<void> };
  for (let attempt = 1; ; attempt++) {
    try {
      return await asFunction({ name: row.name, grants: row.grants, api: false }, () => handler(event));
    } catch (error) {
      if (attempt === 3) return console.error(`${row.name} failed:`, error);
    }
  }
}

/** Runs `work` as the function of one row: its environment and its actions only. */
export function asFunction<T>(scope: FunctionScope, work: () => Promise<T>): Promise<T> {
  installFunctionScopes();
  return current.run(scope, work);
}

const everyGrant: Grant[] = [
  ...(Object.keys(tables) as TableKey[]).map((table) => ({ table, access: 'readWrite' as const, delete: true as const })),
  ...(Object.keys(buckets) as BucketKey[]).map((bucket) => ({ bucket, access: 'readWrite' as const })),
  { mail: true },
  { senderIdentity: true },
  { sesAccount: true },
  { config: 'shopUrl' },
  { orderLinks: true },
  { paymentKeys: true },
  { invoicingKey: true },
];
/** What a grant brings in the twin: the cloud's variables, and with the payment keys the local provider's endpoint. */
const twinEnvVarsOf = (grant: Grant): string[] => [
  ...envVarsOf(grant),
  ...('paymentKeys' in grant ? [PAYMENT_KEYS_ENV.endpoint] : []),
  ...('invoicingKey' in grant ? [INVOICING_ENV.endpoint] : []),
];
/** Every variable some grant brings: these are the ones a scope hides unless its grants bring them. */
const GRANTED_ENV = new Set([...everyGrant.flatMap(twinEnvVarsOf), ORIGIN_ENV.secretArn]);

const allowedEnvCache = new WeakMap<FunctionScope, Set<string>>();
function allowedEnv(scope: FunctionScope): Set<string> {
  let allowed = allowedEnvCache.get(scope);
  if (!allowed) {
    allowed = new Set([...scope.grants.flatMap(twinEnvVarsOf), ...(scope.api ? [ORIGIN_ENV.secretArn] : [])]);
    allowedEnvCache.set(scope, allowed);
  }
  return allowed;
}

/** The IAM actions and resources a row's grants allow, as `bind.ts` writes them. */
function allows(scope: FunctionScope, action: string, resource: { table?: string; bucket?: string; key?: string; mail?: true }): boolean {
  return scope.grants.some((grant) => {
    if ('table' in grant && resource.table === physicalTable(grant.table)) {
      const read = grant.access !== 'write' && (TABLE_READ_ACTIONS as readonly string[]).includes(action);
      const write = grant.access !== 'read' && (TABLE_WRITE_ACTIONS as readonly string[]).includes(action);
      const remove = grant.access !== 'read' && grant.delete === true && (TABLE_DELETE_ACTIONS as readonly string[]).includes(action);
      return read || write || remove;
    }
    if ('bucket' in grant && resource.bucket === physicalBucket(grant.bucket)) {
      // A grant under a prefix reaches only the objects under it (and no listing of the bucket). S3 keys
      // are literal, but the local S3 keeps objects as files: a `.` or `..` segment would climb out.
      if (
        grant.prefix !== undefined &&
        (!(resource.key ?? '').startsWith(grant.prefix) || (resource.key ?? '').split('/').some((s) => s === '.' || s === '..'))
      )
        return false;
      const read =
        !['put', 'delete'].includes(grant.access) && [...BUCKET_READ_OBJECT_ACTIONS, ...BUCKET_LIST_ACTIONS].includes(action as never);
      const put =
        ['put', 'readWrite', 'readWriteDelete'].includes(grant.access) && (BUCKET_PUT_ACTIONS as readonly string[]).includes(action);
      const remove =
        ['readDelete', 'readWriteDelete', 'delete'].includes(grant.access) && (BUCKET_DELETE_ACTIONS as readonly string[]).includes(action);
      return read || put || remove;
    }
    if ('senderIdentity' in grant) return resource.mail === true && (SENDER_IDENTITY_ACTIONS as readonly string[]).includes(action);
    if ('sesAccount' in grant) return resource.mail === true && (SES_ACCOUNT_ACTIONS as readonly string[]).includes(action);
    return 'mail' in grant && resource.mail === true && (MAIL_ACTIONS as readonly string[]).includes(action);
  });
}

// Physical names come from the real environment (outside any scope), as the stack knows them.
let realEnv: NodeJS.ProcessEnv = process.env;
const physicalTable = (key: TableKey) => realEnv[tables[key].envVar];
const physicalBucket = (key: BucketKey) => realEnv[buckets[key].envVar];

class AccessDenied extends Error {
  readonly $fault = 'client';
  readonly $metadata = { httpStatusCode: 400 };
  constructor(scope: FunctionScope, action: string, resource: string) {
    super(
      `User: arn:aws:sts::local:assumed-role/${scope.name} is not authorized to perform: ${action} ` +
        `on resource: ${resource} because no identity-based policy allows the ${action} action`,
    );
    this.name = 'AccessDeniedException';
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SDK command's input, of any of its commands
type Input = Record<string, any>;

/** The (action, table) pairs one DynamoDB call needs, as IAM evaluates them. */
function dynamoActions(command: string, input: Input): [string, string][] {
  const op = command.replace(/Command$/, '');
  switch (op) {
    case 'TransactWriteItems':
      return (input.TransactItems as Input[]).map((item) => {
        const [kind, body] = Object.entries(item)[0] as [string, Input];
        const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind] ?? kind;
        return [`dynamodb:${action}`, String(body.TableName)];
      });
    case 'TransactGetItems':
      return (input.TransactItems as Input[]).map((item) => ['dynamodb:GetItem', String(item.Get?.TableName)]);
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys(input.RequestItems ?? {}).map((table) => [`dynamodb:${op}`, table]);
    default:
      return [[`dynamodb:${op}`, String(input.TableName)]];
  }
}

const S3_ACTIONS: Record<string, string> = {
  GetObject: 's3:GetObject',
  HeadObject: 's3:GetObject',
  PutObject: 's3:PutObject',
  ListObjectsV2: 's3:ListBucket',
  // A copy is a PutObject of the target (and a GetObject of the source, checked below).
  CopyObject: 's3:PutObject',
  DeleteObject: 's3:DeleteObject',
  DeleteObjects: 's3:DeleteObject',
};

function check(service: 'dynamodb' | 's3' | 'ses', command: string, input: Input): void {
  const scope = current.getStore();
  if (!scope) return;
  assertAlive(scope, `${service}:${command.replace(/Command$/, '')}`);
  if (service === 'dynamodb') {
    for (const [action, table] of dynamoActions(command, input)) {
      if (!allows(scope, action, { table })) throw new AccessDenied(scope, action, `table/${table}`);
    }
  } else if (service === 's3') {
    const op = command.replace(/Command$/, '');
    const action = S3_ACTIONS[op] ?? `s3:${op}`;
    // DeleteObjects is a DeleteObject of each key it names.
    const objects = (input.Delete as { Objects?: { Key?: string }[] } | undefined)?.Objects;
    for (const key of objects ? objects.map((o) => o.Key ?? '') : [String(input.Key ?? '')]) {
      if (!allows(scope, action, { bucket: String(input.Bucket), key })) throw new AccessDenied(scope, action, `${input.Bucket}/${key}`);
    }
    if (op === 'CopyObject') {
      const source = String(input.CopySource ?? '')
        .replace(/^\//, '')
        .split('/')[0];
      const sourceKey = String(input.CopySource ?? '')
        .replace(/^\//, '')
        .split('/')
        .slice(1)
        .join('/');
      if (!allows(scope, 's3:GetObject', { bucket: source, key: decodeURIComponent(sourceKey) }))
        throw new AccessDenied(scope, 's3:GetObject', String(input.CopySource));
    }
  } else {
    const action = `ses:${command.replace(/Command$/, '')}`;
    if (!allows(scope, action, { mail: true })) throw new AccessDenied(scope, action, 'identity');
  }
}

/**
 * `secretsmanager:GetSecretValue` on one secret (by ARN or name), as `bind.ts` and `api.ts` grant it:
 * the origin secret to every API function, the order-link key with the `orderLinks` grant, the payment
 * provider's keys with the `paymentKeys` grant.
 */
function checkSecretRead(secretId: string): void {
  const scope = current.getStore();
  if (!scope) return;
  const action = SECRET_READ_ACTIONS[0];
  assertAlive(scope, action);
  const named = (envVar: string) => {
    const arn = realEnv[envVar];
    return arn !== undefined && (secretId === arn || arn.endsWith(`:secret:${secretId}`));
  };
  const granted =
    (scope.api && named(ORIGIN_ENV.secretArn)) ||
    (scope.grants.some((g) => 'orderLinks' in g) && named(ORDER_LINK_ENV.secretArn)) ||
    (scope.grants.some((g) => 'paymentKeys' in g) && named(PAYMENT_KEYS_ENV.secretArn)) ||
    (scope.grants.some((g) => 'invoicingKey' in g) && named(INVOICING_ENV.secretArn));
  if (!granted) throw new AccessDenied(scope, action, secretId);
}

/** `secretsmanager:PutSecretValue`: only on the payment provider's keys, with the `paymentKeys` grant's `write` (`bind.ts`). */
function checkSecretWrite(secretId: string): void {
  const scope = current.getStore();
  if (!scope) return;
  const action = SECRET_WRITE_ACTIONS[0];
  assertAlive(scope, action);
  const named = (envVar: string) => {
    const arn = realEnv[envVar];
    return arn !== undefined && (secretId === arn || arn.endsWith(`:secret:${secretId}`));
  };
  const granted =
    (named(PAYMENT_KEYS_ENV.secretArn) && scope.grants.some((g) => 'paymentKeys' in g && 'write' in g)) ||
    (named(INVOICING_ENV.secretArn) && scope.grants.some((g) => 'invoicingKey' in g && 'write' in g));
  if (!granted) throw new AccessDenied(scope, action, secretId);
}

/** An SDK client's middleware stack, as far as adding one middleware goes. */
interface Stack {
  add(middleware: never, options: never): void;
}

function guard(stack: Stack, service: 'dynamodb' | 's3' | 'ses'): void {
  const middleware =
    (next: (args: { input?: unknown }) => Promise<unknown>, context: { commandName?: string }) => async (args: { input?: unknown }) => {
      check(service, String(context.commandName ?? ''), (args.input ?? {}) as Input);
      return next(args);
    };
  stack.add(middleware as never, { step: 'initialize', name: 'twinFunctionScope', priority: 'high', override: true } as never);
  // After the retry middleware: each attempt (a retry sent after the deadline too) is checked again.
  const attempt = (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
    const scope = current.getStore();
    if (scope) assertAlive(scope, `${service}:${String(context.commandName ?? '').replace(/Command$/, '')}`);
    return next(args);
  };
  stack.add(attempt as never, { step: 'finalizeRequest', name: 'twinInvocationDeadline', priority: 'low', override: true } as never);
}

let installed = false;

/** Puts the environment proxy and the client middlewares in place, once per process. */
export function installFunctionScopes(): void {
  if (installed) return;
  installed = true;
  realEnv = process.env;
  const env = realEnv;
  process.env = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string' && GRANTED_ENV.has(name)) {
        const scope = current.getStore();
        if (scope && !allowedEnv(scope).has(name)) return undefined;
      }
      return Reflect.get(target, name);
    },
    // Writes go to the real environment as plain assignments (process.env refuses other descriptors).
    set(target, name, value) {
      (target as Record<string | symbol, unknown>)[name] = value;
      return true;
    },
    has(target, name) {
      if (typeof name === 'string' && GRANTED_ENV.has(name)) {
        const scope = current.getStore();
        if (scope && !allowedEnv(scope).has(name)) return false;
      }
      return Reflect.has(target, name);
    },
  });
  guard(ddb().middlewareStack, 'dynamodb');
  guard(s3().middlewareStack, 's3');
  guard(ses().middlewareStack, 'ses');
  // A presigned link is signed without the S3 client: S3 would refuse its use without s3:GetObject (s3:PutObject for a write).
  onPresign((operation, bucket, key) => check('s3', `${operation}Command`, { Bucket: bucket, Key: key }));
  // A secret is read without a client too (`repositories/secrets.ts`): IAM allows it only on the function's own secrets.
  onSecretRead(checkSecretRead);
  onSecretWrite(checkSecretWrite);
}
