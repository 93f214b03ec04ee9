/**
 * Tracking codes of a shipped order. CTT (the default carrier) uses the UPU S10 code: 2 letters, 8
 * digits, a check digit and the 2-letter country (`RR123456785PT`); a mistyped digit is caught by the
 * check digit before the code is mailed with its CTT link. Another carrier (`outra`) has its own
 * format: any 4-40 letters, digits and dashes, mailed without a CTT link.
 */
import { cttTrackingUrl } from './shipping.ts';

/** Who carries the parcel: the CTT (default) or another carrier. */
export const TRACKING_CARRIERS = ['ctt', 'outra'] as const;
export type TrackingCarrier = (typeof TRACKING_CARRIERS)[number];

/** The carrier when none is named. */
export const DEFAULT_CARRIER: TrackingCarrier = 'ctt';

/** The weights of the S10 check digit, one per serial digit. */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;
const S10_SHAPE = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/;
/** Another carrier's code: 4-40 capital letters, digits and dashes. */
const OTHER_CARRIER_SHAPE = /^[A-Z0-9-]{4,40}$/;

/**
 * A code as the owner typed it, as the shop keeps it: without spaces, in capitals.
 *
 * @example normaliseTrackingCode(' rr 123 456 785 pt ') // 'RR123456785PT'
 */
export function normaliseTrackingCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * The S10 check digit of 8 serial digits: 11 − (Σ digit × weight mod 11), where 10 is 0 and 11 is 5.
 *
 * @example s10CheckDigit('12345678') // 5
 */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * S10_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * Whether `code` (normalised) is a UPU S10 code whose check digit is right.
 *
 * @example isS10Code('RR123456785PT') // true
 * @example isS10Code('RR123456789PT') // false (the check digit of 12345678 is 5)
 */
export function isS10Code(code: string): boolean {
  const match = S10_SHAPE.exec(code);
  return match !== null && s10CheckDigit(match[1]!) === Number(match[2]);
}

/** Whether `code` (normalised) is a tracking code of `carrier`. */
export function isTrackingCode(code: string, carrier: TrackingCarrier = DEFAULT_CARRIER): boolean {
  return carrier === 'ctt' ? isS10Code(code) : OTHER_CARRIER_SHAPE.test(code);
}

/** The page that follows the parcel: the CTT's for a CTT code, none for another carrier's. */
export function trackingUrl(code: string, carrier: TrackingCarrier = DEFAULT_CARRIER): string | undefined {
  return carrier === 'ctt' ? cttTrackingUrl(code) : undefined;
}
