import type { ListingProduct } from '#shared/product.ts';
import { httpRoute } from '../../http/handler.ts';
import { ok, type HttpResult } from '../../http/response.ts';
import { publicListing } from '../../services/catalogue-reads.ts';

/** The answer of each listing, encoded once: the requests of the catalogue's reuse send the same body (and ETag). */
const answers = new WeakMap<readonly ListingProduct[], HttpResult<{ products: ListingProduct[] }>>();

export const handler = httpRoute('GET /api/products', {}, async () => {
  const products = await publicListing();
  let answer = answers.get(products);
  if (!answer) answers.set(products, (answer = ok({ products })));
  return answer;
});
