/**
 * DynamoDB Local's class archive (Java's class data sharing, CDS): the classes one run loads, written
 * once a machine by a JVM that ran the calls a twin makes, then mapped by every later start instead of
 * loaded and verified one by one. A start listens about 1 s sooner and spends about 1 CPU-second less
 * (docs/testing.md#ci: a CI run starts about 34 twins). The archive only speeds the loading: the same
 * jars run, and a class it lacks loads as before. It is named by `java -version`, so another Java makes
 * its own; Java refuses one made by another build and then starts without it.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import {
  CreateTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './bootstrap.ts';
import { HOST, childListening, freePort, type Child } from './processes.ts';

/** How long the archiving JVM may take to write the archive once asked to stop. */
const WRITE_TIMEOUT_MS = 60_000;

/** What a twin asks of DynamoDB Local: a table with an index, a stream and expiring items; writes, reads, a transaction, the stream. */
async function workload(endpoint: string): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const config = { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const db = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const TableName = 'archive-training';
  const S = (value: string): AttributeValue => ({ S: value });
  try {
    const { TableDescription } = await db.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi', AttributeType: 'S' },
        ],
        GlobalSecondaryIndexes: [
          { IndexName: 'byGsi', KeySchema: [{ AttributeName: 'gsi', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
        ],
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    await db.send(
      new PutItemCommand({
        TableName,
        Item: { pk: S('a'), sk: S('1'), gsi: S('g'), n: { N: '1' } },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await db.send(
      new UpdateItemCommand({
        TableName,
        Key: { pk: S('a'), sk: S('1') },
        UpdateExpression: 'ADD n :one',
        ExpressionAttributeValues: { ':one': { N: '1' } },
      }),
    );
    await db.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName, Item: { pk: S('b'), sk: S('1'), gsi: S('g') } } },
          {
            ConditionCheck: {
              TableName,
              Key: { pk: S('a'), sk: S('1') },
              ConditionExpression: 'n > :zero',
              ExpressionAttributeValues: { ':zero': { N: '0' } },
            },
          },
        ],
      }),
    );
    await db.send(
      new QueryCommand({ TableName, IndexName: 'byGsi', KeyConditionExpression: 'gsi = :g', ExpressionAttributeValues: { ':g': S('g') } }),
    );
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: TableDescription!.LatestStreamArn! }));
    const ShardId = StreamDescription!.Shards![0]!.ShardId!;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: TableDescription!.LatestStreamArn!, ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    await streams.send(new GetRecordsCommand({ ShardIterator }));
  } finally {
    db.destroy();
    streams.destroy();
  }
}

/**
 * Makes the archive: a JVM started by `launch` with `-XX:ArchiveClassesAtExit` runs the workload and
 * is asked to stop, and writes the archive as it exits; written under a name of its own and renamed
 * into place only once the JVM has exited by itself (a half-written archive crashes the JVM that maps
 * it). On any failure the twins start without an archive, as before.
 */
export async function makeClassArchive(archive: string, launch: (port: number, jvm: readonly string[]) => Child): Promise<void> {
  const partial = `${archive}.${process.pid}-${Date.now()}.partial`;
  try {
    const port = await freePort();
    const child = launch(port, [`-XX:ArchiveClassesAtExit=${partial}`]);
    await childListening(child, port, 'DynamoDB Local', 60_000);
    try {
      await workload(`http://${HOST}:${port}`);
    } finally {
      const exited = once(child.process, 'exit');
      child.process.kill('SIGTERM');
      const timer = setTimeout(() => child.process.kill('SIGKILL'), WRITE_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    const ended = child.process.signalCode === null && existsSync(partial) && (await stat(partial)).size > 0;
    if (ended && !existsSync(archive)) await rename(partial, archive);
  } catch (error) {
    process.stderr.write(
      `DynamoDB Local's class archive was not made (twins start without it): ${error instanceof Error ? error.message : String(error)}\n`,
    );
  } finally {
    await rm(partial, { force: true });
  }
}
