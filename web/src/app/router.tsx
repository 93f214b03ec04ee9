import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ShopPage } from '../features/catalog/shop-page.tsx';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths } from './paths.ts';

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <Navigate to={paths.shop} replace /> },
      { path: paths.shop, element: <ShopPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
