/**
 * Finding an order by what the owner remembers of it: part of the customer's name, e-mail or phone, or
 * the order number. DynamoDB has no text search, so each order gets search terms when it is placed
 * (`orderSearchTerms`: the starts of every word of the name and of the e-mail's local part, and the
 * starts of the phone number and the order number), kept in their own table next to the order; a
 * search reads the orders of one term (`searchPlan`: the query's most selective word) and keeps those
 * that match every other word (`matchesSearch`). No request reads all orders.
 */

/** Shortest word start that is a term (one letter would find half the shop). */
export const MIN_TERM_LENGTH = 2;
/** Digits are terms from this many on (phone and order number starts). */
export const MIN_DIGITS_TERM_LENGTH = 3;
/** Longest word start kept as a term; a longer query word is looked up by this start, then matched whole. */
export const MAX_TERM_LENGTH = 15;
/** At most this many terms per order (they are written in the order's transaction). */
export const MAX_TERMS_PER_ORDER = 40;
/** At most this many orders and messages in one customer view (the newest). */
export const CUSTOMER_HISTORY_SHOWN = 300;
/** Longest search the back-office accepts. */
export const MAX_SEARCH_LENGTH = 60;

/** Lower case, without accents: "Conceição" → "conceicao". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, folded: letters and digits only. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A phone as the search sees it: its digits, without Portugal's +351 / 00351 prefix. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.replace(/^(?:00)?351(?=\d{9}$)/, '');
}

/**
 * The term of a customer's whole history: every order and contact message with this e-mail (lower
 * case) is kept under it, so the customer view is one query. Its `=` never appears in a word term.
 *
 * @example customerTerm(' Ana.Costa@Example.com ') // '=ana.costa@example.com'
 */
export function customerTerm(email: string): string {
  return `=${email.trim().toLowerCase()}`;
}

/** What of an order is searchable. */
export interface SearchableOrder {
  readonly orderNumber: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

function starts(word: string, min: number): string[] {
  const out: string[] = [];
  for (let length = min; length <= Math.min(word.length, MAX_TERM_LENGTH); length++) out.push(word.slice(0, length));
  return out;
}

/**
 * The terms under which an order is found, most useful first (its customer's, then number, phone,
 * name, e-mail words), at most `MAX_TERMS_PER_ORDER`.
 *
 * @example orderSearchTerms({ orderNumber: 123456, firstName: 'Inês', lastName: 'Sá', email: 'ines.sa@x.pt', phone: '+351 912 345 678' })
 * // ['=ines.sa@x.pt', '123', '1234', '12345', '123456', '912', ..., '912345678', 'in', 'ine', 'ines', 'sa']
 */
export function orderSearchTerms(order: SearchableOrder): string[] {
  const terms = new Set<string>([customerTerm(order.email)]);
  const add = (list: string[]) => list.forEach((term) => terms.add(term));
  add(starts(String(order.orderNumber), MIN_DIGITS_TERM_LENGTH));
  add(starts(phoneDigits(order.phone), MIN_DIGITS_TERM_LENGTH));
  for (const word of searchWords(`${order.firstName} ${order.lastName}`)) add(starts(word, MIN_TERM_LENGTH));
  const local = order.email.split('@')[0] ?? '';
  for (const word of searchWords(local)) add(starts(word, /^\d+$/.test(word) ? MIN_DIGITS_TERM_LENGTH : MIN_TERM_LENGTH));
  return [...terms].slice(0, MAX_TERMS_PER_ORDER);
}

/** The terms of an order's number (its starts from 3 digits): they say nothing of the customer, so an anonymised order keeps them. */
export function orderNumberTerms(orderNumber: number): string[] {
  return starts(String(orderNumber), MIN_DIGITS_TERM_LENGTH);
}

/** The words of an order that a query word must start (name, e-mail parts, phone and number). */
function orderWords(order: SearchableOrder): string[] {
  return [...searchWords(`${order.firstName} ${order.lastName} ${order.email}`), phoneDigits(order.phone), String(order.orderNumber)];
}

/** The query's words that can be looked up (digits from 3, letters from 2); the rest cannot narrow a search. */
export function queryWords(query: string): string[] {
  const words = searchWords(query.replace(/(\d)[\s.-]+(?=\d)/g, '$1'));
  return words.filter((word) => word.length >= (/^\d+$/.test(word) ? MIN_DIGITS_TERM_LENGTH : MIN_TERM_LENGTH));
}

/**
 * How to run a search: the term to read (the longest word, cut to `MAX_TERM_LENGTH`) and the words every
 * result must match; undefined when the query has no word long enough.
 *
 * @example searchPlan('Maria  Conceição') // { term: 'conceicao', words: ['maria', 'conceicao'] }
 * @example searchPlan('912 345 678') // { term: '912345678', words: ['912345678'] }
 */
export function searchPlan(query: string): { term: string; words: string[] } | undefined {
  const words = queryWords(query);
  if (words.length === 0) return undefined;
  const longest = [...words].sort((a, b) => b.length - a.length)[0]!;
  return { term: longest.slice(0, MAX_TERM_LENGTH), words };
}

/** True when every query word starts one of the order's words. */
export function matchesSearch(order: SearchableOrder, words: readonly string[]): boolean {
  const own = orderWords(order);
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}
