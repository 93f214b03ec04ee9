import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from '#web/lib/router.tsx';
import { cartCount } from '#shared/cart.ts';
import { shopPath } from '#shared/listing-filter.ts';
import { useCart } from '#web/lib/cart-store.ts';
import { BagIcon, ChevronDownIcon, CloseIcon, MenuIcon } from '#web/ui/icons.tsx';
import { useCollections } from '#web/lib/shop-collections.ts';
import { paths } from '#shared/paths.ts';
import { SearchField } from './search-field.tsx';

/**
 * Something a button opens (a menu): closed again by a navigation, by Escape (the focus goes back to
 * the button) and by a click outside `root`.
 */
function useDisclosure<R extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const root = useRef<R>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, toggle: () => setOpen((o) => !o), root, button };
}

/** 'Coleções': a button that opens the list of collections, each filtering the listing. */
function CollectionsMenu() {
  const collections = useCollections();
  const { open, toggle, root, button } = useDisclosure<HTMLLIElement>();
  const menuId = useId();

  return (
    <li className="site-nav__dropdown" ref={root}>
      <button ref={button} type="button" className="site-nav__link" aria-expanded={open} aria-controls={menuId} onClick={toggle}>
        Coleções <ChevronDownIcon />
      </button>
      <ul id={menuId} className="site-nav__menu" hidden={!open}>
        {collections.map((collection) => (
          <li key={collection.id}>
            <Link to={shopPath({ collection: collection.name })}>{collection.name}</Link>
          </li>
        ))}
        <li>
          <Link to={paths.shop}>Ver todas as peças</Link>
        </li>
      </ul>
    </li>
  );
}

/** The shared header: logo, navigation (a menu button under 768 px), cart with its count. */
export function SiteHeader() {
  const count = cartCount(useCart());
  const menu = useDisclosure<HTMLElement>();

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={paths.home} className="brand">
          <span className="brand__name">Joias Inox</span>
          <span className="brand__tagline">joias artesanais</span>
          <span className="visually-hidden"> (página inicial)</span>
        </Link>
        <nav aria-label="Principal" className="site-nav" data-open={menu.open} ref={menu.root}>
          <button
            ref={menu.button}
            type="button"
            className="icon-button site-nav__toggle"
            aria-expanded={menu.open}
            aria-controls="site-nav-list"
            onClick={menu.toggle}
          >
            {menu.open ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id="site-nav-list" className="site-nav__list">
            <li>
              <NavLink to={paths.shop} className="site-nav__link">
                Produtos
              </NavLink>
            </li>
            <CollectionsMenu />
            <li>
              <NavLink to={paths.sustainability} className="site-nav__link">
                Sustentabilidade
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.about} className="site-nav__link">
                Sobre Nós
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.contact} className="site-nav__link">
                Contactos
              </NavLink>
            </li>
          </ul>
        </nav>
        <SearchField />
        <Link
          to={paths.cart}
          className="cart-link"
          aria-label={count > 0 ? `Carrinho, ${count} ${count === 1 ? 'artigo' : 'artigos'}` : 'Carrinho'}
        >
          <BagIcon />
          {count > 0 && (
            <span className="cart-badge" aria-hidden="true">
              {count}
            </span>
          )}
        </Link>
      </div>
    </header>
  );
}
