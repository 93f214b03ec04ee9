/**
 * The twin's invoicing provider: a local stand-in for the part of InvoiceXpress's API v2 the shop's
 * adapter uses (`lambdas/services/invoicexpress-invoicing.ts`, docs/invoices.md), so the same adapter
 * runs offline. The adapter's base address is `<url>/<account>` (InvoiceXpress's is the account's own
 * subdomain); every API call needs `api_key` (401 otherwise), an unknown account is 404.
 *
 * - `POST /{invoice_receipts|credit_notes}.json`, `GET /{type}/{id}.json`,
 *   `PUT /{type}/{id}/change-state.json`, `PUT /{type}/{id}/email-document.json`,
 *   `GET /invoices.json?text=&type[]=`, `GET /api/pdf/{id}.json` (202 the first time, as the PDF is
 *   made; then `output.pdfUrl`), `GET /sequences.json`; the documents' rules are `invoicing-book.ts`'s.
 * - A rate limit per account (`ratePerMinute`, 429 with `Retry-After`), and an outage a test sets
 *   (`setOutage`: every API call 500).
 * - The viewer (`GET /`, printed by `npm start` next to the mail and payments viewers): every document,
 *   its lines, totals, state and PDF (`GET /pdf/{key}.pdf`, made with pdf-lib, under the document's
 *   opaque key as its public link `GET /documentos/{key}` is).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { HOST, listen } from './processes.ts';
import { IX_SERIES, IxBook, IxFault, ixTypeOf, permalinkKey, type IxBookState, type IxDocument } from './invoicing-book.ts';
import { invoicingViewerPage, VIEWER_CSP } from './invoicing-viewer.ts';

export interface InvoicingLocalOptions {
  readonly account: string;
  readonly apiKey: string;
  /** API calls one account may make a minute before 429 (InvoiceXpress limits calls per account). */
  readonly ratePerMinute?: number;
  /**
   * Where the documents are kept between runs (the twin's data folder): read at the start, written after
   * every change, so a restart goes on with the same documents, numbers and port (the permalinks the
   * orders keep still open). Absent: in memory only.
   */
  readonly stateFile?: string;
}

/** The stand-in's file: the book, the PDFs already asked for, and the port it listened on. */
interface StoredState {
  readonly book: IxBookState;
  readonly pdfAsked: readonly number[];
  readonly port: number;
}

