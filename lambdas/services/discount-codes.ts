/**
 * Discount codes (docs/discount-codes.md): the owner's "Códigos de desconto" (list with uses, create,
 * edit, pause, delete) and the code's part of a checkout: read, checked (`codeRefusal`), priced
 * (`quoteWithCode`, the one pricing of `shared/discount-codes.ts`), its use taken in the stock's
 * transaction (`takeCodeUseItems`) and the refusals said in Portuguese beside the field.
 */
import { randomUUID } from 'node:crypto';
import type { OrderLine } from '#shared/api.ts';
import {
  codeRefusal,
  hasLookAlikes,
  normalizeCode,
  quoteWithCode,
  wallTimeText,
  type CodedQuote,
  type CodeCheck,
  type CodeLine,
  type DiscountCode,
  type DiscountCodeView,
} from '#shared/discount-codes.ts';
import { formatCents } from '#shared/money.ts';
import { discountCodeAdminTexts, discountCodeTexts } from '#shared/messages/index.ts';
import type { ProductType } from '#shared/product.ts';
import type { DiscountCodeInput } from '#shared/schemas/discount-code.ts';
import type { ShippingMethodId } from '#shared/shipping.ts';
import { Conflict, InvalidInput, NotFound } from '../errors.ts';
import { getCounters } from '../repositories/counters.ts';
import {
  CODE_CUSTOMER_USES_LEFT,
  CODE_UNCHANGED,
  CODE_UNUSED,
  CODE_USES_LEFT,
  codeUsesCounter,
  deleteCodeItems,
  getDiscountCode,
  listDiscountCodes,
  putDiscountCode,
} from '../repositories/discount-codes.ts';
import { writeTransactionRetrying, type TransactionResult } from '../repositories/transactions.ts';

/** The field a refusal is said beside, in the checkout's body. */
const FIELD = 'discountCode';

/** A refusal of a code as the customer reads it: 409 with the fixed code and the reason beside the field. */
export function codeConflict(check: CodeCheck, code?: DiscountCode): Conflict {
  const message = refusalText(check, code);
  return new Conflict(message, check.refusal, { [FIELD]: message });
}

function refusalText(check: CodeCheck, code?: DiscountCode): string {
  const t = discountCodeTexts;
  switch (check.refusal) {
    case 'code_unknown':
      return t.unknown;
    case 'code_expired':
      return t.expired(wallTimeText(String(check.detail)));
    case 'code_not_started':
      return t.notStarted(wallTimeText(String(check.detail)));
    case 'code_minimum':
      return t.minimum(formatCents(Number(check.detail)));
    case 'code_used_up':
      return typeof check.detail === 'number' ? t.usedUpByCustomer(check.detail) : t.usedUp;
    case 'code_not_applicable':
      return code && !code.appliesToDiscounted ? t.notApplicableDiscounted : t.notApplicable;
  }
}

/** A line of an order being priced, with what a code's scope reads: its piece's collection and type. */
export type ScopedLine = OrderLine & { readonly collection: string; readonly type: ProductType };

/** An order's lines and quote with its code (none: `code` absent, the quote of `quoteOrder`). */
export interface CodedOrder {
  readonly lines: OrderLine[];
  readonly quote: CodedQuote<CodeLine>;
  readonly code?: DiscountCode;
}

/**
 * Prices an order's lines with the code typed (absent: none), refusing an unknown, paused, expired, not
 * yet valid code, one whose minimum the goods do not reach or whose scope holds none of the pieces, and
 * (`checkUses`) one whose uses are all taken: the checkout's transaction decides that last one itself.
 */
export async function priceWithCode(
  scoped: readonly ScopedLine[],
  shippingMethod: ShippingMethodId,
  typed: string | undefined,
  now: Date,
  checkUses = false,
): Promise<CodedOrder> {
  const code = typed ? await getDiscountCode(normalizeCode(typed)) : undefined;
  if (typed) {
    const refusal = codeRefusal(code, scoped, now);
    if (refusal) throw codeConflict(refusal, code);
    if (checkUses && code?.maxUses !== undefined) {
      const uses = (await getCounters([codeUsesCounter(code.code)]))[codeUsesCounter(code.code)] ?? 0;
      if (uses >= code.maxUses) throw codeConflict({ refusal: 'code_used_up' }, code);
    }
  }
  const quote = quoteWithCode(scoped, shippingMethod, code);
  const lines = scoped.map(({ collection: _collection, type: _type, ...line }, i) => {
    const share = quote.lineCodeCents[i] ?? 0;
    return share > 0 ? { ...line, codeDiscountCents: share } : line;
  });
  return { lines, quote, ...(code ? { code } : {}) };
}

