/**
 * `npm start` (built shop) and `npm run dev` (Vite with hot reload): starts the local twin with its
 * data under `.data/` (or `TWIN_DATA_DIR`), seeds the demo catalogue on first start, prints where everything is, and stops
 * every service on Ctrl-C.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirNotice, twinDataDir } from './data-dir.ts';
import type { Twin } from './twin.ts';
import { REPO_ROOT } from '../common/repo-paths.ts';

const dev = process.argv.includes('--dev');
const verbose = process.argv.includes('--verbose');
const port = Number(process.env.PORT ?? 3000);

/**
 * The start's progress on the console: each step as it begins, and while a step is long, a line every
 * few seconds, so a first start (the demo photos) is never silent for more than 5 s.
 */
function progress(started: number): { say(line: string): void; stop(): void } {
  let current = 'a arrancar';
  let last = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const print = (line: string) => {
    last = Date.now();
    process.stdout.write(`  [${seconds()}] ${line}\n`);
  };
  const timer = setInterval(() => {
    if (Date.now() - last >= 4000) print(`${current}...`);
  }, 500);
  return {
    say(line) {
      if (!line.startsWith('fotos ')) current = line;
      print(line);
    },
    stop: () => clearInterval(timer),
  };
}

/** The shop's first pages, the catalogue and a product page answer 200 before the start says "ready". */
async function checkPages(url: string): Promise<void> {
  const api = (await (await fetch(`${url}/api/products`)).json()) as { products?: { id: string }[] };
  const first = api.products?.[0]?.id;
  for (const path of ['/', '/shop', ...(first ? [`/product/${encodeURIComponent(first)}`] : []), '/api/collections']) {
    const answer = await fetch(`${url}${path}`);
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} after the start`);
  }
}

/** What the start prints once the twin is ready: where the shop, the back-office and each stand-in are. */
function readyBanner(twin: Twin, dataDir: string, mailFrom: string, seconds: number): string {
  return [
    '',
    `Joias Inox: local twin ready in ${seconds.toFixed(1)} s${dev ? ' (dev mode, hot reload)' : ''}`,
    '',
    `  Shop:         ${twin.url}/`,
    `  Back-office:  ${twin.adminUrl}`,
    `                e-mail ${twin.admin.email}  password ${twin.admin.password}`,
    `  Mail viewer:  ${twin.mailUrl}/`,
    `                the owner's notifications (paid orders, contact messages) go to the address of`,
    `                "Definições" (${twin.adminUrl.replace(/\/login$/, '/definicoes')}), ${mailFrom} while it is empty`,
    `  Payments:     ${twin.payments.url}/`,
    `                the local payment provider: approve or decline MB WAY requests, pay Multibanco references`,
    `  Invoices:     ${twin.invoicing.url}/`,
    `                the local invoicing program (InvoiceXpress stand-in): every fatura-recibo and credit note, with its PDF`,
    `  API:          ${twin.url}/api/products`,
    '',
    `  ${dataDirNotice(dataDir, REPO_ROOT)} Ctrl-C stops everything.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const steps = progress(started);
  // The twin's code (every handler, the AWS SDK) loads after the first line: seconds on a busy machine.
  steps.say('a carregar o código do twin');
  const [{ DEFAULT_ADMIN, MAIL_FROM, startTwin, webDistDir }, { ACCOUNT_CONCURRENCY }] = await Promise.all([
    import('./twin.ts'),
    import('./gateway.ts'),
  ]);
  /** `--new-account`: the reduced Lambda concurrency AWS gives a new account (10), for rehearsals; else `TWIN_CONCURRENCY` or 1 000. */
  const concurrency = process.argv.includes('--new-account')
    ? ACCOUNT_CONCURRENCY.newAccount
    : Number(process.env.TWIN_CONCURRENCY ?? ACCOUNT_CONCURRENCY.default);
  const webDist = webDistDir();
  if (!dev && !existsSync(join(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm start` (which builds the shop) or `npm run build:web` first.');
  }
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a TCP port number, got "${process.env.PORT}".`);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`TWIN_CONCURRENCY must be a whole number of at least 1, got "${process.env.TWIN_CONCURRENCY}".`);

  let vite: { middlewares: (req: never, res: never, next: () => void) => void; close(): Promise<void> } | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { port: port + 1 } },
      appType: 'spa',
    });
  }

  const dataDir = twinDataDir(process.env, REPO_ROOT);
  const twin: Twin = await startTwin({
    dataDir,
    port,
    seed: true,
    verbose,
    concurrency,
    // `--ses-sandbox` (or TWIN_SES_SANDBOX=1): SES without production access, as a new account starts.
    sesSandbox: process.argv.includes('--ses-sandbox') || process.env.TWIN_SES_SANDBOX === '1',
    // A newcomer sees a fatura in a minute: a new twin issues invoices with the InvoiceXpress stand-in (docs/invoices.md).
    invoicing: true,
    onProgress: steps.say,
    admin: { email: process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email, password: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password },
    webDist,
    dev: vite ? (req, res, next) => vite!.middlewares(req as never, res as never, next) : undefined,
  });

  steps.say('a verificar as páginas da loja');
  await checkPages(twin.url).catch(async (error: unknown) => {
    await twin.stop();
    throw error;
  });
  steps.stop();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the local services...\n`);
    await vite?.close();
    await twin.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  process.stdout.write(readyBanner(twin, dataDir, MAIL_FROM, (Date.now() - started) / 1000));
}

main().catch((error: unknown) => {
  process.stderr.write(`\nCould not start the local twin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
