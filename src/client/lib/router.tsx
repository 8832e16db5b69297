/**
 * The app's router: paths, links, history. React Router 7 weighed ~25 kB gzip of every screen's first load
 * and its data-router machinery evaluated at every start, for what the app uses of it: a table of paths with
 * `:id` parameters and one layout, links, `navigate`, the query string. This is that, on the
 * browser's History API; `MemoryRouter` and `Routes` serve the component tests as React Router's did.
 * Navigations to another page are transitions, so a page whose code is still loading keeps the previous one on
 * screen (React Router does the same) instead of flashing a loading state. A change of the query string alone
 * (a search field that keeps its text in the address, as Puden's) is an urgent update: a controlled input
 * updated in a transition loses the keys typed before React gets to it (most of them, typed fast on a phone).
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  forwardRef,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { matchPath, type PathParams } from '../../shared/paths.ts';

export type Location = { pathname: string; search: string; key: string };
type NavigateOptions = { replace?: boolean };
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

type History = {
  location: Location;
  navigate: NavigateFunction;
};

const HistoryContext = createContext<History | null>(null);
const MatchContext = createContext<{ params: Readonly<Record<string, string>>; outlet: ReactNode }>({
  params: {},
  outlet: null,
});

let keys = 0;
const nextKey = () => (++keys).toString(36);

function split(to: string): { pathname: string; search: string } {
  const url = new URL(to, 'http://app.invalid');
  return { pathname: url.pathname, search: url.search };
}

function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('No router above this component');
  return history;
}

/** Runs a location change in a transition, or at once when only the query string of the same page changes. */
function inTransitionUnless(samePage: boolean, change: () => void): void {
  if (samePage) change();
  else startTransition(change);
}

/** The browser's address bar as the router's location: pushState/replaceState and back/forward. */
function addressBar(): Location {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    key: (window.history.state as { key?: string } | null)?.key ?? 'default',
  };
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState<Location>(addressBar);
  useEffect(() => {
    const onPop = () => startTransition(() => setLocation(addressBar()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, options) => {
    const key = nextKey();
    const samePage = split(to).pathname === window.location.pathname;
    if (options?.replace) window.history.replaceState({ key }, '', to);
    else window.history.pushState({ key }, '', to);
    inTransitionUnless(samePage, () => setLocation({ ...split(to), key }));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <HistoryContext.Provider value={value}>{children}</HistoryContext.Provider>;
}

/** A router that keeps its history in memory (component tests). */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [location, setLocation] = useState<Location>(() => ({
    ...split(initialEntries[initialEntries.length - 1] ?? '/'),
    key: 'default',
  }));
  const current = useRef(location.pathname);
  current.current = location.pathname;
  const navigate = useCallback<NavigateFunction>((to) => {
    const next = { ...split(to), key: nextKey() };
    inTransitionUnless(next.pathname === current.current, () => setLocation(next));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <HistoryContext.Provider value={value}>{children}</HistoryContext.Provider>;
}

export type RouteDefinition = { path?: string; element: ReactNode; children?: RouteDefinition[] };

/**
 * The element of the first route that matches (in the table's order; a layout route without a path renders
 * its matching child into its `<Outlet />`).
 */
function render(routes: RouteDefinition[], pathname: string): ReactNode {
  for (const route of routes) {
    if (route.children) {
      const child = render(route.children, pathname);
      if (child === undefined) continue;
      return (
        <MatchContext.Provider value={{ params: {}, outlet: child }}>{route.element}</MatchContext.Provider>
      );
    }
    const params = route.path === undefined ? null : matchPath(route.path, pathname);
    if (params)
      return <MatchContext.Provider value={{ params, outlet: null }}>{route.element}</MatchContext.Provider>;
  }
  return undefined;
}

export function useRoutes(routes: RouteDefinition[]): ReactNode {
  const { location } = useHistory();
  return render(routes, location.pathname) ?? null;
}

/** `<Routes><Route path element /></Routes>`, as in React Router (component tests). */
export function Routes({ children }: { children: ReactNode }) {
  const routes = Children.toArray(children)
    .filter((child): child is ReactElement<RouteDefinition> => isValidElement(child))
    .map((child) => ({ path: child.props.path, element: child.props.element }));
  return <>{useRoutes(routes)}</>;
}

export function Route(_props: RouteDefinition): null {
  return null;
}

export function Outlet() {
  return <>{useContext(MatchContext).outlet}</>;
}

/**
 * The parameters of the screen shown, typed by its path in the table of screens (shared/screens.ts):
 * `useScreenParams(screens.customer).id`. The router matched the path, so every parameter is there.
 */
export function useScreenParams<P extends string>(_screen: { readonly path: P }): PathParams<P> {
  return useContext(MatchContext).params as PathParams<P>;
}

export function useLocation(): Location {
  return useHistory().location;
}

export function useNavigate(): NavigateFunction {
  return useHistory().navigate;
}

/** The query string, and a setter that replaces or pushes it on the current path. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useHistory();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location.pathname, navigate],
  );
  return [params, set];
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

/** An ordinary link (it opens in a new tab as one would) that navigates in the app on a plain click. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, ...rest },
  ref,
) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
});

/** A link that says it is the current page (aria-current) on its path and below it. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps>(function NavLink(props, ref) {
  const { pathname } = useLocation();
  const active = pathname === props.to || pathname.startsWith(`${props.to}/`);
  return <Link {...props} ref={ref} aria-current={active ? 'page' : undefined} />;
});
