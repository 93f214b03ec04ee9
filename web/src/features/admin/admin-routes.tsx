/**
 * The back-office, a lazy chunk mounted by the shop's router under `${ADMIN_PREFIX}/*`. Its own layout
 * and styles; never indexed.
 */
import { Navigate, Route, Routes } from '../../lib/router.tsx';
import { adminRoutePatterns as r } from '#shared/paths.ts';
import { adminPaths } from './admin-paths.ts';
import { RequireAdmin } from './auth/session.tsx';
import { AdminLayout } from './components/admin-layout.tsx';
import { CollectionsPage } from './pages/collections-page.tsx';
import { ContactDetailPage } from './pages/contact-detail-page.tsx';
import { ContactsPage } from './pages/contacts-page.tsx';
import { CreateCollectionPage } from './pages/create-collection-page.tsx';
import { CustomerPage } from './pages/customer/customer-page.tsx';
import { DashboardPage } from './pages/dashboard-page.tsx';
import { LoginPage } from './pages/login/login-page.tsx';
import { AdminNotFoundPage } from './pages/not-found-page.tsx';
import { OrderDetailPage } from './pages/order-detail/order-detail-page.tsx';
import { OrdersPage } from './pages/orders/orders-page.tsx';
import { ProductFormPage } from './pages/product-form/product-form-page.tsx';
import { PrintOrdersPage } from './pages/print-orders-page.tsx';
import { ProductsPage } from './pages/products-page.tsx';
import { SettingsPage } from './pages/settings/settings-page.tsx';
import { StockAlertsPage } from './pages/stock-alerts-page.tsx';
import './admin.css';

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
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
