/**
 * The SES v2-compatible server (aws-ses-v2-local, in process) behind a small front of our own, on one
 * port. aws-ses-v2-local keeps sent mail in memory (`GET /store` returns it as JSON) and renders
 * templates with Handlebars without HTML escaping, as SES does; templates live in memory, so the
 * bootstrap creates them at every start.
 *
 * The front answers `GET /` with the twin's mail viewer (`ses-viewer.ts`) and passes every other
 * request (the SES API, `/store`, `/clear-store`) to aws-ses-v2-local. The package's own viewer page is
 * not reachable: it writes each mail's HTML into a same-origin frame, where an `onerror` in a mail would run.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { EventBridgeEvent } from 'aws-lambda';
import sesModule from 'aws-ses-v2-local';
import { CONFIGURATION_SET_TAG, SES_EVENT_DETAIL_TYPES, SES_EVENT_SOURCE } from '#lambdas/jobs.ts';
import { HOST, listen } from './processes.ts';
import { serveViewer } from './ses-viewer.ts';
export { VIEWER_CSP, VIEWER_LIMIT, viewerPage, type StoredMail } from './ses-viewer.ts';
import {
  ACCOUNT_PATH,
  answerAccount,
  answerEmailIdentity,
  IDENTITIES_PATH,
  SES_ACCOUNT_SWITCH_PATH,
  switchAccount,
} from './ses-identities.ts';

// A CommonJS module whose default export arrives wrapped when imported from ESM.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

/** Passes a request through to aws-ses-v2-local unchanged, streaming both ways (`body`: already read). */
function forward(req: http.IncomingMessage, res: http.ServerResponse, port: number, body?: Buffer): void {
  const headers = body ? { ...req.headers, 'content-length': String(body.length) } : req.headers;
  const upstream = http.request({ host: HOST, port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `aws-ses-v2-local: ${error.message}` }));
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

/**
 * aws-ses-v2-local's store, the very module its server keeps the mail in (the same file, so the same
 * CommonJS instance): `GET /store?to=address` is answered from it by the front, one recipient's mail
 * only, instead of the library turning the whole store into JSON at each call (a shared test twin holds
 * thousands of mails by the end of a run, invoices' PDFs among them).
 */
const sesStore = createRequire(import.meta.url)('aws-ses-v2-local/dist/store.js') as {
  getStoreReadonly(): { emails: { destination?: { to?: string[] } }[] };
};

/** `GET /store?to=address`: the mail sent to `address`, as `/store` shapes it (`{ emails }`). */
function answerStoreFor(to: string, res: http.ServerResponse): void {
  const emails = sesStore.getStoreReadonly().emails.filter((mail) => mail.destination?.to?.includes(to));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ emails }));
}

/** Path of SES v2 SendEmail. */
const SEND_PATH = '/v2/email/outbound-emails';
/**
 * The outage switch of the twin's SES (tests): `POST` `{ "down": true, "match": "@example.test" }`
 * (or `"reject": true` instead of `down`), then `{ "down": false, "match": ... }` to end it.
 */
export const SES_OUTAGE_PATH = '/_twin/outage';

/** What SES does to a matching recipient during an outage: answer 503, or refuse the message for good. */
type OutageKind = 'down' | 'reject';

/**
 * While an outage is on, SendEmail answers 503 ServiceUnavailable (as SES does when it cannot take
 * mail), or 400 MessageRejected for `reject`, for every recipient containing `match` (all of them for
 * ''), without storing anything: a test can take SES down for its own addresses while the other
 * tests' mail keeps flowing.
 */
