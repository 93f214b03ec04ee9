/** The shop's own contacts and outside addresses the pages link to (paths: `shared/paths.ts`). */
import type { ProductType } from '#shared/product.ts';
import { SHOP_BRAND } from '#shared/shop-identity.ts';

/** Outside addresses the pages link to. */
export const externalLinks = {
  instagram: 'https://www.instagram.com/joiasinox',
  facebook: 'https://www.facebook.com/joiasinox',
  tiktok: 'https://www.tiktok.com/@joiasinox',
  /** Livro de Reclamações Eletrónico. */
  complaintsBook: 'https://www.livroreclamacoes.pt',
  /** Alternative dispute resolution entity. */
  disputeResolution: 'https://www.cniacc.pt',
  /** EU online dispute resolution information. */
  consumerPortal: 'https://www.consumidor.gov.pt',
} as const;

/** The shop's contact e-mail. */
export const SHOP_EMAIL = SHOP_BRAND.email;
/** The social handle the pages mention. */
export const SOCIAL_HANDLE = '@joiasinox';

/** Names of the product types in menus and links (with accents, as the filter panel's labels). */
export const categoryNames: Readonly<Record<ProductType, string>> = {
  colar: 'Colares',
  brinco: 'Brincos',
  anel: 'Anéis',
  pulseira: 'Pulseiras',
};
