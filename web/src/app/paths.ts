import type { ProductType } from '../../../shared/product.ts';

/** Every public path of the web app, in one table. */
export const paths = {
  home: '/',
  shop: '/shop',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  cart: '/cart',
  shipping: '/shipping',
  payment: '/payment',
  thankYou: '/thank-you',
  contact: '/contact',
  about: '/about-us',
  faq: '/faq',
  sustainability: '/sustainability',
  privacy: '/Politica-Privacidade',
  returns: '/Politica-Devoluções',
  shippingPolicy: '/Detalhes-Envios',
  terms: '/Termos-e-Condições',
} as const;

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
export const SHOP_EMAIL = 'ola@joiasinox.pt';
/** The social handle the pages mention. */
export const SOCIAL_HANDLE = '@joiasinox';

/** Names of the product types in menus and links (with accents; the filter panel keeps the spec's labels). */
export const categoryNames: Readonly<Record<ProductType, string>> = {
  colar: 'Colares',
  brinco: 'Brincos',
  anel: 'Anéis',
  pulseira: 'Pulseiras',
};