async function sendOrOutage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  internalPort: number,
  outages: ReadonlyMap<string, OutageKind>,
  bus: SesEventBus | undefined,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  let request: SendRequest = {};
  try {
    request = JSON.parse(body.toString('utf8')) as SendRequest;
  } catch {
    // not JSON: let aws-ses-v2-local answer it
  }
  const recipients = request.Destination?.ToAddresses ?? [];
  const outage = [...outages].find(([match]) => recipients.some((to) => to.includes(match)))?.[1];
  if (outage === 'down') {
    res.writeHead(503, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceUnavailable' });
    res.end(JSON.stringify({ message: 'Service Unavailable (twin outage)' }));
    return;
  }
  if (outage === 'reject') {
    res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
    res.end(JSON.stringify({ message: 'Email address is not verified (twin outage)' }));
    return;
  }
  const simulated = bus && request.ConfigurationSetName ? recipients.filter((to) => simulatorOutcome(to)) : [];
  if (simulated.length === 0) return forward(req, res, internalPort, body);
  // As SES does after accepting a mail to the mailbox simulator: the answer first, the event a moment later.
  const answer = await forwardCapturing(req, res, internalPort, body);
  const messageId = (() => {
    try {
      return (JSON.parse(answer.body) as { MessageId?: string }).MessageId;
    } catch {
      return undefined;
    }
  })();
  if (answer.status >= 300 || !messageId) return;
  for (const to of simulated) {
    setTimeout(() => bus!.put(sesEventBridgeEvent(simulatedEvent(request, messageId, to), bus!)), SIMULATOR_DELAY_MS).unref();
  }
}

/** The part of an SES v2 SendEmail request the twin reads. */
interface SendRequest {
  readonly FromEmailAddress?: string;
  readonly ConfigurationSetName?: string;
  readonly Destination?: { readonly ToAddresses?: string[] };
  readonly EmailTags?: readonly { readonly Name: string; readonly Value: string }[];
}

/**
 * An SES event record (SES Developer Guide, "Contents of event data"), what the configuration set
 * publishes: the `detail` of the EventBridge event on the default bus.
 */
export interface SimulatedSesEvent {
  readonly eventType: 'Bounce' | 'Complaint';
  readonly mail: {
    readonly timestamp: string;
    readonly source: string;
    readonly messageId: string;
    readonly destination: string[];
    readonly tags: Record<string, string[]>;
  };
  readonly bounce?: {
    readonly bounceType: 'Permanent';
    readonly bounceSubType: 'General';
    readonly bouncedRecipients: { emailAddress: string; action: 'failed'; status: string; diagnosticCode: string }[];
    readonly timestamp: string;
    readonly feedbackId: string;
  };
  readonly complaint?: {
    readonly complainedRecipients: { emailAddress: string }[];
    readonly timestamp: string;
    readonly feedbackId: string;
    readonly complaintFeedbackType: 'abuse';
  };
}

/**
 * The SES mailbox simulator's addresses the twin answers like SES (Amazon SES Developer Guide, "Using
 * the mailbox simulator"): `bounce@simulator.amazonses.com` bounces for good, `complaint@…` is marked
 * as spam by its recipient; a `+label` before the `@` is allowed. SES publishes their events through
 * the configuration set like any other mail (and does not add them to the suppression list).
 */
export function simulatorOutcome(address: string): 'bounce' | 'complaint' | undefined {
  const match = /^(bounce|complaint)(?:\+[^@]*)?@simulator\.amazonses\.com$/i.exec(address.trim());
  return match ? (match[1]!.toLowerCase() as 'bounce' | 'complaint') : undefined;
}

/** How long after the send the twin publishes a simulator event. */
const SIMULATOR_DELAY_MS = 200;

function simulatedEvent(request: SendRequest, messageId: string, to: string): SimulatedSesEvent {
  const timestamp = new Date().toISOString();
  const tags: Record<string, string[]> = { [CONFIGURATION_SET_TAG]: [request.ConfigurationSetName ?? ''] };
  for (const tag of request.EmailTags ?? []) tags[tag.Name] = [tag.Value];
  const mail = {
    timestamp,
    source: request.FromEmailAddress ?? '',
    messageId,
    destination: request.Destination?.ToAddresses ?? [to],
    tags,
  };
  const feedbackId = `${messageId}-feedback`;
  return simulatorOutcome(to) === 'bounce'
    ? {
        eventType: 'Bounce',
        mail,
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [{ emailAddress: to, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
          timestamp,
          feedbackId,
        },
      }
    : {
        eventType: 'Complaint',
        mail,
        complaint: { complainedRecipients: [{ emailAddress: to }], timestamp, feedbackId, complaintFeedbackType: 'abuse' },
      };
}

/** Like `forward`, but also answers what aws-ses-v2-local said (status and body). */
function forwardCapturing(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  port: number,
  body: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const upstream = http.request(
      { host: HOST, port, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks);
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': String(text.length) });
          res.end(text);
          resolve({ status: answer.statusCode ?? 502, body: text.toString('utf8') });
        });
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `aws-ses-v2-local: ${error.message}` }));
      resolve({ status: 502, body: '' });
    });
    upstream.end(body);
  });
}

