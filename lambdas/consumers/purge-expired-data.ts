/** Scheduled, daily: deletes the personal data past the retention periods of the shop's settings. */
import { logger } from '../logger.ts';
import { purgeExpiredData, type RetentionRun } from '../services/retention.ts';

export const handler = async (): Promise<RetentionRun> => {
  const deleted = await purgeExpiredData(new Date());
  if (deleted.contactMessages + deleted.stockAlerts + deleted.proofs > 0) logger.info('expired personal data deleted', { ...deleted });
  return deleted;
};
