/** Every path of the web app, in one table. */
export const paths = {
  home: '/',
  shop: '/shop',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
} as const;
