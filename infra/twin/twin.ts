/**
 * The local twin: the real handlers and the real AWS SDK calls against API-compatible local services
 * on 127.0.0.1. Used by `npm start` / `npm run dev` (persistent data under `.data/`) and by the tests
 * (in memory, throw-away folders, free ports).
 */
import http from 'node:http';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { DEFAULT_ADMIN_PREFIX } from '#shared/paths.ts';
import type { SpaConfig } from '#shared/spa-config.ts';
import { contentSecurityPolicy } from '../common/headers.ts';
import { buckets, type BucketKey } from '#lambdas/contracts/data-model.ts';
import { DEMO_SELLER, LOCAL_PAYMENTS, seedLocalSettings } from './seed/seller.ts';
export { DEMO_SELLER, LOCAL_PAYMENTS, seedLocalSettings };
import { streamConsumers } from '#lambdas/jobs.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, localTableName, type AdminAccount } from './bootstrap.ts';
import { startCognitoLocal } from './cognito-local.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { installTransactionConflicts } from './transaction-conflicts.ts';
import { openFrontDoor, type OpenFrontDoor } from './front-door.ts';
import { EdgeWaf } from './edge-waf.ts';
import { EdgeCache } from './edge-cache.ts';
import { routes as routeTable } from '#lambdas/routes.ts';
import type { TwinOptions } from './twin-options.ts';
export type { TwinOptions };
import { createGateway, type InvocationCounts } from './gateway.ts';
import { allStarted, HOST, freePort, listen } from './processes.ts';
import { mailEventsBus } from './mail-events.ts';
import { photoEvents } from './photo-events.ts';
import { startS3Local } from './s3-local.ts';
import { startScheduler } from './scheduler.ts';
import { startStreamPoller } from './stream-poller.ts';
import { startSesLocal } from './ses-local.ts';
import { timed } from './timings.ts';
import { startSecretsLocal, type SecretsLocal } from './secrets-local.ts';
import type { PaymentsLocal } from './payments-local.ts';
import { INVOICING_STATE_FILE, PAYMENT_WEBHOOK_PATH, startTwinPayments, type InvoicingLocal, type TwinPayments } from './twin-payments.ts';
import { apiBehindEdge, LOCAL_SECRETS, localSecrets, type LocalEdge } from './twin-secrets.ts';
export { LOCAL_SECRETS };
import { handlerEnv, localBucketName, MAIL_CONFIGURATION_SET, MAIL_FROM, rendererDir, webDistDir, type TwinEndpoints } from './twin-env.ts';
export {
  handlerEnv,
  LOCAL_MAIL_SEND_RATE,
  localBucketName,
  MAIL_CONFIGURATION_SET,
  MAIL_FROM,
  MAIL_TEMPLATE_PREFIX,
  rendererDir,
  webDistDir,
  type TwinEndpoints,
} from './twin-env.ts';
import { bootstrapData, earlyDemoPhotos, updateCatalogue } from './twin-data.ts';

export const DEFAULT_ADMIN: AdminAccount = { email: 'admin@example.com', password: 'Joias-Admin-2026!' };

export interface Twin {
  readonly url: string;
  /**
   * The API's own address, what execute-api is in the cloud: the gateway without the front door in
   * front. Requests here lack the origin secret and are refused (403), as in the cloud.
   */
  readonly apiOriginUrl: string;
  readonly adminUrl: string;
  readonly mailUrl: string;
  /** The local payment provider (`payments-local.ts`); its `url` is the payments viewer. */
  readonly payments: PaymentsLocal;
  /** The InvoiceXpress stand-in (`invoicing-local.ts`); its `url` is the invoicing viewer. */ readonly invoicing: InvoicingLocal;
  readonly admin: AdminAccount;
  /** The front door's web ACL (`edge-waf.ts`), when on: its tally, and `forget` for tests. */
  readonly edge?: EdgeWaf;
  /** The front door's cache of the catalogue's API answers (`edge-cache.ts`, CloudFront's), when on: its tally. */
  readonly edgeCache?: EdgeCache;
  readonly endpoints: TwinEndpoints;
  /** The local Secrets Manager (`secrets-local.ts`): the origin secret and the order-link key. */
  readonly secrets: SecretsLocal;
  /**
   * The origin secret the front door sends (CloudFront's origin custom header in the cloud: set at
   * deploy, not read from the secret); setting `value` is the rotation's CloudFront step.
   */
  readonly edgeOrigin: LocalEdge;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly issuer: string;
  /** Environment the handlers run with (table and bucket names, endpoints). */
  readonly env: Readonly<Record<string, string>>;
  /** Where the local services keep their data (a temporary folder unless `dataDir` was given). */
  readonly dataDir: string;
  /** The gateway's requests, the functions' invocations, throttles and timeouts so far (a throttle answer is a 500, like a crash). */
  readonly invocations: Readonly<InvocationCounts>;
  stop(): Promise<void>;
}

