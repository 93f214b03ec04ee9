import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { newChallenge } from '../../services/challenges.ts';
import { shopSettings } from '../../services/settings.ts';

export const handler = httpRoute('GET /api/challenge', {}, async () => ok(await newChallenge((await shopSettings()).challengeMaxNumber)));
