/**
 * The names of the shop's business metrics: `lambdas/metrics.ts` writes them; the stack's alarm on
 * mails failed for good and its dashboard read them.
 */
export const BUSINESS_METRICS = {
  /** Reservations placed (an order whose stock, price and number are now fixed). */
  ordersPlaced: 'OrdersPlaced',
  /** Reservations nobody paid in time, closed by the scheduled job. */
  reservationsExpired: 'ReservationsExpired',
  /** Outbox e-mails that SES refused for good or that kept failing. */
  mailsFailed: 'MailsFailedForGood',
} as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];