/** Starts of a twin whose ports the system chose, before a port taken meanwhile is an error. */
const PORT_RACE_TRIES = 3;

/**
 * Starts the twin. The front door and the services that run in this process listen on port 0 (the
 * system's choice, theirs from that moment). The two child processes (DynamoDB Local, cognito-local)
 * are given a port chosen free a moment before they start: on a machine starting several twins at once
 * (the tests), another process can take it in between (`EADDRINUSE`, also as an outgoing connection's
 * own port). Everything started is then stopped and the twin starts again with new ports; a port the
 * caller chose is never retried (it is in use: the error says so). Only the services' start can meet a
 * taken port, before the functions' SDK clients exist (kept for the process, with their first endpoints).
 */
export async function startTwin(options: TwinOptions): Promise<Twin> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await startTwinOnce(options);
    } catch (error) {
      const taken = error instanceof Error && /EADDRINUSE/.test(error.message);
      if (!taken || options.port || tries >= PORT_RACE_TRIES) throw error;
    }
  }
}

/** What stops the twin, in the reverse order of its start. */
type Stops = (() => Promise<void>)[];

/** The twin's data folder: `dataDir`, or a temporary one, removed when the twin stops. */
async function dataFolder(options: TwinOptions, stops: Stops): Promise<string> {
  const temp = options.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'joias-twin-'));
  if (temp) stops.push(() => rm(temp, { recursive: true, force: true }));
  const dataDir = options.dataDir ?? temp!;
  await mkdir(dataDir, { recursive: true });
  return dataDir;
}

/**
 * The local AWS services, each on a free port: DynamoDB Local, s3rver (with the photo events), cognito-local, the SES (with the mail
 * events).
 */
async function startServices(
  options: TwinOptions,
  dataDir: string,
  port: number,
  stops: Stops,
): Promise<{ endpoints: Twin['endpoints']; issuerDomain: string; secrets: SecretsLocal; payments: TwinPayments }> {
  const origins = [`http://${HOST}:${port}`, `http://localhost:${port}`];
  // The two child processes need their port before they start; the servers in this process listen on port 0.
  const [dynamoPort, cognitoPort] = await Promise.all([freePort(), freePort()]);
  const photos = photoEvents(localBucketName('images'));
  const mailEvents = mailEventsBus(MAIL_CONFIGURATION_SET);

  // The children first: until both listen, a server of this process given port 0 could be handed the
  // port one of them is about to take (it then looks ready, and answers in its place).
  const dynamo = timed('dynamodb-local', () =>
    startDynamoDbLocal({ port: dynamoPort!, dbPath: options.dataDir ? join(dataDir, 'dynamodb') : undefined, verbose: options.verbose }),
  );
  const [dynamodb, cognito] = await allStarted(stops, [
    dynamo,
    timed('cognito-local', () =>
      startCognitoLocal({ port: cognitoPort!, directory: join(dataDir, 'cognito'), verbose: options.verbose, shimAfter: dynamo }),
    ),
  ]);
  const [s3Local, ses, secrets] = await allStarted(stops, [
    timed('s3rver', () =>
      startS3Local({
        directory: join(dataDir, 's3'),
        buckets: Object.keys(buckets).map((k) => localBucketName(k as BucketKey)),
        allowedOrigins: origins,
        onEvent: photos.onEvent,
      }),
    ),
    timed('ses-local', () => startSesLocal({ put: mailEvents.put, region: LOCAL_REGION }, [MAIL_FROM], !options.sesSandbox)),
    timed('secrets-local', () => startSecretsLocal(join(dataDir, 'secrets.json'))),
  ]);
  stops.push(photos.idle, mailEvents.idle);
  // The payment provider's stand-in, with the keys of the payment-keys secret (`twin-payments.ts`).
  const payments = await timed('payments', () =>
    startTwinPayments(secrets, options.automaticPayments, options.invoicing, join(dataDir, INVOICING_STATE_FILE)),
  );
  stops.push(payments.stop);
  return {
    endpoints: {
      dynamodb: dynamodb.endpoint,
      s3: s3Local.endpoint,
      cognito: cognito.endpoint,
      ses: ses.endpoint,
      secretsmanager: secrets.endpoint,
      payments: payments.local.url,
      invoicing: payments.invoicing.local.url,
    },
    issuerDomain: cognito.issuerDomain,
    secrets,
    payments,
  };
}

