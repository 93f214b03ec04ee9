/**
 * The shop's router: react-router-dom in its declarative mode (`BrowserRouter`, `useRoutes`,
 * `StaticRouter` for the pre-renderer), plus the two things that mode lacks, written here: a route's
 * `errorElement` and `ScrollRestoration`. Pages import routing from here only.
 *
 * Why not react-router's data router (docs/pages-and-performance.md, "Why some things are our own"): the shop loads no data
 * through route loaders, and the data router cost the first load 33 KB gzip against 15.6 KB for the
 * declarative mode, a fifth of what a shopper downloads before the first view.
 */
import { Component, createContext, useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  Outlet,
  useLocation,
  useNavigationType,
  useRoutes as useRouterRoutes,
  type RouteObject as RouterRouteObject,
} from 'react-router-dom';

export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type Location,
} from 'react-router-dom';

/** One route of a table: a path (relative to its parent's), an index route, or a pathless layout. */
export interface RouteObject {
  readonly path?: string;
  readonly index?: boolean;
  readonly element?: ReactNode;
  /** Shown instead of this route's element (and the routes below it) when they fail to render. */
  readonly errorElement?: ReactNode;
  readonly children?: readonly RouteObject[];
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's `errorElement` is showing. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  readonly fallback: ReactNode;
  /** A new location clears the error (the visitor went elsewhere). */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly error: unknown;
  readonly key: string;
}

/** A route's `errorElement`, shown (with `useRouteError()` giving the error) when its element fails. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function Guarded({ fallback, children }: { readonly fallback: ReactNode; readonly children: ReactNode }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary fallback={fallback} resetKey={key}>
      {children}
    </RouteErrorBoundary>
  );
}

/**
 * The table as react-router reads it: each route matches its path as written (`/About-Us` is not
 * `/about-us`: one address per page, as the pre-rendered pages and CloudFront's rewrite see them), and
 * an `errorElement` becomes a boundary around the element.
 */
function toRouter(route: RouteObject): RouterRouteObject {
  // A pathless route with an `errorElement` and no element shows the routes below it.
  const element = route.errorElement ? <Guarded fallback={route.errorElement}>{route.element ?? <Outlet />}</Guarded> : route.element;
  const children = route.children?.map(toRouter);
  if (route.index) return { index: true, element, caseSensitive: true };
  return { path: route.path, element, caseSensitive: true, ...(children ? { children } : {}) };
}

const converted = new WeakMap<readonly RouteObject[], RouterRouteObject[]>();

/** The element of the route of `routes` that matches the current location. */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  let table = converted.get(routes);
  if (!table) {
    table = routes.map(toRouter);
    converted.set(routes, table);
  }
  return useRouterRoutes(table);
}

// ---------------------------------------------------------------------------------------------------
// Scroll restoration: the position of each history entry, by its key, kept for the tab's session.

const POSITIONS_KEY = 'shop-scroll-positions';
const positions = new Map<string, number>();

function loadPositions(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(POSITIONS_KEY) ?? '{}') as Record<string, unknown>;
    for (const [key, y] of Object.entries(saved)) if (typeof y === 'number') positions.set(key, y);
  } catch {
    // no storage (private mode) or a damaged value: this document's positions only
  }
}

function savePositions(): void {
  try {
    sessionStorage.setItem(POSITIONS_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-100))));
  } catch {
    // no storage: nothing kept across a reload
  }
}

/**
 * A history entry's name for its scroll position: its key and its address. The first entry of every
 * document load has the key "default", so a new address typed in the same tab must not take the
 * position a former document kept under it (a reload of the same address does).
 */
const entryOf = (location: { readonly key: string; readonly pathname: string; readonly search: string }) =>
  `${location.key}:${location.pathname}${location.search}`;

/**
 * The scroll position on each new page: where the visitor was on Back and Forward (and after a
 * reload), the element named by the address's `#hash`, otherwise the top.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const entry = entryOf(location);
  const action = useNavigationType();
  // The entry shown: scrolling records its position; an effect that runs again for it (StrictMode) changes nothing.
  const shown = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (shown.current) positions.set(shown.current, window.scrollY);
      });
    };
    const hide = () => {
      if (shown.current) positions.set(shown.current, window.scrollY);
      savePositions();
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', hide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', hide);
    };
  }, []);

  useLayoutEffect(() => {
    if (shown.current === entry) return;
    const firstView = shown.current === null;
    shown.current = entry;
    if (firstView) {
      // The document's first view: where the visitor was before a reload, otherwise where the browser
      // put it (the top, the `#hash`, or wherever the visitor scrolled the pre-rendered page meanwhile).
      loadPositions();
      const saved = positions.get(entry);
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    const saved = positions.get(entry);
    if (action === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      let id = location.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // an id as written
      }
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [entry, location.hash, action]);
  return null;
}
