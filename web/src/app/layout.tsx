import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from '#web/lib/router.tsx';
import { Loading } from '#web/ui/page-state.tsx';
import { SiteFooter } from './footer.tsx';
import { SiteHeader } from './header.tsx';
import { ShopPreparingBanner } from '#web/ui/shop-preparing.tsx';
import './layout.css';

/**
 * A new page, after the first, moves the keyboard focus to the main content so that screen readers
 * start reading it. (Scrolling is `ScrollRestoration`'s: the top on a new address, a new filter of the
 * listing too; where the visitor was on Back and Forward.)
 */
function useFocusOnNavigation(pathname: string) {
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/**
 * The reservation awaiting payment lives in the browser's storage (no pre-rendered page shows it): its
 * banner, with the checkout's texts and the reservation's rules, is a chunk of its own, loaded as the
 * page starts and not part of the first load (docs/testing.md#ci: first-load JS at most 100 KB gz).
 */
const ReservationBanner = lazy(() => import('./reservation-banner.tsx').then((module) => ({ default: module.ReservationBanner })));

/** The shared public layout: header (with the reservation awaiting payment, if any), page, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const main = useFocusOnNavigation(pathname);
  return (
    <div className="page">
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <SiteHeader />
      <Suspense fallback={null}>
        <ReservationBanner />
      </Suspense>
      <ShopPreparingBanner />
      <main id="conteudo" ref={main} tabIndex={-1} className="site-main">
        <Suspense
          fallback={
            <div className="container page-body">
              <Loading />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
