import { httpRoute } from '../../http/handler.ts';
import { ok } from '../../http/response.ts';
import { collections } from '../../services/catalogue-reads.ts';

export const handler = httpRoute('GET /api/collections', {}, async () => ok({ collections: await collections() }));
