/** Scheduled: wakes outbox items whose retry time came, or whose consumer died before finishing. */
import { logger } from '../logger.ts';
import { redriveDueMail } from '../services/outbox-delivery.ts';

export const handler = async (): Promise<{ woken: number }> => {
  const woken = await redriveDueMail(new Date());
  if (woken > 0) logger.info('outbox items redriven', { woken });
  return { woken };
};
