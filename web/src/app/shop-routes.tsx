import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from '#web/lib/router.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './shop-not-found-page.tsx';
import { paths, routePatterns } from '#shared/paths.ts';
import { RouteError } from './route-error.tsx';
import { Loading } from '#web/ui/page-state.tsx';
import { ADMIN_PREFIX } from '#web/lib/admin/admin-prefix.ts';

/**
 * The page modules, each its own chunk (loaded on first visit). The keys are their source paths, which
 * the pre-renderer also uses to name the chunk and styles a page needs in its HTML.
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '../features/catalog/{shop,product,confirm-alert,search}-page.tsx',
  '../features/cart/cart-page.tsx',
  '../features/checkout/shipping-page.tsx',
  '../features/my-order/{payment,thank-you,my-order,order-lookup}-page.tsx',
  '../features/pages/{home,contact,about,faq,sustainability}-page.tsx',
  '../features/pages/{policy,legal}-pages.tsx',
]);

/** Told, on the server, which page modules a render used (for their `<link>`s in the page's head). */
export const RenderedModulesContext = createContext<Set<string> | undefined>(undefined);

/** The module's path as the build's manifest names it (relative to `web/`). */
export function manifestKey(modulePath: string): string {
  return `src/${modulePath.replace(/^\.\.\//, '')}`;
}

/** A page loaded on first visit (its own chunk), by its module and named export. */
function page(modulePath: string, name: string) {
  const load = pageModules[modulePath];
  if (!load) throw new Error(`no page module ${modulePath}`);
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name]! })));
  function RoutePage() {
    useContext(RenderedModulesContext)?.add(manifestKey(modulePath));
    return <Page />;
  }
  return <RoutePage />;
}

const AdminArea = lazy(() => import('./admin/admin-routes.tsx').then((module) => ({ default: module.AdminRoutes })));

/**
 * The shop's routes: the browser's router and the pre-renderer's use the same table. Every route
 * matches its path as written (`/About-Us` is not `/about-us`).
 */
export const routes: readonly RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page show inside the layout, with the header and footer still there.
        errorElement: <RouteError />,
        children: [
          { index: true, element: page('../features/pages/home-page.tsx', 'HomePage') },
          { path: paths.shop, element: page('../features/catalog/shop-page.tsx', 'ShopPage') },
          { path: routePatterns.product, element: page('../features/catalog/product-page.tsx', 'ProductPage') },
          { path: paths.search, element: page('../features/catalog/search-page.tsx', 'SearchPage') },
          { path: paths.cart, element: page('../features/cart/cart-page.tsx', 'CartPage') },
          { path: paths.shipping, element: page('../features/checkout/shipping-page.tsx', 'ShippingPage') },
          { path: paths.payment, element: page('../features/my-order/payment-page.tsx', 'PaymentPage') },
          { path: paths.thankYou, element: page('../features/my-order/thank-you-page.tsx', 'ThankYouPage') },
          { path: routePatterns.myOrder, element: page('../features/my-order/my-order-page.tsx', 'MyOrderPage') },
          { path: paths.findOrder, element: page('../features/my-order/order-lookup-page.tsx', 'OrderLookupPage') },
          { path: paths.confirmStockAlert, element: page('../features/catalog/confirm-alert-page.tsx', 'ConfirmAlertPage') },
          { path: paths.contact, element: page('../features/pages/contact-page.tsx', 'ContactPage') },
          { path: paths.about, element: page('../features/pages/about-page.tsx', 'AboutPage') },
          { path: paths.faq, element: page('../features/pages/faq-page.tsx', 'FaqPage') },
          { path: paths.sustainability, element: page('../features/pages/sustainability-page.tsx', 'SustainabilityPage') },
          { path: paths.privacy, element: page('../features/pages/policy-pages.tsx', 'PrivacyPolicyPage') },
          { path: paths.returns, element: page('../features/pages/policy-pages.tsx', 'ReturnsPolicyPage') },
          { path: paths.shippingPolicy, element: page('../features/pages/policy-pages.tsx', 'ShippingPolicyPage') },
          { path: paths.terms, element: page('../features/pages/policy-pages.tsx', 'TermsPage') },
          { path: paths.legal, element: page('../features/pages/legal-pages.tsx', 'LegalInfoPage') },
          { path: paths.withdrawal, element: page('../features/pages/legal-pages.tsx', 'WithdrawalPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  // The admin area (its own lazy chunk, outside the public layout) is the route below.
  {
    path: `${ADMIN_PREFIX}/*`,
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<Loading />}>
        <AdminArea />
      </Suspense>
    ),
  },
];

/** The page of the current address (in the browser's router or a pre-render's). */
export function AppRoutes() {
  return useRoutes(routes);
}
