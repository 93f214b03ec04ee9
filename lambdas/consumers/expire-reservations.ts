/** Scheduled: closes every reservation whose time to pay ran out, giving back its stock and MB WAY slot. */
import { logger } from '../logger.ts';
import { expireReservations } from '../services/order-lifecycle.ts';

export const handler = async (): Promise<{ expired: number }> => {
  const expired = await expireReservations(new Date());
  if (expired > 0) logger.info('reservations expired', { expired });
  return { expired };
};
