import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../ui/page-state.tsx';
import { SiteFooter } from './footer.tsx';
import { SiteHeader } from './header.tsx';
import './layout.css';

/**
 * Every navigation scrolls to the top (a new filter of the listing too); a new page, after the first,
 * also moves the keyboard focus to the main content so that screen readers start reading it.
 */
function useNavigationReset(pathname: string, search: string) {
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    // Braces matter: scrollTo returns a promise in recent browsers, and an effect must not return one.
    window.scrollTo(0, 0);
  }, [pathname, search]);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/** The shared public layout: header, page, footer. */
export function Layout() {
  const { pathname, search } = useLocation();
  const main = useNavigationReset(pathname, search);
  return (
    <div className="page">
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      <SiteHeader />
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
    </div>
  );
}
