import { httpRoute } from '../../../http/handler.ts';
import { ok } from '../../../http/response.ts';
import { catalog } from '../../../services/catalog.ts';

export const handler = httpRoute('GET /api/admin/collections', {}, async () => ok({ collections: await catalog.listCollections() }));