/** The API's own address (execute-api in the cloud): the gateway alone, on a free port. */
async function startApiOrigin(gateway: ReturnType<typeof createGateway>, stops: Stops): Promise<http.Server> {
  const apiOrigin = http.createServer((req, res) => void gateway(req, res));
  await listen(apiOrigin);
  stops.push(async () => {
    apiOrigin.closeAllConnections();
    await new Promise<void>((resolve) => apiOrigin.close(() => resolve()));
  });
  return apiOrigin;
}

/**
 * The stream consumers read DynamoDB Local's streams, as the event source mappings do in the cloud;
 * the page publishers only when there is a built pre-renderer (not in dev mode, where Vite serves the app).
 */
async function startConsumers(options: TwinOptions, dynamodbEndpoint: string, stops: Stops): Promise<void> {
  const rendererBuilt = !options.dev && existsSync(join(rendererDir(), 'render-page.js'));
  const consumers = streamConsumers.filter((consumer) => !('renderer' in consumer && consumer.renderer && !rendererBuilt));
  // All at once: each reads its table's stream and loads its handler, while the others wait on DynamoDB Local.
  const starts = consumers.map((consumer) =>
    startStreamPoller(consumer, {
      endpoint: dynamodbEndpoint,
      tableName: localTableName(consumer.table),
      ...('filter' in consumer && consumer.filter ? { filter: consumer.filter } : {}),
    }),
  );
  await allStarted(stops, starts);
}

/** The SPA's `config.json` in the twin: the local pool, at its local endpoint. */
function spaConfig(pool: { userPoolId: string; clientId: string }, cognitoEndpoint: string, adminPrefix: string): SpaConfig {
  return {
    apiBasePath: '/api',
    region: LOCAL_REGION,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.clientId,
    userPoolEndpoint: cognitoEndpoint,
    adminPathPrefix: adminPrefix,
    stage: 'local',
  };
}

/** The shop's Content-Security-Policy at the twin's front door (none in dev mode: Vite's scripts). */
function twinCsp(options: TwinOptions, endpoints: Twin['endpoints']): string | undefined {
  return options.dev
    ? undefined
    : contentSecurityPolicy({
        cognito: endpoints.cognito,
        uploads: [endpoints.s3],
        images: [endpoints.s3],
        upgradeInsecureRequests: false,
      });
}

/** A twin with a data folder says where it runs (`twin.json`, for the seed and ops commands), until it stops. */
async function recordRuntime(twin: Twin, stops: Stops): Promise<void> {
  const runtimeFile = join(twin.dataDir, 'twin.json');
  await writeFile(
    runtimeFile,
    JSON.stringify(
      { pid: process.pid, url: twin.url, endpoints: twin.endpoints, userPoolId: twin.userPoolId, clientId: twin.clientId },
      null,
      2,
    ),
  );
  stops.splice(0, 0, () => rm(runtimeFile, { force: true }));
}

/**
 * What is in front of the API as in the cloud: the web ACL (AWS WAF) and CloudFront's cache of the
 * catalogue, each on unless turned off, by default with the stage's throttle (`TwinOptions`).
 */
function edgeOf(options: TwinOptions): { edge?: EdgeWaf; cache?: EdgeCache } {
  const on = options.throttle ?? true;
  return {
    edge: (options.edge?.enabled ?? on) ? new EdgeWaf(options.edge) : undefined,
    cache: (options.edgeCache ?? on) ? new EdgeCache(routeTable) : undefined,
  };
}

