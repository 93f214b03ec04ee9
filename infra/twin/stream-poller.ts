/**
 * The twin's event source mapping: polls DynamoDB Local's stream of a table (the Streams API, as the
 * Lambda service does for a mapping in the cloud) and hands each batch, in the Lambda event shape, to
 * the consumer's own handler module (`lambdas/consumers/<handler>.ts`). As configured in the cloud:
 * at most `batchSize` records per call, partial batch failures (`batchItemFailures`: the failed record
 * and the ones after it are retried), `retryAttempts` retries with a growing pause, then the record
 * goes to the dead-letter list (logged) and the shard moves on.
 *
 * Shards are read from their oldest record (`TRIM_HORIZON`) when the twin starts: with persistent data
 * a restart re-reads the last day's records, which the consumer ignores unless their item is still
 * waiting (a claim is conditional), so mail queued before a stop is sent after the start.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { StreamConsumer, StreamFilter } from '#lambdas/jobs.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './bootstrap.ts';
import { asFunction } from './function-scope.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

/** Records read per GetRecords call (as the Lambda service, which reads more than it hands over after filtering). */
const READ_LIMIT = 100;
/**
 * Pause between polls of a shard that had nothing new: the Lambda service's base rate, 4 polls a second
 * per shard ("Polling and batching streams", docs.aws.amazon.com/lambda/latest/dg/with-ddb.html). At
 * 150 ms an idle twin spent 12 % of a core polling (3,6 CPU-seconds in 30 s, DynamoDB Local's included),
 * and a test run keeps several twins alive (docs/testing.md#ci).
 */
const IDLE_POLL_MS = 250;
/** How often the stream's shard list is read again (DynamoDB Local closes shards and opens new ones). */
const SHARD_REFRESH_MS = 5_000;
const RETRY_BASE_MS = 200;

export interface StreamPoller {
  /** Records that exhausted their retries (the cloud's dead-letter queue). */
  readonly deadLetters: readonly DynamoDBRecord[];
  stop(): Promise<void>;
}

/** The record as a Lambda event source mapping delivers it (creation time in epoch seconds). */
function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName as DynamoDBRecord['eventName'],
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(dynamodb as DynamoDBRecord['dynamodb']),
      ...(ApproximateCreationDateTime ? { ApproximateCreationDateTime: Math.floor(ApproximateCreationDateTime.getTime() / 1000) } : {}),
    },
  };
}

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

/** Whether every attribute of `patterns` matches in `image`: a string among the values, a map matching its own patterns. */
function matchesImage(image: Image, patterns: StreamFilter['dynamodb']['NewImage']): boolean {
  return Object.entries(patterns).every(([name, pattern]) => {
    if ('S' in pattern) return pattern.S.includes(image[name]?.S ?? '\u0000');
    const map = image[name]?.M as Image | undefined;
    return map !== undefined && matchesImage(map, pattern.M);
  });
}

