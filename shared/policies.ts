/**
 * Facts of the shop's policies (spec §9), for the static pages and the FAQ.
 */

/** An inclusive range. @example const r: Range = { min: 3, max: 5 }; */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** An order may be cancelled within this many hours of payment, if not yet shipped. @example CANCELLATION_WINDOW_HOURS // 24 */
export const CANCELLATION_WINDOW_HOURS = 24;
/** The shop answers or refunds within this many hours. @example RESPONSE_OR_REFUND_HOURS // 48 */
export const RESPONSE_OR_REFUND_HOURS = 48;
/** A defect must be reported within this many days. @example DEFECT_REPORT_DAYS // 14 */
export const DEFECT_REPORT_DAYS = 14;
/** Delivery in Portugal, in working days. @example NATIONAL_DELIVERY_WORKING_DAYS.max // 5 */
export const NATIONAL_DELIVERY_WORKING_DAYS: Range = { min: 3, max: 5 };
/** Delivery abroad, in working days. @example INTERNATIONAL_DELIVERY_WORKING_DAYS.min // 7 */
export const INTERNATIONAL_DELIVERY_WORKING_DAYS: Range = { min: 7, max: 15 };
/** Necklace lengths on offer. @example NECKLACE_LENGTHS_CM // [40, 45, 50] */
export const NECKLACE_LENGTHS_CM = [40, 45, 50] as const;
/** Bracelet length. @example BRACELET_LENGTH_CM.min // 18 */
export const BRACELET_LENGTH_CM: Range = { min: 18, max: 20 };