/**
 * The front door opens to the shop: the API through the gateway, the photos, the pages and the SPA,
 * behind the edge (`edgeOf`); it answers 503 again before the services stop (it closes last).
 */
function serveShop(
  door: OpenFrontDoor,
  options: TwinOptions,
  parts: { gateway: ReturnType<typeof createGateway>; edgeOrigin: LocalEdge; s3: S3Client; endpoints: TwinEndpoints; spa: SpaConfig },
  stops: Stops,
): { edge?: EdgeWaf; cache?: EdgeCache } {
  const edges = edgeOf(options);
  door.serve({
    api: apiBehindEdge(parts.gateway, parts.edgeOrigin),
    ...edges,
    originSecret: () => parts.edgeOrigin.value,
    s3: parts.s3,
    imagesBucket: localBucketName('images'),
    siteBucket: localBucketName('site'),
    rendererDir: rendererDir(),
    webDist: options.webDist ?? webDistDir(),
    dev: options.dev,
    runtimeConfig: parts.spa,
    contentSecurityPolicy: twinCsp(options, parts.endpoints),
  });
  stops.push(async () => door.pause());
  return edges;
}

async function startTwinOnce(options: TwinOptions): Promise<Twin> {
  // The twin runs on the machine's Node (22 or newer stated; 20.19 still works); the functions run on Node 24 in the cloud.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const stops: Stops = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const say = options.onProgress ?? (() => undefined);
    const photos = earlyDemoPhotos(options);
    const dataDir = await dataFolder(options, stops);
    const door = await openFrontDoor(options.port ?? 0);
    stops.push(door.stop);
    const { port } = door;
    say('serviços locais: DynamoDB Local, S3, Cognito, SES, Secrets Manager');
    const { endpoints, issuerDomain, secrets, payments } = await timed('services', () => startServices(options, dataDir, port, stops));
    const edgeOrigin = await localSecrets(secrets, dataDir);
    const adminPrefix = options.adminPrefix ?? DEFAULT_ADMIN_PREFIX;
    const env = handlerEnv(endpoints, `http://${HOST}:${port}`, adminPrefix);
    Object.assign(process.env, env);
    if (!options.verbose) process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';

    const admin = options.admin ?? DEFAULT_ADMIN;
    say('tabelas, conta de administração, modelos de e-mail');
    const pool = await timed('data', () => bootstrapData(endpoints, admin, options, payments));
    const issuer = `${issuerDomain}/${pool.userPoolId}`;
    const jwks = await (await fetch(`${issuer}/.well-known/jwks.json`)).json();

    const s3 = new S3Client({ region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, endpoint: endpoints.s3, forcePathStyle: true });
    stops.push(async () => s3.destroy());
    await timed('catalogue step', () => updateCatalogue(options, s3, photos));

    if (options.transactionConflicts !== false) installTransactionConflicts();
    const gateway = createGateway({
      issuer,
      clientId: pool.clientId,
      jwks,
      throttle: options.throttle ?? true,
      reserved: options.throttle ?? true,
      concurrency: options.concurrency,
    });
    const apiOrigin = await startApiOrigin(gateway, stops);
    const edges = serveShop(
      door,
      options,
      { gateway, edgeOrigin, s3, endpoints, spa: spaConfig(pool, endpoints.cognito, adminPrefix) },
      stops,
    );
    payments.local.setWebhookUrl(`${door.url}${PAYMENT_WEBHOOK_PATH}`);
    if (options.scheduledJobs !== false) stops.push(startScheduler().stop);
    await timed('consumers', () => startConsumers(options, endpoints.dynamodb, stops));

    const twin: Twin = {
      url: door.url,
      apiOriginUrl: `http://${HOST}:${(apiOrigin.address() as { port: number }).port}`,
      adminUrl: `${door.url}${adminPrefix}/login`,
      mailUrl: endpoints.ses,
      payments: payments.local,
      invoicing: payments.invoicing.local,
      admin,
      edge: edges.edge,
      edgeCache: edges.cache,
      endpoints,
      secrets,
      edgeOrigin,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      issuer,
      env,
      dataDir,
      invocations: gateway.counts,
      stop: stopAll,
    };
    if (options.dataDir) await recordRuntime(twin, stops);
    return twin;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
