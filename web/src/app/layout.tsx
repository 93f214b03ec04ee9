import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { paths } from './paths.ts';

/** The shared public layout: header, page, footer. Every navigation scrolls to the top. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return (
    <div className="page">
      <header className="site-header">
        <Link to={paths.home} className="brand" aria-label="Joias Inox, página inicial">
          Joias Inox
        </Link>
        <nav aria-label="Principal">
          <Link to={paths.shop}>Produtos</Link>
        </nav>
      </header>
      <main id="conteudo" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>© 2023-2024 Joias Inox. Joias artesanais em aço inoxidável, feitas em Portugal.</p>
      </footer>
    </div>
  );
}
