/**
 * The twin's Secrets Manager: none of the local services has one, so this small server speaks the part
 * of Secrets Manager's API the shop uses (JSON 1.1 protocol, `X-Amz-Target: secretsmanager.<Action>`),
 * to the functions' signed reads (`lambdas/repositories/secrets.ts`) and to the SDK's own client
 * (`@aws-sdk/client-secrets-manager`, the operator's `npm run rotate-secret`), both by endpoint
 * override (`AWS_ENDPOINT_URL_SECRETS_MANAGER`):
 *
 * - `GetSecretValue` (by name or ARN; `VersionStage` `AWSCURRENT`, the default, or `AWSPREVIOUS`),
 * - `PutSecretValue` (a new version becomes `AWSCURRENT`, the one before it `AWSPREVIOUS`),
 * - `DescribeSecret`.
 *
 * Like AWS it refuses a request that is not signed with Signature V4 for `secretsmanager`, and answers an
 * unknown secret with `ResourceNotFoundException` (it checks the form of the signature, holding no key to check it with). Which function
 * may read which secret is IAM's business: the twin checks that where the function reads (`infra/twin/function-scope.ts`), as it
 * checks presigned links. The secrets are kept in `secrets.json` of the twin's data (mode 600).
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { LOCAL_REGION } from './bootstrap.ts';
import { HOST, listen } from './processes.ts';

const ACCOUNT = '000000000000';

/** The ARN of a secret of the twin (the twin's region and account). */
export const localSecretArn = (name: string): string => `arn:aws:secretsmanager:${LOCAL_REGION}:${ACCOUNT}:secret:${name}`;

interface Version {
  readonly id: string;
  readonly value: string;
  readonly created: number;
  stages: string[];
}

interface StoredSecret {
  readonly name: string;
  readonly arn: string;
  versions: Version[];
}

export interface SecretsLocal {
  readonly endpoint: string;
  /** The ARN of a secret the twin made (`ensure`). */
  arnOf(name: string): string;
  /** Makes the secret with `value` unless it exists (then its value stays); answers its ARN. */
  ensure(name: string, value: () => string): Promise<string>;
  /** Gives the secret a new current value (what `PutSecretValue` does). */
  put(name: string, value: string): Promise<void>;
  /** The secret's current value. */
  current(name: string): string;
  stop(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

type Actions = Record<string, (input: Record<string, unknown>) => Promise<object> | object>;

/** The secrets in memory (and in `file`): finding one, giving it a new current version. */
class Store {
  readonly secrets = new Map<string, StoredSecret>();

  constructor(private readonly file?: string) {}

  async load(): Promise<void> {
    if (!this.file) return;
    const kept = JSON.parse(await readFile(this.file, 'utf8').catch(() => '[]')) as StoredSecret[];
    for (const secret of kept) this.secrets.set(secret.name, secret);
  }

  async save(): Promise<void> {
    if (this.file) await writeFile(this.file, JSON.stringify([...this.secrets.values()], null, 2), { mode: 0o600 });
  }

  find(id: unknown): StoredSecret {
    const secret = typeof id === 'string' ? [...this.secrets.values()].find((s) => s.name === id || s.arn === id) : undefined;
    if (!secret) throw new ApiError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return secret;
  }

  /** A new version labelled `AWSCURRENT`; the current one before it becomes `AWSPREVIOUS`. */
  putValue(secret: StoredSecret, value: string): Version {
    for (const version of secret.versions) version.stages = version.stages.filter((stage) => stage !== 'AWSPREVIOUS');
    for (const version of secret.versions) if (version.stages.includes('AWSCURRENT')) version.stages = ['AWSPREVIOUS'];
    const version: Version = { id: randomUUID(), value, created: Date.now() / 1000, stages: ['AWSCURRENT'] };
    // Versions without a label are dropped, as Secrets Manager eventually does.
    secret.versions = [...secret.versions.filter((v) => v.stages.length > 0), version];
    return version;
  }
}

/** The API's actions, as Secrets Manager answers them. */
function actionsOf(store: Store): Actions {
  return {
    GetSecretValue: (input) => {
      const secret = store.find(input.SecretId);
      const stage = typeof input.VersionStage === 'string' ? input.VersionStage : 'AWSCURRENT';
      const version =
        typeof input.VersionId === 'string'
          ? secret.versions.find((v) => v.id === input.VersionId)
          : secret.versions.find((v) => v.stages.includes(stage));
      if (!version)
        throw new ApiError(
          'ResourceNotFoundException',
          `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
        );
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: version.id,
        SecretString: version.value,
        VersionStages: version.stages,
        CreatedDate: version.created,
      };
    },
    PutSecretValue: async (input) => {
      const secret = store.find(input.SecretId);
      if (typeof input.SecretString !== 'string' || !input.SecretString)
        throw new ApiError('InvalidParameterException', 'You must provide either SecretString or SecretBinary.');
      const version = store.putValue(secret, input.SecretString);
      await store.save();
      return { ARN: secret.arn, Name: secret.name, VersionId: version.id, VersionStages: version.stages };
    },
    DescribeSecret: (input) => {
      const secret = store.find(input.SecretId);
      return { ARN: secret.arn, Name: secret.name, VersionIdsToStages: Object.fromEntries(secret.versions.map((v) => [v.id, v.stages])) };
    },
  };
}

/** A Signature V4 authorization for Secrets Manager (its form: the twin holds no key to check the signature with). */
const SIGNED =
  /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[^/]+\/secretsmanager\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/;

/** One request: the action its `X-Amz-Target` names, or Secrets Manager's error answer. */
async function answer(actions: Actions, req: http.IncomingMessage, body: string): Promise<{ status: number; body: object }> {
  try {
    if (!SIGNED.test(String(req.headers.authorization ?? '')))
      throw new ApiError('MissingAuthenticationTokenException', 'Request is missing Authentication Token', 403);
    const target = String(req.headers['x-amz-target'] ?? '');
    const action =
      req.method === 'POST' && target.startsWith('secretsmanager.') ? actions[target.slice('secretsmanager.'.length)] : undefined;
    if (!action) throw new ApiError('UnknownOperationException', `Unknown operation ${target}`);
    return { status: 200, body: await action(JSON.parse(body || '{}') as Record<string, unknown>) };
  } catch (error) {
    const known = error instanceof ApiError ? error : new ApiError('InternalServiceError', String(error), 500);
    return { status: known.status, body: { __type: known.type, message: known.message } };
  }
}

/** The local Secrets Manager on a port the system chooses, keeping its secrets in `file` when given. */
export async function startSecretsLocal(file?: string): Promise<SecretsLocal> {
  const store = new Store(file);
  await store.load();
  const actions = actionsOf(store);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(actions, req, Buffer.concat(chunks).toString('utf8')).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID() });
        res.end(JSON.stringify(body));
      });
    });
  });
  const port = await listen(server);
  const arnOf = localSecretArn;
  return {
    endpoint: `http://${HOST}:${port}`,
    arnOf,
    async ensure(name, value) {
      if (!store.secrets.has(name)) {
        const secret: StoredSecret = { name, arn: arnOf(name), versions: [] };
        store.putValue(secret, value());
        store.secrets.set(name, secret);
        await store.save();
      }
      return arnOf(name);
    },
    async put(name, value) {
      store.putValue(store.find(name), value);
      await store.save();
    },
    current: (name) => store.find(name).versions.find((v) => v.stages.includes('AWSCURRENT'))!.value,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
