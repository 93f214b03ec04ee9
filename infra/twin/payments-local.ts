/**
 * The twin's payment provider: a local stand-in for the part of Stripe's API the shop's adapter uses
 * (`lambdas/services/stripe-payments.ts`), so the same adapter code runs offline. The official `stripe`
 * client is pointed here (`host`, `port`, `protocol`); requests are form-encoded as the client sends
 * them and answers have the shapes of the client's TypeScript types:
 *
 * - `POST /v1/payment_intents` (confirmed at creation, `mb_way` or `multibanco`, EUR, `Idempotency-Key`
 *   honoured as Stripe does: the same key and parameters answer the first answer again, other
 *   parameters with the same key are refused);
 * - `GET /v1/payment_intents/{id}` (with `expand[]=latest_charge.balance_transaction`);
 * - `POST /v1/refunds` (whole or partial, never more than what is left);
 * - `GET /v1/balance` (the harmless call that checks the keys).
 *
 * Every call needs `Authorization: Bearer <secret key>` (401 otherwise, as Stripe answers a wrong key).
 * The "payments viewer" (`GET /`, next to the mail viewer) is where a tester approves or declines an
 * MB WAY request and pays or lets expire a Multibanco reference; each outcome is sent to the shop's
 * webhook as a Stripe event, signed as Stripe signs (`Stripe-Signature`, HMAC-SHA256 of
 * `timestamp.body` with the endpoint secret, made by the client's own `generateTestHeaderString`), and
 * sent again (up to `WEBHOOK_ATTEMPTS` times) while the shop does not answer 2xx, as Stripe retries.
 *
 * Not Stripe's: the fee (the twin charges `TWIN_FEE`: 1,4 % + 25 cents, a round figure for the
 * reconciliation screens, not a price list) and time (a voucher's expiry is a tester's click).
 */
import http from 'node:http';
import Stripe from 'stripe';
import { HOST, listen } from './processes.ts';
import { VIEWER_CSP, viewerPage, type Delivery } from './payments-viewer.ts';
import { eventOf, id, newIntent, refundOf, succeededCharge, type LocalCharge } from './payments-local-objects.ts';
import { intentRequest, parseForm, StripeFault, text, type Form } from './payments-local-requests.ts';
export { MULTIBANCO_DAYS, TWIN_FEE, TWIN_MULTIBANCO_ENTITY } from './payments-local-objects.ts';
export { parseForm } from './payments-local-requests.ts';

export type { Delivery };

/** How often the twin sends one event while the shop's webhook does not answer 2xx. */
export const WEBHOOK_ATTEMPTS = 3;

export interface PaymentsLocalOptions {
  /** The secret API key the shop must send. */
  readonly secretKey: string;
  /** The webhook endpoint's signing secret. */
  readonly webhookSecret: string;
  /** Where events go (the shop's `POST /api/payments/stripe`); settable later (`setWebhookUrl`). */
  readonly webhookUrl?: string;
  /** Extra headers on every webhook request (the twin's origin secret, as CloudFront adds it). */
  readonly webhookHeaders?: Readonly<Record<string, string>>;
}

export interface PaymentsLocal {
  readonly url: string;
  readonly endpoint: { readonly host: string; readonly port: number; readonly protocol: 'http' };
  setWebhookUrl(url: string, headers?: Readonly<Record<string, string>>): void;
  /** The PaymentIntents so far, newest first. */
  intents(): Stripe.PaymentIntent[];
  /** The customer approves the MB WAY request in their app. Resolves once the shop has been told. */
  approve(paymentId: string): Promise<Delivery[]>;
  /** The customer declines the MB WAY request (or lets it time out). */
  decline(paymentId: string): Promise<Delivery[]>;
  /** The customer pays the Multibanco reference at an ATM or in home banking. */
  payReference(paymentId: string): Promise<Delivery[]>;
  /** The Multibanco reference reaches its expiry unpaid. */
  expireReference(paymentId: string): Promise<Delivery[]>;
  /** Every webhook delivery so far. */
  deliveries(): readonly Delivery[];
  /** An outage (`true`): every API call is answered 500 `api_error`, as Stripe's own failures are, until it ends. */
  setOutage(down: boolean): void;
  stop(): Promise<void>;
}

/** The provider's state and API: PaymentIntents, charges, refunds, idempotent answers, webhook deliveries. */
class LocalStripe {
  private readonly stripe: Stripe;
  private readonly intents = new Map<string, Stripe.PaymentIntent>();
  /** An outage set by a test (`setOutage`). */
  down = false;
  private readonly charges = new Map<string, LocalCharge>();
  private readonly idempotent = new Map<string, { readonly body: string; readonly path: string; readonly answer: unknown }>();
  readonly deliveries: Delivery[] = [];
  webhookUrl: string | undefined;
  webhookHeaders: Readonly<Record<string, string>>;

