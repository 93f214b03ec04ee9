/**
 * Scheduled: closes every reservation whose time to pay ran out, giving back its stock and MB WAY slot,
 * then looks at the held share (a drop under half re-arms the owner's alert).
 */
import { logger } from '../logger.ts';
import { watchHeldShareQuietly } from '../services/held-share.ts';
import { expireReservations } from '../services/order-lifecycle.ts';

export const handler = async (): Promise<{ expired: number }> => {
  const now = new Date();
  const expired = await expireReservations(now);
  if (expired > 0) logger.info('reservations expired', { expired });
  await watchHeldShareQuietly(now);
  return { expired };
};