/** A checkout's transaction refused by one of its code's conditions: why, in Portuguese (nothing was written). */
export function refuseCodeUse(result: Extract<TransactionResult, { written: false }>, code: DiscountCode | undefined): void {
  if (!code) return;
  if (result.refused(CODE_UNCHANGED)) throw new Conflict(discountCodeTexts.changed, 'code_unknown', { [FIELD]: discountCodeTexts.changed });
  if (result.refused(CODE_USES_LEFT)) throw codeConflict({ refusal: 'code_used_up' }, code);
  const customer = result.refused(CODE_CUSTOMER_USES_LEFT);
  if (customer) throw codeConflict({ refusal: 'code_used_up', detail: Number(customer.old?.value ?? code.maxUsesPerCustomer ?? 1) }, code);
}

// ── The owner's "Códigos de desconto" ──

/** Every code, newest first, with its uses now (one read of their counters). */
export async function discountCodesWithUses(): Promise<DiscountCodeView[]> {
  const codes = await listDiscountCodes();
  const counters = codes.length > 0 ? await getCounters(codes.map((code) => codeUsesCounter(code.code))) : {};
  return codes.map((code) => ({ ...code, uses: Math.max(0, counters[codeUsesCounter(code.code)] ?? 0) }));
}

/** One code with its uses, or 404 in Portuguese. */
export async function discountCodeWithUses(name: string | undefined): Promise<DiscountCodeView> {
  const code = name ? await getDiscountCode(normalizeCode(name)) : undefined;
  if (!code) throw new NotFound(discountCodeAdminTexts.notFound, 'code_unknown');
  const counters = await getCounters([codeUsesCounter(code.code)]);
  return { ...code, uses: Math.max(0, counters[codeUsesCounter(code.code)] ?? 0) };
}

/** The stored code of an input: the fields that apply to its type only. */
function codeOf(input: DiscountCodeInput, createdAt: string, now: Date): DiscountCode {
  const { percent, amountCents, ...rest } = input;
  // What was left empty (absent, null, an empty list) is not stored: the code has no such limit.
  const fields = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)),
  );
  return {
    ...(fields as unknown as Omit<DiscountCode, 'percent' | 'amountCents' | 'createdAt' | 'updatedAt'>),
    ...(input.type === 'percent' ? { percent } : {}),
    ...(input.type === 'amount' ? { amountCents } : {}),
    createdAt,
    updatedAt: now.toISOString(),
  };
}

/** A new code: its name free (case-insensitive: names are stored upper-case) and without look-alike characters. */
export async function createDiscountCode(input: DiscountCodeInput, now = new Date()): Promise<DiscountCodeView> {
  if (hasLookAlikes(input.code)) throw new InvalidInput(discountCodeAdminTexts.lookAlike, { code: discountCodeAdminTexts.lookAlike });
  const code = codeOf(input, now.toISOString(), now);
  if (!(await putDiscountCode(code, 'create'))) {
    const message = discountCodeAdminTexts.exists(code.code);
    throw new Conflict(message, 'code_exists', { code: message });
  }
  return { ...code, uses: 0 };
}

/** An edit (pausing included) of the code `{code}`: every field but its name; its uses stay. */
export async function updateDiscountCode(name: string | undefined, input: DiscountCodeInput, now = new Date()): Promise<DiscountCodeView> {
  const current = await discountCodeWithUses(name);
  if (input.code !== current.code) throw new InvalidInput(discountCodeAdminTexts.codeInvalid, { code: discountCodeAdminTexts.codeInvalid });
  const code = codeOf(input, current.createdAt, now);
  if (!(await putDiscountCode(code, 'replace'))) throw new NotFound(discountCodeAdminTexts.notFound, 'code_unknown');
  return { ...code, uses: current.uses };
}

/** Deletes a code no order holds (else 409: pause it, so the sales keep saying where they came from). */
export async function deleteDiscountCode(name: string | undefined): Promise<string> {
  const current = await discountCodeWithUses(name);
  const result = await writeTransactionRetrying(deleteCodeItems(current.code), randomUUID());
  if (result.written) return current.code;
  if (result.refused(CODE_UNUSED)) throw new Conflict(discountCodeAdminTexts.inUse(current.uses), 'code_in_use');
  throw new NotFound(discountCodeAdminTexts.notFound, 'code_unknown');
}
