/**
 * The requests the twin's payment provider takes (`payments-local.ts`), read as Stripe reads them: the
 * form-encoded body the `stripe` client sends, and Stripe's refusals of a payment it cannot make.
 */
export class StripeFault extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export type Form = { [key: string]: string | Form | Form[] | string[] };

/** Form fields as the `stripe` client writes them (`a[b][0]=x`) back into nested objects and arrays. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
}

export function text(form: Form, ...path: string[]): string | undefined {
  let node: unknown = form;
  for (const segment of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function amountOf(form: Form): number {
  const raw = text(form, 'amount');
  if (!raw || !/^\d+$/.test(raw))
    throw new StripeFault(400, 'invalid_request_error', 'Invalid integer: amount', 'parameter_invalid_integer', 'amount');
  const amount = Number(raw);
  // Stripe's minimum charge in EUR is 0,50 €; the amount field allows up to eight digits.
  if (amount < 50) throw new StripeFault(400, 'invalid_request_error', 'Amount must be at least €0.50 eur', 'amount_too_small', 'amount');
  if (amount > 99_999_999)
    throw new StripeFault(400, 'invalid_request_error', 'Amount must be no more than €999,999.99', 'amount_too_large', 'amount');
  return amount;
}

/** What a new PaymentIntent is made of, once its request is checked. */
export interface IntentRequest {
  readonly amount: number;
  readonly type: 'mb_way' | 'multibanco';
  readonly metadata: Record<string, string>;
  readonly description: string | null;
}

/**
 * The payment a `POST /v1/payment_intents` asks for, checked as Stripe checks it (one MB WAY or Multibanco payment in EUR, confirmed at
 * creation).
 */
export function intentRequest(form: Form): IntentRequest {
  const amount = amountOf(form);
  if (text(form, 'currency') !== 'eur')
    throw new StripeFault(
      400,
      'invalid_request_error',
      'MB WAY and Multibanco are only available in eur',
      'payment_method_currency_mismatch',
      'currency',
    );
  const type = text(form, 'payment_method_data', 'type');
  const allowed = form.allowed_payment_method_types;
  if ((type !== 'mb_way' && type !== 'multibanco') || !Array.isArray(allowed) || allowed.length !== 1 || allowed[0] !== type) {
    throw new StripeFault(
      400,
      'invalid_request_error',
      'The twin takes one of mb_way or multibanco, in payment_method_data[type] and allowed_payment_method_types',
      'payment_method_unsupported_type',
      'payment_method_data[type]',
    );
  }
  if (text(form, 'confirm') !== 'true')
    throw new StripeFault(400, 'invalid_request_error', 'The shop confirms at creation (confirm=true)', 'parameter_missing', 'confirm');
  const phone = text(form, 'payment_method_data', 'billing_details', 'phone');
  const email = text(form, 'payment_method_data', 'billing_details', 'email');
  if (type === 'mb_way' && !phone?.match(/^\+?\d{9,15}$/))
    throw new StripeFault(
      400,
      'invalid_request_error',
      'MB WAY needs billing_details[phone]',
      'parameter_missing',
      'payment_method_data[billing_details][phone]',
    );
  if (type === 'multibanco' && !email?.includes('@'))
    throw new StripeFault(
      400,
      'invalid_request_error',
      'Multibanco needs billing_details[email]',
      'parameter_missing',
      'payment_method_data[billing_details][email]',
    );
  const metadata = (form.metadata && !Array.isArray(form.metadata) && typeof form.metadata === 'object' ? form.metadata : {}) as Record<
    string,
    string
  >;
  return { amount, type, metadata, description: text(form, 'description') ?? null };
}
