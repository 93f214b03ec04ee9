/** What `startTwin` can be asked (docs/local-twin.md): kept apart from the twin's start so it stays readable. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminAccount } from './bootstrap.ts';
import type { EdgeOptions } from './edge-waf.ts';

export interface TwinOptions {
  /** Persistent data folder (`.data/`); when absent, everything lives in memory or a temp folder. */
  readonly dataDir?: string;
  /** Front door port; 0 picks a free one. */
  readonly port: number;
  readonly admin?: AdminAccount;
  readonly adminPrefix?: string;
  /** Seed the demo catalogue when the catalogue is empty. */
  readonly seed?: boolean;
  /**
   * The first settings record names the demo seller (`DEMO_SELLER`). @default true. False: the seller
   * is empty, as the cloud starts, and the shop stays "Loja em preparação" (docs/design.md §33).
   */
  readonly demoSeller?: boolean;
  /** Built SPA to serve; ignored when `dev` is given. */
  readonly webDist?: string;
  readonly dev?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  readonly verbose?: boolean;
  /**
   * Throttle each route like the API stage (`throttle` of its row). @default true. The integration
   * tests turn it off: their files run in parallel, so together they are a crowd no shop sees; the
   * throttle itself has its own tests (`test/lambdas/strict-twin.test.ts`).
   */
  readonly throttle?: boolean;
  /**
   * The web ACL in front (AWS WAF's rate rules per address and body limit, `edge-waf.ts`), with the
   * real windows unless `windowScale` shortens them (tests). On by default when `throttle` is: the
   * integration tests' crowd of parallel files would be one address's flood for it too.
   */
  readonly edge?: EdgeOptions;
  /**
   * CloudFront's cache of the catalogue's API answers at the front door (`edge-cache.ts`): an answer is
   * kept as long as its `s-maxage` says (30 s for the catalogue), so an edit shows as late as in the
   * cloud. @default the `throttle` option: the integration tests read their own edits at once.
   */
  readonly edgeCache?: boolean;
  /**
   * Run the scheduled functions of `lambdas/jobs.ts` (EventBridge's part). @default true. The
   * bad-input suite turns it off: it compares every table before and after its requests, and a job
   * (retention's cursor, a minute after the start) would write during them on a slow machine.
   */
  readonly scheduledJobs?: boolean;
  /**
   * The first settings record's `ownerMailsPerHour` (@default the shop's default). The integration
   * tests raise it: their files together send the owner more notifications in an hour than any shop,
   * and several assert that one arrives; the hourly digest has its own tests (`test/lambdas/owner-digest.test.ts`).
   */
  readonly ownerMailsPerHour?: number;
  /**
   * The proof of work's max number of a new twin's first settings record (docs/design.md §28).
   * @default the shop's default. The integration tests give a token one: they send thousands of public
   * writes, each solved in Node, which at the shop's default would cost minutes of CPU; the guard
   * checks them the same way (the default's cost is measured by the bench).
   */
  readonly challengeMaxNumber?: number;
  /**
   * Cancel a transaction that names an item another one under way names, as DynamoDB does and
   * DynamoDB Local does not (`transaction-conflicts.ts`). @default true. Once per process: a later
   * twin of the same process keeps it.
   */
  readonly transactionConflicts?: boolean;
  /**
   * "Pagamentos automáticos" of a new twin's first settings record (docs/design.md §34): which methods the
   * twin's local provider takes. @default both off (the shop as with manual methods only). The twin's
   * provider keys are saved either way (the payment-keys secret), so "Definições" can turn them on.
   */
  readonly automaticPayments?: { readonly mbway?: boolean; readonly multibanco?: boolean };
  /**
   * "Faturação" of a new twin's first settings record (docs/invoices.md): on, every paid order gets a
   * fatura-recibo from the twin's InvoiceXpress stand-in. @default off (as a new shop). The twin's
   * account and API key are saved either way, so "Definições" can turn it on.
   */
  readonly invoicing?: boolean;
  /**
   * The twin's SES account in the sandbox (no production access, `GetAccount`), as a new AWS account
   * starts (`npm start -- --ses-sandbox`, or `TWIN_SES_SANDBOX=1`): the go-live checklist's SES item is
   * unmet and checkout answers 503 `shop_not_ready` until the owner acknowledges that customers get no
   * mail, or `POST <ses>/_twin/ses-account` grants production access. @default false.
   */
  readonly sesSandbox?: boolean;
  /** Lambda's concurrent executions for the whole account (`ACCOUNT_CONCURRENCY`: 1 000; a new account's 10). */
  readonly concurrency?: number;
  /** Told each step of the start, in Portuguese ("fotos de demonstração: 12/28"): `npm start` prints them. */
  readonly onProgress?: (line: string) => void;
}
