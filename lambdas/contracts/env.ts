/**
 * Names of the environment variables that carry settings (not resource names) to the functions.
 * The CDK stack sets them from its parameters, the local twin from its own values, and the lambdas
 * read them once at cold start.
 */

/** Come with a `mail` grant. */
export const MAIL_ENV = {
  /** Sender address (the verified SES identity). */
  from: 'MAIL_FROM',
  /** Prefix of the SES template names: `templateName(prefix, id)` of `mail-templates.ts`. */
  templatePrefix: 'MAIL_TEMPLATE_PREFIX',
  /** Public origin of the shop (`https://...`, no trailing slash), for links in e-mails. */
  shopUrl: 'SHOP_URL',
  /**
   * SES configuration set every send names (bounce/complaint events, suppression list, reputation
   * metrics). Always set by the stack and the twin; a send without it would escape those.
   */
  configurationSet: 'MAIL_CONFIGURATION_SET',
  /**
   * Region of the SES identity, templates and configuration set (context `sesRegion`), which may differ
   * from the function's own: Europe (Spain) has no SES. Set by the stack; unset (the twin), the SES
   * client takes the function's region.
   */
  sesRegion: 'MAIL_SES_REGION',
  /** The back-office's path prefix (`adminPathPrefix`), for links in the owner's e-mails; unset = `DEFAULT_ADMIN_PREFIX`. */
  adminPrefix: 'SHOP_ADMIN_PREFIX',
  /**
   * The sender's SES identity as SES names it (the domain when a domain is verified, else the
   * address): what the go-live checklist asks SES about (`GetEmailIdentity`, docs/design.md §33).
   */
  identity: 'MAIL_IDENTITY',
} as const;

/**
 * The origin lock: CloudFront adds `ORIGIN_HEADER` with the stage's secret to every request it sends
 * to the API, and every function refuses a request without it (403), so nothing reaches the API
 * around CloudFront (and its per-client limits, WAF and cache). Every API function gets the secret's
 * ARN (never its value) and reads it at run time (`repositories/secrets.ts`).
 */
export const ORIGIN_ENV = { secretArn: 'ORIGIN_SECRET_ARN' } as const;
export const ORIGIN_HEADER = 'x-origin-verify';
/**
 * Sent, with the same secret, only by CloudFront's origin group to the pages function (and by the twin's
 * front door): a page is rendered and kept only on that path, never for a request that came through
 * `/api/*` (which anyone can send, uncached).
 */
export const PAGES_FALLBACK_HEADER = 'x-pages-fallback';
/**
 * The viewer's IP address (`198.51.100.10`, `2001:db8::1`), set on every API request by the edge:
 * CloudFront's viewer-request function of the `/api/*` behaviour (`infra/cloud/edge-functions.ts`,
 * attached in `infra/cloud/web.ts`) from `event.viewer.ip`, the twin's front door from the connection; either overwrites whatever the
 * client sent under that name, so a client cannot choose the address its limits count against.
 */
export const VIEWER_IP_HEADER = 'x-viewer-ip';

/**
 * Comes with an `orderLinks` grant: the ARN of the secret (never its value) that holds the key of an
 * order's "A minha encomenda" link (`orderAccessToken`: HMAC-SHA256 of the order id), read at run time
 * (`repositories/secrets.ts`). The key lets the outbox consumer rebuild the link for every e-mail of the
 * order without ever storing the token. Generated once per stage (Secrets Manager in the cloud, the
 * twin's stand-in, kept with its data, locally); rotated with an overlap (`npm run rotate-secret`).
 */
export const ORDER_LINK_ENV = { secretArn: 'ORDER_LINK_SECRET_ARN' } as const;

/**
 * Comes with a `paymentKeys` grant (docs/design.md §34): the ARN of the secret that holds the payment
 * provider's keys (`PaymentKeys` of `shared/automatic-payments.ts`, JSON), read at run time like the
 * others (`repositories/secrets.ts`); `endpoint` is set only in the twin, to its local provider
 * (`http://127.0.0.1:<port>`, `infra/twin/payments-local.ts`): in the cloud the client calls the provider.
 */
export const PAYMENT_KEYS_ENV = { secretArn: 'PAYMENT_KEYS_SECRET_ARN', endpoint: 'PAYMENT_PROVIDER_ENDPOINT' } as const;

/**
 * Comes with an `invoicingKey` grant (docs/invoices.md): the ARN of the secret that holds the invoicing
 * provider's API key (`{ "apiKey" }`, JSON), read at run time (`repositories/secrets.ts`); `endpoint` is
 * set only in the twin, to its InvoiceXpress stand-in (`infra/twin/invoicing-local.ts`).
 */
export const INVOICING_ENV = { secretArn: 'INVOICING_KEY_SECRET_ARN', endpoint: 'INVOICING_PROVIDER_ENDPOINT' } as const;

/**
 * Set on the functions that render pages (`lambdas/services/pages.ts`): the directory of the built
 * pre-renderer (`web/dist-ssr`: `render-page.js`, the app's `template.html` and `manifest.json`),
 * bundled with the function in the cloud.
 */
export const PAGES_ENV = { rendererDir: 'PAGE_RENDERER_DIR' } as const;

/** Set on the outbox consumer only. */
export const OUTBOX_ENV = {
  /** At most this many e-mails a second from one consumer instance (the account's SES sending rate). */
  sendRate: 'MAIL_SEND_RATE',
} as const;

/**
 * The header of a public write's solved proof of work (docs/design.md §28): base64 JSON
 * `{ challenge, solution }`, as the `altcha` widget makes it, at most {@link MAX_PROOF_HEADER_BYTES}.
 * The edge refuses a guarded write whose header is absent or not of that shape before it reaches the
 * API (`infra/common/edge-rules.ts`); the function checks the rest.
 */
export const CHALLENGE_HEADER = 'x-altcha';
export const MAX_PROOF_HEADER_BYTES = 4096;
