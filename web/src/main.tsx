// First: only tracking parameters leave the address, before the router reads it.
import './app/clean-address.ts';
// Then the design tokens and base styles, before any component's styles.
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router.tsx';
import { AppRoutes } from './app/shop-routes.tsx';
import { PageDataContext, readPageData } from './lib/page-data.ts';
import { sameAddress } from '#shared/pages.ts';

const data = readPageData();
const app = (
  <StrictMode>
    <PageDataContext.Provider value={data}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PageDataContext.Provider>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A page pre-rendered for this very address is hydrated; any other (the app shell, a listing with a
// filter the HTML was not rendered for) is rendered afresh.
if (data && sameAddress(data.url, window.location.pathname + window.location.search) && root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
