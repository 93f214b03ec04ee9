/**
 * The shop's paths, in one table: the route patterns the web app's router matches and the links built
 * from them, used by the pages, the sitemap, robots.txt and the e-mails. The back-office's paths are
 * derived the same way under its prefix.
 */

/**
 * A route pattern with its `:name` segments filled in (URL-encoded).
 *
 * @example fillPath('/product/:id', { id: 'colar lua' }) // '/product/colar%20lua'
 */
export function fillPath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Route patterns of the public pages (react-router syntax). */
export const routePatterns = {
  home: '/',
  shop: '/shop',
  product: '/product/:id',
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
  /** The seller's identification, prices and dispute resolution ("Informação legal"). */
  legal: '/Informação-Legal',
  /** The right of withdrawal (Decreto-Lei 24/2014) and its model form. */
  withdrawal: '/Livre-Resolução',
  /** "A minha encomenda": the customer's view of one order, opened with its access token. */
  myOrder: '/encomenda/:id',
  /** "A minha encomenda" by order number and e-mail: the link is e-mailed to the order's address. */
  findOrder: '/encomenda',
  /** Confirms a back-in-stock request: opened from its e-mail, the request's id and token in the fragment. */
  confirmStockAlert: '/aviso/confirmar',
  /** The search's results (`?q=`): HTML without JavaScript, rendered per query (docs/search-and-feeds.md). */
  search: '/pesquisa',
} as const;

/** The fragment parameter of an order link that carries its access token: `/encomenda/{id}#t=<token>`. */
export const ORDER_TOKEN_FRAGMENT = 't';
/** The request header that carries an order's access token to `GET /api/orders/{id}` and its proof post. */
export const ORDER_TOKEN_HEADER = 'x-order-token';

/** The anchor of the FAQ's answer on sizes (`paths.sizeGuide`). */
export const SIZE_GUIDE_ANCHOR = 'tamanhos';

/** Links to the public pages. */
export const paths = {
  ...routePatterns,
  product: (id: string) => fillPath(routePatterns.product, { id }),
  /**
   * The order's page with its access token in the fragment (`#t=`): a fragment never reaches a server,
   * a proxy or an access log (docs/design.md §31); the page sends it as `ORDER_TOKEN_HEADER`.
   */
  myOrder: (id: string, token: string) => `${fillPath(routePatterns.myOrder, { id })}#${ORDER_TOKEN_FRAGMENT}=${encodeURIComponent(token)}`,
  /** The confirmation link of a back-in-stock request: id and token in the fragment (never sent to a server, never logged). */
  stockAlertConfirmation: (id: string, token: string) =>
    `${routePatterns.confirmStockAlert}#${new URLSearchParams({ id, t: token }).toString()}`,
  /** The model withdrawal form as a PDF, with the seller of the settings (rendered again on each save of the settings). */
  withdrawalFormPdf: '/documentos/formulario-de-livre-resolucao.pdf',
  /**
   * The sitemap, at the root: a sitemap only covers URLs under its own folder. CloudFront (and the twin's
   * front door) hand it to the API's `GET /api/sitemap.xml`.
   */
  sitemap: '/sitemap.xml',
  /** The FAQ's answer on sizes (opened by its anchor): where a product page's "Guia de tamanhos" leads. */
  sizeGuide: `${routePatterns.faq}#${SIZE_GUIDE_ANCHOR}`,
} as const;

/**
 * A path without its accents (`/Termos-e-Condições` → `/Termos-e-Condicoes`): how people type an
 * address they read.
 *
 * @example unaccentedPath('/Politica-Devoluções') // '/Politica-Devolucoes'
 */
export function unaccentedPath(path: string): string {
  return path.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Other spellings of the public pages' addresses, keyed in lower case (decoded), and the page each
 * stands for: a page typed without its accents or in another case (`/termos-e-condicoes`,
 * `/TERMOS-E-CONDIÇÕES`, `/Shop`). CloudFront's rewrite and the twin's front door answer such a spelling
 * with a 301 to the page, keeping the query (`pathAlias`, `withQuery`).
 */
export const PATH_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(routePatterns)
    .filter((path) => !path.includes(':'))
    .flatMap((path) => [path.toLowerCase(), unaccentedPath(path).toLowerCase()].map((spelling) => [spelling, path])),
);

/**
 * The page a decoded path is another spelling of, or undefined when it is no such spelling (the page's
 * own spelling included).
 *
 * @example pathAlias('/termos-e-condicoes') // '/Termos-e-Condições'
 * @example pathAlias('/Termos-e-Condições') // undefined
 */
export function pathAlias(decodedPath: string): string | undefined {
  const spelling = decodedPath.toLowerCase();
  const page = Object.hasOwn(PATH_ALIASES, spelling) ? PATH_ALIASES[spelling] : undefined;
  return page !== undefined && page !== decodedPath ? page : undefined;
}

