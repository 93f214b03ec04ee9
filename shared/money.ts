/**
 * Money is an integer number of euro cents everywhere: storage, wire and computations. It becomes
 * text only for display, through `formatCents`.
 */
import { moneyTexts } from './messages/index.ts';

/** The shop's only currency. */
export const CURRENCY = 'EUR';

/** Cents in one euro. */
export const CENTS_PER_EURO = 100;

const euroFormat = new Intl.NumberFormat('pt-PT', { style: 'currency', currency: CURRENCY });
/** Intl puts a no-break space (U+00A0) or a narrow one (U+202F) before '€' and between thousands. */
const INTL_SPACES = /[\u00a0\u202f]/g;

/**
 * Formats cents as pt-PT euros with always two decimals. Intl's no-break spaces are replaced by plain
 * spaces so that the text is the same in Node and in every browser (and easy to assert on).
 * pt-PT groups thousands only from five digits on.
 *
 * @example
 * formatCents(1250);   // '12,50 €'
 * formatCents(123456); // '1234,56 €'
 * formatCents(12345678); // '123 456,78 €'
 */
export function formatCents(cents: number): string {
  return euroFormat.format(cents / CENTS_PER_EURO).replace(INTL_SPACES, ' ');
}

/**
 * Whole or fractional euros to cents, rounded to the nearest cent (floating-point safe).
 *
 * @example
 * eurosToCents(12.34); // 1234 (not 1233)
 */
export function eurosToCents(euros: number): number {
  return Math.round(euros * CENTS_PER_EURO);
}

/** Result of `parseEuroInput`. */
export type EuroParseResult = { readonly ok: true; readonly cents: number } | { readonly ok: false; readonly message: string };

/** Whole euros with at most 13 digits keep cents below `Number.MAX_SAFE_INTEGER`. */
const MAX_WHOLE_DIGITS = 13;
/** 1.234,56: dots as thousands separators, comma as the decimal separator. */
const DOT_GROUPED = /^\d{1,3}(?:\.\d{3})+,\d+$/;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a euro amount typed by a person into cents, without floating point.
 *
 * Accepted: a comma or a dot as the decimal separator with at most two decimals ('12,5', '12.50',
 * '12'); spaces anywhere are ignored, so '1 234,56' works; dots as thousands separators only together
 * with a decimal comma ('1.234,56'); an optional '€' at either end. Refused, with a pt-PT message:
 * empty text, negative amounts, more than two decimals (so the ambiguous '1.234' is refused), anything
 * else that is not a number, and amounts too large to count in cents safely.
 *
 * @example
 * parseEuroInput(' 1 234,56 '); // { ok: true, cents: 123456 }
 * parseEuroInput('12,345');     // { ok: false, message: 'Usa no máximo duas casas decimais.' }
 */
export function parseEuroInput(text: string): EuroParseResult {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^€|€$/g, '');
  if (compact === '') return { ok: false, message: moneyTexts.required };
  if (compact.startsWith('-')) return { ok: false, message: moneyTexts.negative };
  const normalised = DOT_GROUPED.test(compact) ? compact.replace(/\./g, '').replace(',', '.') : compact.replace(',', '.');
  const match = PLAIN.exec(normalised);
  if (!match) return { ok: false, message: moneyTexts.invalid };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, message: moneyTexts.tooManyDecimals };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, message: moneyTexts.tooLarge };
  return { ok: true, cents: Number(whole) * CENTS_PER_EURO + Number(fraction.padEnd(2, '0')) };
}
