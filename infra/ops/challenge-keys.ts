/**
 * The challenges' keys in the edge's KeyValueStore (`infra/common/edge-proof.ts`): the deploy writes
 * them from the order-link key as it is (`npm run deploy`, once every stack is deployed), and the
 * order-link key's rotation writes the new and the previous pair before the functions sign with the
 * new key (`rotate-secret.ts`), so the edge accepts what the functions hand out. Never in the template:
 * the KeyValueStore API (`cloudfront-keyvaluestore`, signed with SigV4A), each write naming the store's
 * ETag (`IfMatch`), tried again when another write came between.
 */
import '@smithy/signature-v4a';
import { CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand, PutKeyCommand } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseRotatingSecret, type RotatingSecret } from '#lambdas/repositories/secrets.ts';
import { CHALLENGE_KEYS_ENTRY, challengeKeysEntry } from '../common/edge-proof.ts';
import { explainAwsError, OperatorError } from './create-admin.ts';
import { awsPort } from './preflight/aws.ts';

/** Where the edge keeps the keys (the cloud's KeyValueStore; the twin's stand-in). */
export interface ChallengeKeysPort {
  /** Replaces the entry's value. */
  put(value: string): Promise<void>;
}

/** Writes the keys of the order-link key `secret` as it is at `now` (its previous key while the overlap lasts). */
export function writeChallengeKeys(port: ChallengeKeysPort, secret: RotatingSecret, now = new Date()): Promise<void> {
  return port.put(challengeKeysEntry(secret, now));
}

/** The KeyValueStore `kvsArn`, through the SDK's client (`DescribeKeyValueStore` for the ETag, then `PutKey`). */
export function keyValueStorePort(
  kvsArn: string,
  client = new CloudFrontKeyValueStoreClient({ region: 'us-east-1' }),
): ChallengeKeysPort & { close(): void } {
  return {
    async put(value) {
      for (let tries = 1; ; tries++) {
        const { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
        try {
          await client.send(new PutKeyCommand({ KvsARN: kvsArn, Key: CHALLENGE_KEYS_ENTRY, Value: value, IfMatch: ETag }));
          return;
        } catch (error) {
          // Another write changed the store since its ETag was read: read it again.
          if (tries >= 3 || !/Conflict|PreconditionFailed/.test((error as Error).name)) throw error;
        }
      }
    },
    close: () => client.destroy(),
  };
}

/** After a deploy: the stack's KeyValueStore gets the keys of its order-link key as it is now. */
export async function writeDeployedChallengeKeys(
  region: string,
  stackName: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  const place = { region, stackName, actions: [] };
  const secrets = new SecretsManagerClient({ region });
  let kvs: ReturnType<typeof keyValueStorePort> | undefined;
  try {
    const answer = await awsPort(region).describeStacks(region, stackName);
    const outputs = Object.fromEntries((answer.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue]));
    if (!outputs.ChallengeKeysStoreArn || !outputs.OrderLinkSecretArn)
      throw new OperatorError(`Stack ${stackName} has no ChallengeKeysStoreArn output: deploy this version of the shop first.`);
    const text = (await secrets.send(new GetSecretValueCommand({ SecretId: outputs.OrderLinkSecretArn }))).SecretString ?? '';
    kvs = keyValueStorePort(outputs.ChallengeKeysStoreArn);
    await writeChallengeKeys(kvs, parseRotatingSecret(text));
    log('As chaves da prova de trabalho estão no KeyValueStore do CloudFront: a borda recusa as provas forjadas ou expiradas.');
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    throw new OperatorError(explainAwsError(error, place), { cause: error });
  } finally {
    secrets.destroy();
    kvs?.close();
  }
}
