/**
 * A twin of the test file's own, for a file that compares what the whole shop holds (a day's totals,
 * documents issued): the shared twin's other files place orders of every shape meanwhile. Started before
 * the file's tests with the shared twin's test settings, made the twin the helpers call, stopped after.
 */
import { afterAll, beforeAll } from 'vitest';
import { startTwin, type Twin } from '#infra/twin/twin.ts';
import type { TwinOptions } from '#infra/twin/twin-options.ts';
import { SETTINGS_LIMITS } from '#shared/settings.ts';
import { twinInfo } from './global-setup.ts';
import { useOwnTwin } from './twin.ts';

/** Registers the file's own twin; the answer gives it once started. */
export function twinOfItsOwn(options: Partial<TwinOptions> = {}): () => Twin {
  let own: Twin | undefined;
  beforeAll(async () => {
    own = await startTwin({
      port: 0,
      seed: false,
      throttle: false,
      scheduledJobs: false,
      ownerMailsPerHour: 1_000_000,
      challengeMaxNumber: SETTINGS_LIMITS.challengeMaxNumber.min,
      ...options,
    });
    useOwnTwin(twinInfo(own));
  }, 180_000);
  afterAll(async () => {
    await own?.stop();
  });
  return () => own!;
}
