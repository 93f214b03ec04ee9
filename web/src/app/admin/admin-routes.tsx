/**
 * The back-office, a lazy chunk mounted by the shop's router under `${ADMIN_PREFIX}/*`. Its own layout
 * and styles; never indexed.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '#web/lib/router.tsx';
import { adminRoutePatterns as r } from '#shared/paths.ts';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { RequireAdmin } from '#web/lib/admin/session.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { LoadingNotice } from '#web/ui/admin/admin-ui.tsx';
import { CollectionsPage } from '#web/features/collections/collections-page.tsx';
import { ContactDetailPage } from '#web/features/messages-and-alerts/contact-detail-page.tsx';
import { ContactsPage } from '#web/features/messages-and-alerts/contacts-page.tsx';
import { CreateCollectionPage } from '#web/features/collections/create-collection-page.tsx';
import { CustomerPage } from '#web/features/customers/customer-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { LoginPage } from '#web/features/sign-in/login-page.tsx';
import { AdminNotFoundPage } from './admin-not-found-page.tsx';
import { OrderDetailPage } from '#web/features/order-detail/order-detail-page.tsx';
import { OrdersPage } from '#web/features/orders/orders-page.tsx';
import { ProductFormPage } from '#web/features/products/product-form-page.tsx';
import { PrintOrdersPage } from '#web/features/orders/print-orders-page.tsx';
import { ProductsPage } from '#web/features/products/products-page.tsx';
import { SettingsPage } from '#web/features/settings/settings-page.tsx';
import { StockAlertsPage } from '#web/features/messages-and-alerts/stock-alerts-page.tsx';
import './admin.css';

/** "Vendas": its own chunk, loaded when the owner opens it (docs/sales.md). */
const SalesPage = lazy(() => import('#web/features/sales/sales-page.tsx').then((module) => ({ default: module.SalesPage })));
/** "Códigos de desconto": its own chunk too (docs/discount-codes.md). */
const DiscountCodesPage = lazy(() =>
  import('#web/features/discount-codes/codes-page.tsx').then((module) => ({ default: module.DiscountCodesPage })),
);

export function AdminRoutes() {
  return (
    <div className="adm">
      <meta name="robots" content="noindex" />
      <Routes>
        <Route path={r.login} element={<LoginPage />} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route index element={<Navigate to={adminPaths.dashboard} replace />} />
          <Route path={r.dashboard} element={<DashboardPage />} />
          <Route path={r.orders} element={<OrdersPage />} />
          <Route path={r.orderDetail} element={<OrderDetailPage />} />
          <Route path={r.customer} element={<CustomerPage />} />
          <Route path={r.printOrders} element={<PrintOrdersPage />} />
          <Route path={r.products} element={<ProductsPage />} />
          <Route path={r.newProduct} element={<ProductFormPage />} />
          <Route path={r.editProduct} element={<ProductFormPage />} />
          <Route path={r.contacts} element={<ContactsPage />} />
          <Route path={r.contactDetail} element={<ContactDetailPage />} />
          <Route path={r.stockAlerts} element={<StockAlertsPage />} />
          <Route path={r.collections} element={<CollectionsPage />} />
          <Route path={r.createCollection} element={<CreateCollectionPage />} />
          <Route path={r.settings} element={<SettingsPage />} />
          <Route
            path={r.sales}
            element={
              <Suspense fallback={<LoadingNotice />}>
                <SalesPage />
              </Suspense>
            }
          />
          <Route
            path={r.discountCodes}
            element={
              <Suspense fallback={<LoadingNotice />}>
                <DiscountCodesPage />
              </Suspense>
            }
          />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