/**
 * An address with a query (`?…` as the request had it, or '') kept: every redirect of the shop keeps
 * what the visitor's link carried (a campaign's parameters, say).
 *
 * @example withQuery('/Termos-e-Condi%C3%A7%C3%B5es', '?x=1') // '/Termos-e-Condi%C3%A7%C3%B5es?x=1'
 */
export function withQuery(location: string, search: string): string {
  return search && search !== '?' && !location.includes('?') ? `${location}${search.startsWith('?') ? '' : '?'}${search}` : location;
}

/** The query parameter of the search's page (`/pesquisa?q=`) and of its API. */
export const SEARCH_PARAM = 'q';
/** Longest search considered (characters): a longer one is cut, never refused (`shared/search.ts`). */
export const MAX_SEARCH_LENGTH = 80;

/** Where the API answers the root sitemap. */
export const SITEMAP_API_PATH = '/api/sitemap.xml';

/** The static pages search engines should list (the sitemap adds every product). */
export const INDEXED_PAGES: readonly string[] = [
  paths.home,
  paths.shop,
  paths.about,
  paths.contact,
  paths.faq,
  paths.sustainability,
  paths.privacy,
  paths.returns,
  paths.shippingPolicy,
  paths.terms,
  paths.legal,
  paths.withdrawal,
];

/** The checkout's pages and the customers' orders: private to one visitor, so robots.txt keeps crawlers out. */
export const CHECKOUT_PAGES: readonly string[] = [paths.cart, paths.shipping, paths.payment, paths.thankYou, '/encomenda/'];

/**
 * The back-office's default path prefix. It only hides the area; the API's JWT and group check
 * protects it. The build (`SHOP_ADMIN_PREFIX`), the stack (context `adminPathPrefix`) and the twin
 * may set another.
 */
export const DEFAULT_ADMIN_PREFIX = '/bastidores-7b99';
/** A valid admin prefix: one path segment starting with "/". */
export const ADMIN_PREFIX_PATTERN = /^\/[A-Za-z0-9._~-]+$/;

/** Route patterns of the back-office, relative to its prefix (one per screen). */
export const adminRoutePatterns = {
  login: 'login',
  dashboard: 'dashboard',
  orders: 'orders',
  orderDetail: 'ordersdetail/:orderId',
  products: 'products',
  newProduct: 'products/new',
  editProduct: 'products/edit/:id',
  contacts: 'admincontact',
  contactDetail: 'contactdetail/:contactId',
  stockAlerts: 'Esgotados',
  collections: 'collections',
  createCollection: 'create-collection',
  /** One customer's orders and messages, by an opaque reference to one of their records (`customer-ref.ts`), never the e-mail. */
  customer: 'clientes/:ref',
  /** The packing slips of several orders (`?ids=123456,234567`), to print together. */
  printOrders: 'imprimir',
  /** The shop's settings (payment instructions, notifications, reservations, stock) and their history. */
  settings: 'definicoes',
  /** The sales view: revenue, orders and average basket by day, week or month (docs/sales.md). */
  sales: 'vendas',
  /** "Códigos de desconto": the discount codes, their uses and their notes (docs/discount-codes.md). */
  discountCodes: 'codigos-desconto',
} as const;

/** Query parameters of the back-office's filtered lists (a filtered list can be linked, e.g. from the owner's e-mails, and reloaded). */
export const adminListParams = {
  orders: { status: 'estado', q: 'q' },
  products: { name: 'nome', type: 'tipo', soldOut: 'esgotados', lowStock: 'stock-baixo' },
} as const;

/**
 * Absolute links to the back-office's screens under `prefix`.
 *
 * @example adminPathsUnder('/bastidores-7b99').orderDetail('123456') // '/bastidores-7b99/ordersdetail/123456'
 */
export function adminPathsUnder(prefix: string) {
  const at = (pattern: string, params: Readonly<Record<string, string>> = {}) => `${prefix}/${fillPath(pattern, params)}`;
  const r = adminRoutePatterns;
  return {
    login: at(r.login),
    dashboard: at(r.dashboard),
    orders: at(r.orders),
    orderDetail: (orderId: string) => at(r.orderDetail, { orderId }),
    products: at(r.products),
    newProduct: at(r.newProduct),
    editProduct: (id: string) => at(r.editProduct, { id }),
    contacts: at(r.contacts),
    contactDetail: (contactId: string) => at(r.contactDetail, { contactId }),
    stockAlerts: at(r.stockAlerts),
    collections: at(r.collections),
    createCollection: at(r.createCollection),
    customer: (ref: string) => at(r.customer, { ref }),
    printOrders: (ids: readonly string[]) => `${at(r.printOrders)}?ids=${ids.map(encodeURIComponent).join(',')}`,
    settings: at(r.settings),
    sales: at(r.sales),
    discountCodes: at(r.discountCodes),
  } as const;
}