  constructor(private readonly options: PaymentsLocalOptions) {
    this.stripe = new Stripe(options.secretKey);
    this.webhookUrl = options.webhookUrl;
    this.webhookHeaders = options.webhookHeaders ?? {};
  }

  list(): Stripe.PaymentIntent[] {
    return [...this.intents.values()].reverse();
  }

  createIntent(form: Form): Stripe.PaymentIntent {
    const intent = newIntent(intentRequest(form));
    this.intents.set(intent.id, intent);
    return intent;
  }

  intentOf(paymentId: string): Stripe.PaymentIntent {
    const intent = this.intents.get(paymentId);
    if (!intent)
      throw new StripeFault(404, 'invalid_request_error', `No such payment_intent: '${paymentId}'`, 'resource_missing', 'intent');
    return intent;
  }

  expanded(intent: Stripe.PaymentIntent, expand: readonly string[]): Stripe.PaymentIntent {
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : undefined;
    if (!chargeId || !expand.some((path) => path.startsWith('latest_charge'))) return intent;
    const charge = this.charges.get(chargeId)!;
    const withTransaction = expand.includes('latest_charge.balance_transaction')
      ? charge
      : { ...charge, balance_transaction: charge.balance_transaction.id };
    return { ...intent, latest_charge: withTransaction } as Stripe.PaymentIntent;
  }

