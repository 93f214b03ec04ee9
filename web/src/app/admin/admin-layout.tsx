/**
 * The back-office frame (no shop header or footer): the navigation between its screens, who is signed
 * in, and the logout button.
 */
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from '#web/lib/router.tsx';
import { adminPaths } from '#web/lib/admin/admin-paths.ts';
import { useAdminSession } from '#web/lib/admin/session.tsx';
import { texts } from '#web/lib/admin/admin-texts.ts';
import { useAction } from '#web/lib/use-submit.ts';
import { salesTexts } from '#web/features/sales/sales-texts.ts';
import { discountCodeAdminTexts } from '#shared/messages/index.ts';

/** The navigation; `also` lists the detail screens under each entry (so that it stays highlighted). */
const links: readonly { to: string; label: string; also?: readonly string[] }[] = [
  { to: adminPaths.dashboard, label: texts.nav.dashboard },
  { to: adminPaths.orders, label: texts.nav.orders, also: [adminPaths.orderDetail('')] },
  { to: adminPaths.sales, label: salesTexts.nav },
  { to: adminPaths.discountCodes, label: discountCodeAdminTexts.title },
  { to: adminPaths.products, label: texts.nav.products },
  { to: adminPaths.collections, label: texts.nav.collections, also: [adminPaths.createCollection] },
  { to: adminPaths.contacts, label: texts.nav.contacts, also: [adminPaths.contactDetail('')] },
  { to: adminPaths.stockAlerts, label: texts.nav.stockAlerts },
  { to: adminPaths.settings, label: texts.nav.settings },
];

export function AdminLayout() {
  const { user, signOut } = useAdminSession();
  const { pathname } = useLocation();
  // Signing out: the button says so, a second click does nothing (the session then sends to the login).
  const leave = useAction();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    window.scrollTo(0, 0);
    setMenuOpen(false);
  }, [pathname]);

  return (
    <div className="adm-shell">
      <header className="adm-top">
        <div className="adm-top-row">
          <span className="adm-brand">
            {texts.brand} <span className="adm-brand-area">{texts.area}</span>
          </span>
          <button
            type="button"
            className="adm-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="adm-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {texts.nav.menu}
          </button>
        </div>
        <nav id="adm-nav" className={`adm-nav${menuOpen ? ' adm-nav-open' : ''}`} aria-label={texts.nav.label}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => (isActive || link.also?.some((p) => pathname.startsWith(p)) ? 'adm-nav-active' : undefined)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="adm-user">
            <span className="adm-user-email" title={texts.nav.signedInAs(user.email)}>
              {user.email}
            </span>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={leave.busy}
              onClick={() => void leave.run(signOut, () => undefined)}
            >
              {leave.busy ? texts.nav.loggingOut : texts.nav.logout}
            </button>
          </div>
        </nav>
      </header>
      <main id="conteudo" className="adm-main">
        <Outlet />
      </main>
    </div>
  );
}