function readState(file: string | undefined): StoredState | undefined {
  if (!file || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as StoredState;
}

/** Written whole to a new file, then renamed over the old one: a stop mid-write never leaves half a book. */
function writeState(file: string, state: StoredState): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

export interface InvoicingLocal {
  readonly url: string;
  /** What the adapter's `endpoint` is set to (the host; the account is the path's first part). */
  readonly endpoint: string;
  readonly account: string;
  readonly apiKey: string;
  /** Every document so far (drafts and deleted ones too), oldest first. */
  documents(): readonly IxDocument[];
  /** Every API call so far (method and path), for tests that count what the shop asked. */
  calls(): readonly string[];
  /** An outage (`true`): every API call is answered 500 until it ends. */
  setOutage(down: boolean): void;
  /** The account cannot e-mail documents (`true`): `email-document` is answered 422, as a plan without it is. */
  setEmailRefused(refused: boolean): void;
  stop(): Promise<void>;
}

/** InvoiceXpress's default limit of calls a minute per account (the twin's; a test may lower it). */
export const IX_RATE_PER_MINUTE = 100;

/** The document's PDF: the seller's words are the provider's; here the twin's. */
async function pdfOf(doc: IxDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const line = (text: string, size = 10, face = font) => {
    // Helvetica's WinAnsi: what it cannot print becomes '?', never an error.
    const printable = [...text].map((ch) => (/[\u0020-\u007e\u00a0-\u00ff€]/u.test(ch) ? ch : '?')).join('');
    page.drawText(printable, { x: 50, y, size, font: face });
    y -= size + 6;
  };
  const title = doc.type === 'InvoiceReceipt' ? 'Fatura-recibo' : 'Nota de crédito';
  line(`${title} ${doc.inverted_sequence_number}`, 16, bold);
  line(`${doc.atcud}   Data: ${doc.date}   Estado: ${doc.status}`);
  line('Documento de teste do twin (InvoiceXpress simulado): sem valor fiscal.');
  line(`Cliente: ${doc.client.name}${doc.client.fiscal_id ? `, NIF ${doc.client.fiscal_id}` : ''}`);
  if (doc.observations) line(doc.observations);
  y -= 8;
  for (const item of doc.items)
    line(
      `${item.quantity} x ${item.description || item.name}  ${item.unit_price} ` +
        `€  desc. ${item.discount} %  ${item.tax.name}  ${item.total} €`,
      9,
    );
  y -= 8;
  line(`Sem IVA: ${doc.before_taxes} €   IVA: ${doc.taxes} €`);
  line(`Total: ${doc.total} €`, 12, bold);
  return pdf.save();
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: Record<string, unknown>;
}

class LocalInvoiceXpress {
  readonly book: IxBook;
  readonly calls: string[] = [];
  down = false;
  emailRefused = false;
  private readonly window: number[] = [];
  private readonly pdfAsked: Set<number>;

  constructor(
    readonly options: InvoicingLocalOptions,
    readonly url: () => string,
    stored?: StoredState,
  ) {
    this.book = new IxBook(url, stored?.book);
    this.pdfAsked = new Set(stored?.pdfAsked ?? []);
  }

  /** The port it listens on (kept with the state: a restart listens there again). */
  port = 0;

  /** Keeps the state in `stateFile` (after every change). */
  save(): void {
    if (this.options.stateFile)
      writeState(this.options.stateFile, { book: this.book.state(), pdfAsked: [...this.pdfAsked], port: this.port });
  }

  /** Over the account's calls of the last minute: the seconds until one is free. */
  limited(now: number): number | undefined {
    while (this.window.length > 0 && this.window[0]! <= now - 60_000) this.window.shift();
    if (this.window.length >= (this.options.ratePerMinute ?? IX_RATE_PER_MINUTE)) return Math.ceil((this.window[0]! + 60_000 - now) / 1000);
    this.window.push(now);
    return undefined;
  }

  async api({ method, path, query, body }: Request): Promise<[number, unknown]> {
    const now = new Date();
    const parts = path
      .replace(/\.json$/, '')
      .split('/')
      .filter(Boolean);
    if (method === 'GET' && path === 'sequences.json')
      return [200, { sequences: [{ id: Number(IX_SERIES.id), serie: IX_SERIES.serie, default_sequence: 1 }] }];
    if (method === 'GET' && path === 'invoices.json') {
      const found = this.book.search(query.get('text') ?? '', query.getAll('type[]'));
      const perPage = Math.min(Number(query.get('per_page')) || 10, 100);
      return [
        200,
        {
          invoices: found.slice(0, perPage),
          pagination: {
            total_entries: found.length,
            current_page: 1,
            total_pages: Math.max(1, Math.ceil(found.length / perPage)),
            per_page: perPage,
          },
        },
      ];
    }
    if (method === 'GET' && parts[0] === 'api' && parts[1] === 'pdf' && parts.length === 3) {
      const doc = this.book.byId(Number(parts[2]));
      if (!doc) throw new IxFault(404, 'Not found');
      if (doc.status === 'draft' || doc.status === 'deleted') throw new IxFault(422, 'Document must be finalized to generate a PDF');
      // The first ask starts the PDF (202, no body); the next one has it.
      if (!this.pdfAsked.has(doc.id)) {
        this.pdfAsked.add(doc.id);
        return [202, undefined];
      }
      return [200, { output: { pdfUrl: `${this.url()}/pdf/${permalinkKey(doc)}.pdf` } }];
    }
    const type = ixTypeOf(parts[0] ?? '');
    if (!type) throw new IxFault(404, 'Not found');
    const key = parts[0]!.slice(0, -1);
    if (method === 'POST' && parts.length === 1)
      return [201, { [key]: this.book.create(type, (body[key] ?? {}) as Record<string, unknown>, now) }];
    const doc = this.book.get(type, Number(parts[1]));
    if (method === 'GET' && parts.length === 2) return [200, { [key]: doc }];
    if (method === 'PUT' && parts[2] === 'change-state') {
      const asked = (body[key] ?? {}) as { state?: unknown; message?: unknown };
      return [200, { [key]: this.book.changeState(doc, asked.state, asked.message, now) }];
    }
    if (method === 'PUT' && parts[2] === 'email-document') {
      const email = (body.message as { client?: { email?: unknown } } | undefined)?.client?.email;
      if (typeof email !== 'string' || !email.includes('@')) throw new IxFault(422, 'Email is invalid');
      if (doc.status !== 'final' && doc.status !== 'canceled') throw new IxFault(422, 'Document must be finalized to be sent');
      if (this.emailRefused) throw new IxFault(422, 'Sending documents by email is not available for this account');
      doc.emails.push(email);
      return [200, undefined];
    }
    throw new IxFault(404, 'Not found');
  }
}

async function handle(state: LocalInvoiceXpress, request: http.IncomingMessage, response: http.ServerResponse, raw: string): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://twin');
  const method = request.method ?? 'GET';
  // One request per connection: a restarted stand-in (same port) never meets a client's socket to the last one.
  response.shouldKeepAlive = false;
  const send = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(value === undefined ? '' : JSON.stringify(value));
  };
  if (method === 'GET' && url.pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': VIEWER_CSP });
    response.end(invoicingViewerPage(state.book.documents));
    return;
  }
  // The PDF, and the document's public link (its permalink), which opens it.
  // Both under the document's opaque key (`permalinkKey`), as InvoiceXpress's links are: none can be counted to.
  const pdf = /^\/(?:pdf\/([0-9a-f]+)\.pdf|documentos\/([0-9a-f]+))$/.exec(url.pathname);
  const doc = pdf ? state.book.byPermalinkKey(pdf[1] ?? pdf[2]!) : undefined;
  if (method === 'GET' && doc && doc.status !== 'draft') {
    const fileName = `${doc.type === 'InvoiceReceipt' ? 'FR' : 'NC'}-${doc.inverted_sequence_number.replace('/', '-')}.pdf`;
    response.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${fileName}"` });
    response.end(Buffer.from(await pdfOf(doc)));
    return;
  }
  const prefix = `/${state.options.account}/`;
  if (!url.pathname.startsWith(prefix)) return send(404, { errors: [{ error: 'Account not found' }] });
  if (url.searchParams.get('api_key') !== state.options.apiKey) return send(401, { errors: [{ error: 'Access denied' }] });
  const path = url.pathname.slice(prefix.length);
  state.calls.push(`${method} ${path}`);
  if (state.down) return send(500, { errors: [{ error: 'Internal server error (twin outage)' }] });
  const wait = state.limited(Date.now());
  if (wait !== undefined) {
    response.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(wait) });
    response.end(JSON.stringify({ errors: [{ error: 'Too many requests' }] }));
    return;
  }
  let body: Record<string, unknown>;
  try {
    body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return send(400, { errors: [{ error: 'Invalid JSON' }] });
  }
  try {
    const [status, value] = await state.api({ method, path, query: url.searchParams, body });
    // A new document, a change of state, an e-mail, a PDF asked for: kept before the answer leaves.
    if (method !== 'GET' || path.startsWith('api/pdf/')) state.save();
    send(status, value);
  } catch (error) {
    if (error instanceof IxFault) send(error.status, { errors: [{ error: error.message }] });
    else send(500, { errors: [{ error: error instanceof Error ? error.message : String(error) }] });
  }
}

export async function startInvoicingLocal(options: InvoicingLocalOptions): Promise<InvoicingLocal> {
  let base = '';
  const stored = readState(options.stateFile);
  const state = new LocalInvoiceXpress(options, () => base, stored);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handle(state, request, response, Buffer.concat(chunks).toString('utf8')));
  });
  // The port of the last run when it is free (the orders keep the documents' permalinks), else any.
  const port = stored?.port
    ? await listen(server, stored.port, undefined, 'the invoicing stand-in').catch(() =>
        listen(server, 0, undefined, 'the invoicing stand-in'),
      )
    : await listen(server, 0, undefined, 'the invoicing stand-in');
  base = `http://${HOST}:${port}`;
  state.port = port;
  state.save();
  return {
    url: base,
    endpoint: base,
    account: options.account,
    apiKey: options.apiKey,
    documents: () => state.book.documents,
    calls: () => state.calls,
    setOutage(down) {
      state.down = down;
    },
    setEmailRefused(refused) {
      state.emailRefused = refused;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
