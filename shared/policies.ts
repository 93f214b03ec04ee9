/**
 * Facts of the shop's policies, for the static pages and the FAQ.
 */

/** An inclusive range. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** An order may be cancelled within this many hours of payment, if not yet shipped. */
export const CANCELLATION_WINDOW_HOURS = 24;
/** The shop answers or refunds within this many hours. */
export const RESPONSE_OR_REFUND_HOURS = 48;
/**
 * Days every access log is kept (CloudFront, API Gateway, S3 server access logs, the functions' logs),
 * then deleted: the log bucket's lifecycle and the log groups' retention (`infra/cloud/data.ts`), stated
 * on the privacy page.
 */
export const ACCESS_LOG_DAYS = 30;
/** A defect must be reported within this many days. */
export const DEFECT_REPORT_DAYS = 14;
/** Delivery in Portugal, in working days. */
export const NATIONAL_DELIVERY_WORKING_DAYS: Range = { min: 3, max: 5 };
/** Delivery abroad, in working days. */
export const INTERNATIONAL_DELIVERY_WORKING_DAYS: Range = { min: 7, max: 15 };
/** Necklace lengths on offer. */
export const NECKLACE_LENGTHS_CM = [40, 45, 50] as const;
/** Bracelet length. */
export const BRACELET_LENGTH_CM: Range = { min: 18, max: 20 };