  refund(form: Form): Stripe.Refund {
    const intent = this.intentOf(text(form, 'payment_intent') ?? '');
    const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : undefined;
    if (intent.status !== 'succeeded' || !chargeId)
      throw new StripeFault(
        400,
        'invalid_request_error',
        `PaymentIntent ${intent.id} has no successful charge to refund`,
        'charge_not_refundable',
      );
    const charge = this.charges.get(chargeId)!;
    const left = charge.amount - charge.amount_refunded;
    const amount = text(form, 'amount') === undefined ? left : Number(text(form, 'amount'));
    if (!Number.isInteger(amount) || amount <= 0)
      throw new StripeFault(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');
    if (left === 0)
      throw new StripeFault(400, 'invalid_request_error', `Charge ${chargeId} has already been refunded.`, 'charge_already_refunded');
    if (amount > left)
      throw new StripeFault(
        400,
        'invalid_request_error',
        `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
        'amount_too_large',
        'amount',
      );
    const updated = {
      ...charge,
      amount_refunded: charge.amount_refunded + amount,
      refunded: charge.amount_refunded + amount === charge.amount,
    };
    this.charges.set(chargeId, updated);
    const made = refundOf(intent.id, chargeId, amount);
    void this.send('charge.refunded', updated);
    return made;
  }

  private async deliver(event: Stripe.Event): Promise<Delivery[]> {
    const made: Delivery[] = [];
    if (!this.webhookUrl) return made;
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt += 1) {
      const signature = this.stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.webhookSecret });
      const status = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, ...this.webhookHeaders },
        body: payload,
      })
        .then(async (answer) => {
          await answer.arrayBuffer();
          return answer.status;
        })
        .catch(() => 0);
      const delivery = { eventId: event.id, type: event.type, status, attempt };
      made.push(delivery);
      this.deliveries.push(delivery);
      if (status >= 200 && status < 300) break;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
    return made;
  }

  private send(type: string, object: unknown): Promise<Delivery[]> {
    return this.deliver(eventOf(type, object));
  }

  /** The customer's answer to a waiting payment: paid, or declined / expired with `reason`. */
  settle(paymentId: string, type: 'mb_way' | 'multibanco', outcome: 'succeeded' | 'failed', reason?: string): Promise<Delivery[]> {
    const intent = this.intentOf(paymentId);
    if (!intent.payment_method_types.includes(type)) throw new Error(`payment ${paymentId} is not ${type}`);
    if (intent.status !== 'requires_action') throw new Error(`payment ${intent.id} is ${intent.status}, not waiting for the customer`);
    if (outcome === 'failed') {
      const failed = {
        ...intent,
        status: 'requires_payment_method',
        next_action: null,
        last_payment_error: { type: 'invalid_request_error', code: 'payment_method_provider_decline', message: reason },
      } as unknown as Stripe.PaymentIntent;
      this.intents.set(intent.id, failed);
      return this.send('payment_intent.payment_failed', failed);
    }
    const charge = succeededCharge(intent);
    this.charges.set(charge.id, charge);
    const succeeded = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      next_action: null,
      latest_charge: charge.id,
    } as unknown as Stripe.PaymentIntent;
    this.intents.set(intent.id, succeeded);
    return this.send('payment_intent.succeeded', succeeded);
  }

  /** One API request: authenticated, idempotent for POSTs with a key, answered with Stripe's shapes. */
  api(method: string, path: string, body: string, headers: http.IncomingHttpHeaders, query: URLSearchParams): unknown {
    if (headers.authorization !== `Bearer ${this.options.secretKey}`)
      throw new StripeFault(401, 'invalid_request_error', 'Invalid API Key provided.', 'api_key_invalid');
    const key = method === 'POST' ? headers['idempotency-key'] : undefined;
    const replay = typeof key === 'string' ? this.idempotent.get(key) : undefined;
    if (replay) {
      if (replay.body !== body || replay.path !== path)
        throw new StripeFault(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used ` +
            `with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        );
      return replay.answer;
    }
    const form = parseForm(body);
    const expand = query.getAll('expand[]').concat(query.getAll('expand[0]'));
    let answer: unknown;
    if (method === 'POST' && path === '/v1/payment_intents') answer = this.createIntent(form);
    else if (method === 'GET' && /^\/v1\/payment_intents\/\w+$/.test(path))
      answer = this.expanded(this.intentOf(path.split('/')[3]!), expand);
    else if (method === 'POST' && path === '/v1/refunds') answer = this.refund(form);
    else if (method === 'GET' && path === '/v1/balance')
      answer = {
        object: 'balance',
        livemode: false,
        available: [{ amount: 0, currency: 'eur' }],
        pending: [{ amount: 0, currency: 'eur' }],
      };
    else
      throw new StripeFault(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}). The twin's provider answers only what the shop's adapter uses.`,
      );
    if (typeof key === 'string') this.idempotent.set(key, { body, path, answer });
    return answer;
  }
}

const VIEWER_ACTIONS = {
  approve: ['mb_way', 'succeeded', undefined],
  decline: ['mb_way', 'failed', 'The customer declined the MB WAY request.'],
  payReference: ['multibanco', 'succeeded', undefined],
  expireReference: ['multibanco', 'failed', 'The Multibanco voucher expired unpaid.'],
} as const;
type ViewerAction = keyof typeof VIEWER_ACTIONS;

async function act(state: LocalStripe, action: ViewerAction, paymentId: string): Promise<Delivery[]> {
  const [type, outcome, reason] = VIEWER_ACTIONS[action];
  return state.settle(paymentId, type, outcome, reason);
}

function handle(state: LocalStripe, request: http.IncomingMessage, response: http.ServerResponse, body: string): void {
  const url = new URL(request.url ?? '/', 'http://twin');
  const json = (status: number, value: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(value));
  };
  if (url.pathname.startsWith('/v1/')) {
    if (state.down)
      return json(500, { error: { type: 'api_error', message: 'An error occurred with our connection to Stripe. (twin outage)' } });
    try {
      json(200, state.api(request.method ?? 'GET', url.pathname, body, request.headers, url.searchParams));
    } catch (error) {
      if (error instanceof StripeFault)
        json(error.status, {
          error: {
            type: error.type,
            message: error.message,
            ...(error.code ? { code: error.code } : {}),
            ...(error.param ? { param: error.param } : {}),
          },
        });
      else json(500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
    }
    return;
  }
  const action = /^\/viewer\/(approve|decline|payReference|expireReference)\/(\w+)$/.exec(url.pathname);
  if (request.method === 'POST' && action) {
    Promise.resolve()
      .then(() => act(state, action[1] as ViewerAction, action[2]!))
      .catch(() => undefined)
      .finally(() => {
        response.writeHead(303, { location: '/' });
        response.end();
      });
    return;
  }
  if (request.method === 'GET' && url.pathname === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': VIEWER_CSP });
    response.end(viewerPage(state.list(), state.deliveries));
    return;
  }
  response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  response.end('not found');
}

export async function startPaymentsLocal(options: PaymentsLocalOptions): Promise<PaymentsLocal> {
  const state = new LocalStripe(options);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(state, request, response, Buffer.concat(chunks).toString('utf8')));
  });
  const port = await listen(server);
  return {
    url: `http://${HOST}:${port}`,
    endpoint: { host: HOST, port, protocol: 'http' },
    setWebhookUrl(url, headers = state.webhookHeaders) {
      state.webhookUrl = url;
      state.webhookHeaders = headers;
    },
    intents: () => state.list(),
    approve: (paymentId) => act(state, 'approve', paymentId),
    decline: (paymentId) => act(state, 'decline', paymentId),
    payReference: (paymentId) => act(state, 'payReference', paymentId),
    expireReference: (paymentId) => act(state, 'expireReference', paymentId),
    deliveries: () => state.deliveries,
    setOutage: (down) => {
      state.down = down;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
