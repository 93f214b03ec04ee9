/**
 * Scheduled: wakes the orders whose invoicing waits and whose time came (the provider's outage's backoff
 * ended, or a run died holding its claim): each wake is a write, so the invoices consumer sees the order
 * again (`services/invoices.ts`, docs/invoices.md).
 */
import { logger } from '../logger.ts';
import { redriveDueInvoices } from '../services/invoices.ts';

export const handler = async (): Promise<{ woken: number }> => {
  const woken = await redriveDueInvoices(new Date());
  if (woken > 0) logger.info('order invoicing redriven', { woken });
  return { woken };
};
