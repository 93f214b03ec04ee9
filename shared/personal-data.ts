/**
 * A customer's personal data on their orders, and what anonymising it (GDPR erasure, on the customer's
 * request) leaves. The order stays as the shop's accounting record (number, dates, status, pieces,
 * amounts, shipping and payment methods, country: `ORDER_RETENTION_YEARS`); the fields that say who the
 * customer is and where they live are replaced, and the order's free texts (its timeline's notes and
 * reasons, its e-mail history's errors) lose every trace of them. A gift card's message goes whole
 * ({@link REDACTED}): it may name anyone, the person it was for too; the wrap and its price stay.
 */
import type { Order, OrderEmailRecord, TimelineEntry } from './api.ts';
import { phoneDigits } from './order-search.ts';

/** What stands for the customer's name on an anonymised order (the orders list, the packing slip, the export). */
export const ANONYMISED_NAME = 'Anonimizado';

/** What stands in a free text where the customer's data was. */
export const REDACTED = '[anonimizado]';

/** The personal fields of an order and what each becomes (the types stay: strings). */
export const ANONYMISED_FIELDS = {
  firstName: ANONYMISED_NAME,
  lastName: '',
  email: '',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  // The invoice keeps them (the provider's copy, ten years by law: docs/invoices.md); the order does not.
  nif: '',
  companyName: '',
} as const satisfies Partial<Record<keyof Order, string>>;

export type PersonalField = keyof typeof ANONYMISED_FIELDS;
export type PersonalFields = Pick<Order, PersonalField>;

/** Words of a name that are not a name by themselves ("Maria da Silva"): never redacted alone. */
const PARTICLES = new Set(['da', 'das', 'de', 'del', 'der', 'di', 'do', 'dos', 'du', 'e', 'la', 'le', 'van', 'von', 'y']);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Not inside a word: letters and digits of any script count as word characters. */
const alone = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'giu');

/**
 * The patterns of a customer's data in free text, longest first (the e-mail and the street before the
 * words of the name, so no half of them is left): the e-mail, the street address, the postal code,
 * the locality and the phone exactly as written (any case), the phone's digits however they are spaced
 * (with or without +351), and each word of the first and last names (not particles like "da").
 */
function patternsOf(person: PersonalFields): RegExp[] {
  const exact = [person.email, person.address, person.postalCode, person.phone, person.city, person.nif ?? '', person.companyName ?? '']
    .map((value) => value.trim())
    .filter((value) => value.length >= 3)
    .sort((a, b) => b.length - a.length)
    .map((value) => alone(escape(value)));
  const digits = phoneDigits(person.phone);
  const phone = digits.length >= 6 ? [alone(`(?:(?:\\+|00)\\s?351[\\s.-]?)?${[...digits].join('[\\s.-]?')}`)] : [];
  const words = `${person.firstName} ${person.lastName}`
    .split(/[\s,.;:()"«»/]+/)
    .map((word) => word.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((word) => word.length >= 2 && !PARTICLES.has(word.toLowerCase()));
  const names = [...new Set(words)].sort((a, b) => b.length - a.length).map((word) => alone(escape(word)));
  return [...exact, ...phone, ...names];
}

/**
 * `text` without the customer's data: each occurrence becomes {@link REDACTED}.
 *
 * @example
 * scrubPersonalData('Ana Sá ligou do 912 345 678 (ana.sa@x.pt)', { firstName: 'Ana', lastName: 'Sá', email: 'ana.sa@x.pt', phone:
 * '912345678', address: 'Rua A, 1', postalCode: '1000-001', city: 'Lisboa' }) // '[anonimizado] [anonimizado] ligou do [anonimizado]
 * ([anonimizado])'
 */
export function scrubPersonalData(text: string, person: PersonalFields): string {
  return patternsOf(person).reduce((out, pattern) => out.replace(pattern, REDACTED), text);
}

/** The order's timeline and e-mail history with every free text scrubbed of the customer's data. */
export function scrubbedOrderTexts(order: Pick<Order, PersonalField | 'timeline' | 'emails'>): {
  timeline: TimelineEntry[];
  emails: OrderEmailRecord[];
} {
  const scrub = (text: string) => scrubPersonalData(text, order);
  return {
    timeline: order.timeline.map((entry) => (entry.text === undefined ? entry : { ...entry, text: scrub(entry.text) })),
    emails: order.emails.map((record) => (record.error === undefined ? record : { ...record, error: scrub(record.error) })),
  };
}