async function switchOutage(req: http.IncomingMessage, res: http.ServerResponse, outages: Map<string, OutageKind>): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const { down, reject, match } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
    down?: boolean;
    reject?: boolean;
    match?: string;
  };
  if (down || reject) outages.set(match ?? '', reject ? 'reject' : 'down');
  else outages.delete(match ?? '');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ outages: [...outages] }));
}

/** The twin's account id, in the events its SES puts on the bus. */
export const TWIN_ACCOUNT_ID = '000000000000';

/**
 * Where the twin's SES publishes, as the configuration set's EventBridge destination does in the cloud:
 * the account's default event bus (`put` gets each event, the bus applies its rules), and the account
 * and region the events name.
 */
export interface SesEventBus {
  readonly put: (event: EventBridgeEvent<string, unknown>) => void;
  readonly region: string;
  readonly account?: string;
}

/**
 * An SES event as EventBridge delivers it from the default bus (the envelope of every AWS service
 * event: version, id, detail-type, source, account, time, region, resources; SES's detail-type for
 * the record's `eventType`, unless `detailType` names one; the record itself as `detail`). `detail`
 * may be anything, so tests can hand the function what SES never sends.
 */
export function sesEventBridgeEvent(
  detail: unknown,
  where: { readonly region: string; readonly account?: string },
  detailType?: string,
): EventBridgeEvent<string, unknown> {
  const eventType = (detail as { eventType?: string } | null)?.eventType;
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': detailType ?? SES_EVENT_DETAIL_TYPES[eventType as keyof typeof SES_EVENT_DETAIL_TYPES] ?? 'Unknown',
    source: SES_EVENT_SOURCE,
    account: where.account ?? TWIN_ACCOUNT_ID,
    // EventBridge's time has whole seconds.
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: where.region,
    resources: [],
    detail,
  };
}

/**
 * `bus`: what the configuration set's event destination does in the cloud (SES publishes to the
 * account's default EventBridge bus, whose rule runs the mail-events function): it gets each bounce or
 * complaint event of the mailbox simulator, as an EventBridge event. `verified`: the identities SES has
 * verified (`GetEmailIdentity`). `productionAccess`: the account out of SES's sandbox (`GetAccount`).
 */
export async function startSesLocal(
  bus?: SesEventBus,
  verified: readonly string[] = [],
  productionAccess = true,
): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const account = { productionAccess };
  // Port 0: the library's server listens where the system says, with no moment for another process to take it.
  const server = await sesServer({ host: HOST, port: 0 });
  const internalPort = (server.address() as AddressInfo).port;
  const internal = `http://${HOST}:${internalPort}`;
  const outages = new Map<string, OutageKind>();
  const front = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const to = path === '/store' ? new URL(req.url ?? '/', internal).searchParams.get('to') : null;
    if (req.method === 'GET' && path === '/') void serveViewer(req, res, internal);
    else if (req.method === 'GET' && to) answerStoreFor(to, res);
    else if (req.method === 'POST' && path === SES_OUTAGE_PATH) void switchOutage(req, res, outages);
    else if (req.method === 'POST' && path === SEND_PATH) void sendOrOutage(req, res, internalPort, outages, bus);
    else if (req.method === 'GET' && path?.startsWith(IDENTITIES_PATH)) answerEmailIdentity(path, res, verified);
    else if (req.method === 'GET' && path === ACCOUNT_PATH) answerAccount(res, account);
    else if (req.method === 'POST' && path === SES_ACCOUNT_SWITCH_PATH) void switchAccount(req, res, account);
    else forward(req, res, internalPort);
  });
  const port = await listen(front);
  const close = (s: http.Server) =>
    new Promise<void>((resolve) => {
      s.closeAllConnections?.();
      s.close(() => resolve());
    });
  return {
    endpoint: `http://${HOST}:${port}`,
    stop: async () => {
      await close(front);
      await close(server);
    },
  };
}
