/**
 * Scheduled: wakes outbox items whose retry time came, or whose consumer died before finishing; and
 * queues the owner's digest of each finished hour that held notifications (`services/owner-digest.ts`).
 */
import { logger } from '../logger.ts';
import { redriveDueMail } from '../services/outbox-delivery.ts';
import { queueOwnerDigests } from '../services/owner-digest.ts';

export const handler = async (): Promise<{ woken: number; digests: number }> => {
  const now = new Date();
  const woken = await redriveDueMail(now);
  if (woken > 0) logger.info('outbox items redriven', { woken });
  const digests = await queueOwnerDigests(now);
  if (digests > 0) logger.info('owner digests queued', { digests });
  return { woken, digests };
};
