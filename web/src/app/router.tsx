import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { HomePage } from '../features/pages/home-page.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths, routePatterns } from '../../../shared/paths.ts';
import { RouteError } from './route-error.tsx';
import { Loading } from '../ui/page-state.tsx';
import { ADMIN_PREFIX } from '../features/admin/admin-prefix.ts';

/** A page loaded on first visit (its own chunk), by its named export. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return <Page />;
}

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page show inside the layout, with the header and footer still there.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: paths.shop, element: page(() => import('../features/catalog/shop-page.tsx'), 'ShopPage') },
          { path: routePatterns.product, element: page(() => import('../features/catalog/product-page.tsx'), 'ProductPage') },
          { path: paths.cart, element: page(() => import('../features/cart/cart-page.tsx'), 'CartPage') },
          { path: paths.shipping, element: page(() => import('../features/checkout/shipping-page.tsx'), 'ShippingPage') },
          { path: paths.payment, element: page(() => import('../features/checkout/payment-page.tsx'), 'PaymentPage') },
          { path: paths.thankYou, element: page(() => import('../features/checkout/thank-you-page.tsx'), 'ThankYouPage') },
          { path: routePatterns.myOrder, element: page(() => import('../features/checkout/my-order-page.tsx'), 'MyOrderPage') },
          { path: paths.findOrder, element: page(() => import('../features/checkout/order-lookup-page.tsx'), 'OrderLookupPage') },
          { path: paths.contact, element: page(() => import('../features/pages/contact-page.tsx'), 'ContactPage') },
          { path: paths.about, element: page(() => import('../features/pages/about-page.tsx'), 'AboutPage') },
          { path: paths.faq, element: page(() => import('../features/pages/faq-page.tsx'), 'FaqPage') },
          { path: paths.sustainability, element: page(() => import('../features/pages/sustainability-page.tsx'), 'SustainabilityPage') },
          { path: paths.privacy, element: page(() => import('../features/pages/policy-pages.tsx'), 'PrivacyPolicyPage') },
          { path: paths.returns, element: page(() => import('../features/pages/policy-pages.tsx'), 'ReturnsPolicyPage') },
          { path: paths.shippingPolicy, element: page(() => import('../features/pages/policy-pages.tsx'), 'ShippingPolicyPage') },
          { path: paths.terms, element: page(() => import('../features/pages/policy-pages.tsx'), 'TermsPage') },
          { path: paths.legal, element: page(() => import('../features/pages/legal-pages.tsx'), 'LegalInfoPage') },
          { path: paths.withdrawal, element: page(() => import('../features/pages/legal-pages.tsx'), 'WithdrawalPage') },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  // The admin area (its own lazy chunk, outside the public layout) is the line below.
  { path: `${ADMIN_PREFIX}/*`, errorElement: <RouteError />, hydrateFallbackElement: <Loading />, lazy: () => import('../features/admin/admin-routes.tsx') },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