/** A consumer's event filter (`StreamFilter`: `{ dynamodb: { NewImage: { attr: { S: [values] } | { M: { ... } } } } }`). */
export function matchesFilter(record: DynamoDBRecord, filter: StreamFilter): boolean {
  const image = record.dynamodb?.NewImage;
  if (!image) return false;
  return matchesImage(image, filter.dynamodb.NewImage);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stream of one table and the consumer it feeds: its shards, each polled in turn, and what kept failing. */
class Poller {
  readonly deadLetters: DynamoDBRecord[] = [];
  readonly running = new Set<Promise<void>>();
  stopped = false;
  private readonly started = new Set<string>();
  private readonly closed = new Set<string>();

  constructor(
    private readonly consumer: StreamConsumer,
    private readonly handler: StreamHandler,
    private readonly streams: DynamoDBStreamsClient,
    private readonly streamArn: string,
    private readonly filter: StreamFilter | undefined,
  ) {}

  /** Calls the handler until the batch is done; answers after dead-lettering what kept failing. */
  private async deliver(batch: DynamoDBRecord[]): Promise<void> {
    const { consumer, handler } = this;
    let pending = batch;
    let attempt = 0;
    while (pending.length > 0 && !this.stopped) {
      let failedAt: number;
      try {
        // As its own function: its row's environment and grants only.
        const answer = await asFunction({ name: consumer.name, grants: consumer.grants, api: false }, () => handler({ Records: pending }));
        const failed = new Set(answer?.batchItemFailures?.map((failure) => failure.itemIdentifier) ?? []);
        failedAt = pending.findIndex((record) => failed.has(record.dynamodb?.SequenceNumber ?? ''));
      } catch (error) {
        console.error(`Stream consumer ${consumer.name} threw:`, error);
        failedAt = 0;
      }
      if (failedAt < 0) return;
      pending = pending.slice(failedAt);
      attempt++;
      if (attempt > consumer.retryAttempts) {
        console.error(
          `Stream consumer ${consumer.name}: record ${pending[0]!.eventID} dead-lettered after ${consumer.retryAttempts} retries`,
        );
        this.deadLetters.push(pending[0]!);
        pending = pending.slice(1);
        attempt = 0;
        continue;
      }
      await sleep(RETRY_BASE_MS * 2 ** (attempt - 1));
    }
  }

  /** Reads one shard from its oldest record to its end, handing the consumer its batches in order. */
  private async pollShard(shardId: string): Promise<void> {
    const { streams, streamArn, filter, consumer } = this;
    let last: string | undefined;
    const iteratorFrom = async () =>
      (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ...(last ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: last } : { ShardIteratorType: 'TRIM_HORIZON' }),
          }),
        )
      ).ShardIterator;
    let iterator = await iteratorFrom();
    while (iterator && !this.stopped) {
      let answer;
      try {
        answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: READ_LIMIT }));
      } catch (error) {
        // DynamoDB Local answers TrimmedDataAccess for a horizon iterator of a shard with no record
        // yet; an iterator also expires. Either way: a new iterator after the last record handled.
        const name = (error as { name?: string }).name;
        if (name !== 'TrimmedDataAccessException' && name !== 'ExpiredIteratorException') throw error;
        await sleep(IDLE_POLL_MS);
        iterator = await iteratorFrom();
        continue;
      }
      iterator = answer.NextShardIterator;
      const read = answer.Records ?? [];
      const records = read.map((record) => toLambdaRecord(record, streamArn)).filter((record) => !filter || matchesFilter(record, filter));
      for (let start = 0; start < records.length; start += consumer.batchSize)
        await this.deliver(records.slice(start, start + consumer.batchSize));
      if (read.length > 0) last = read.at(-1)!.dynamodb?.SequenceNumber ?? last;
      else await sleep(IDLE_POLL_MS);
    }
    this.closed.add(shardId);
  }

  /** Starts polling the shards not polled yet (a child shard once its parent is read to its end). */
  async refreshShards(): Promise<void> {
    const description = await this.streams.send(new DescribeStreamCommand({ StreamArn: this.streamArn }));
    for (const shard of description.StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      // A child shard starts once its parent is read to its end (records stay in order).
      if (this.started.has(id) || (shard.ParentShardId && this.started.has(shard.ParentShardId) && !this.closed.has(shard.ParentShardId)))
        continue;
      this.started.add(id);
      const run = this.pollShard(id)
        .catch((error: unknown) => {
          if (!this.stopped) console.error(`Stream consumer ${this.consumer.name}: shard ${id} stopped:`, error);
        })
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }
  }
}

export async function startStreamPoller(
  consumer: StreamConsumer,
  options: { readonly endpoint: string; readonly tableName: string; readonly filter?: Parameters<typeof matchesFilter>[1] },
): Promise<StreamPoller> {
  const client = { region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: options.endpoint };
  const tables = new DynamoDBClient(client);
  const streams = new DynamoDBStreamsClient(client);
  const table = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  const file = pathToFileURL(join(REPO_ROOT, 'lambdas', 'consumers', `${consumer.handler}.ts`)).href;
  const { handler } = (await import(file)) as { handler: StreamHandler };

  const poller = new Poller(consumer, handler, streams, streamArn, options.filter);
  await poller.refreshShards();
  const timer = setInterval(() => {
    if (!poller.stopped)
      poller.refreshShards().catch((error: unknown) => console.error(`Stream consumer ${consumer.name}: shard list failed:`, error));
  }, SHARD_REFRESH_MS);
  timer.unref();

  return {
    deadLetters: poller.deadLetters,
    stop: async () => {
      poller.stopped = true;
      clearInterval(timer);
      await Promise.race([Promise.allSettled([...poller.running]), sleep(2_000)]);
      streams.destroy();
    },
  };
}
