import { challengeQuerySchema } from '#shared/schemas/challenge-query.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { heldUnitsNow, newChallenge } from '../../services/challenges.ts';
import { shopSettings } from '../../services/settings.ts';

export const handler = httpRoute('GET /api/challenge', { query: challengeQuerySchema }, async ({ query }) => {
  const [settings, held] = await Promise.all([shopSettings(), heldUnitsNow()]);
  return ok(await newChallenge(settings.challengeMaxNumber, query.units ?? 1, held));
});
