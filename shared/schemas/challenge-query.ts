/**
 * `?units=` of `GET /api/challenge` (zod/mini, a query): how many units the checkout the challenge is
 * for will reserve; the challenge costs that many units (`shared/proof-of-work.ts`). Without it, one.
 */
import * as z from 'zod/mini';
import './zod-config.ts';
import { botCheckTexts } from '../messages/bot-check.ts';
import { CHALLENGE_MAX_UNITS } from '../proof-of-work.ts';

const invalid = botCheckTexts.challengeUnits;

export const challengeQuerySchema = z.object({
  units: z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,3}$/, { error: invalid })), z.transform(Number)),
      z.int().check(z.minimum(1, { error: invalid }), z.maximum(CHALLENGE_MAX_UNITS, { error: invalid })),
    ),
  ),
});
export type ChallengeQuery = z.infer<typeof challengeQuerySchema>;
