/**
 * The app's router: route matching with params, links, navigation, scroll restoration, an error
 * element and a blocker, with React Router's names for what the app uses of it. React Router's
 * data router was 31 KB gzip of every first page; this is about 3 (docs/decisions/0018-own-router.md).
 */
import {
  Children,
  Component,
  type ComponentProps,
  createContext,
  type ErrorInfo,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type Action,
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  type History,
  type Location,
} from "./history";
import { matchRoutes, type RouteMatch, type RouteObject } from "./match-routes";

export type { Location } from "./history";
export { matchPath, matchRoutes, type RouteMatch, type RouteObject } from "./match-routes";

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keeps the scroll position (a filter change on the same page). */
  preventScrollReset?: boolean;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export interface Blocker {
  state: "unblocked" | "blocked";
  proceed?: () => void;
  reset?: () => void;
}

type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
  setBlocker: (fn: BlockerFunction | null) => void;
  blocker: Blocker;
}

const RouterContext = createContext<RouterValue | null>(null);
const OutletContext = createContext<{ matches: RouteMatch[]; depth: number } | null>(null);
const RouteErrorContext = createContext<unknown>(undefined);

function useRouter(): RouterValue {
  const router = use(RouterContext);
  if (!router) throw new Error("This component must be rendered inside the app's router");
  return router;
}

/** A router over a history: what createBrowserRouter and createMemoryRouter make. */
export interface AppRouter {
  routes: RouteObject[];
  history: History;
  state: { location: Location };
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
}

function makeRouter(routes: RouteObject[], history: History): AppRouter {
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate(to, options = {}) {
      if (typeof to === "number") history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
      return Promise.resolve();
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): AppRouter {
  return makeRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[] } = {},
): AppRouter {
  return makeRouter(routes, createMemoryHistory(options.initialEntries));
}

const SCROLL_KEY = "haggle-scroll-positions";

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/** Keeps where the page of history entry `key` was scrolled to, for a back or forward to it. */
function savePosition(key: string): void {
  if (typeof window === "undefined") return;
  const positions = readPositions();
  positions[key] = window.scrollY;
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable: back and forward then start at the top.
  }
}

/** Renders the routes of `router` at its history's location (or `children`, MemoryRouter's). */
export function RouterProvider({ router, children }: { router: AppRouter; children?: ReactNode }) {
  const { history, routes } = router;
  const [view, setView] = useState<{ location: Location; action: Action; keepScroll: boolean }>(() => ({
    location: history.location,
    action: "POP",
    keepScroll: true,
  }));
  const blockerFn = useRef<BlockerFunction | null>(null);
  const [blocker, setBlockerState] = useState<Blocker>({ state: "unblocked" });
  const keepScroll = useRef(false);
  const ignorePop = useRef(false);

  useLayoutEffect(
    () =>
      history.listen((action, delta) => {
        if (action === "POP" && ignorePop.current) {
          ignorePop.current = false;
          return;
        }
        const next = history.location;
        if (action === "POP" && blockerFn.current?.({ currentLocation: view.location, nextLocation: next })) {
          // The browser has moved already: move back, and go on only if the visitor says so.
          ignorePop.current = true;
          history.go(-delta);
          setBlockerState({
            state: "blocked",
            proceed: () => {
              setBlockerState({ state: "unblocked" });
              blockerFn.current = null;
              history.go(delta);
            },
            reset: () => setBlockerState({ state: "unblocked" }),
          });
          return;
        }
        // The page left by back/forward is still on screen: its position is kept for a return.
        if (action === "POP") savePosition(view.location.key);
        const keep = keepScroll.current;
        keepScroll.current = false;
        startTransition(() => setView({ location: next, action, keepScroll: keep }));
      }),
    [history, view.location],
  );

  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === "number") {
        history.go(to);
        return;
      }
      const go = () => {
        savePosition(history.location.key);
        keepScroll.current = options.preventScrollReset ?? false;
        if (options.replace || to === createPath(history.location)) history.replace(to, options.state);
        else history.push(to, options.state);
      };
      const next = { ...history.location, ...splitPath(to), state: options.state ?? null };
      if (blockerFn.current?.({ currentLocation: history.location, nextLocation: next })) {
        setBlockerState({
          state: "blocked",
          proceed: () => {
            setBlockerState({ state: "unblocked" });
            blockerFn.current = null;
            go();
          },
          reset: () => setBlockerState({ state: "unblocked" }),
        });
        return;
      }
      go();
    },
    [history],
  );

  // Scroll like a document: to the top (or the #hash) on a new page, where it was on back/forward.
  useLayoutEffect(() => {
    if (typeof window === "undefined") return;
    window.history.scrollRestoration = "manual";
  }, []);
  const handled = useRef(view);
  useLayoutEffect(() => {
    if (handled.current === view) return;
    handled.current = view;
    if (view.action === "POP") {
      window.scrollTo(0, readPositions()[view.location.key] ?? 0);
      return;
    }
    if (view.keepScroll) return;
    const target = view.location.hash
      ? document.getElementById(decodeURIComponent(view.location.hash.slice(1)))
      : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [view]);

  const value = useMemo<RouterValue>(
    () => ({
      location: view.location,
      navigate,
      blocker,
      setBlocker: (fn) => {
        blockerFn.current = fn;
      },
    }),
    [view.location, navigate, blocker],
  );
  const matches = useMemo(
    () => matchRoutes(routes, view.location.pathname) ?? [],
    [routes, view.location.pathname],
  );
  return (
    <RouterContext value={value}>{children ?? <RenderMatches matches={matches} depth={0} />}</RouterContext>
  );
}

function splitPath(to: string): Pick<Location, "pathname" | "search" | "hash"> {
  const url = new URL(to, "http://local");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

class RouteErrorBoundary extends Component<
  { fallback: ReactNode; location: Location; children: ReactNode },
  { error: unknown; location: Location }
> {
  constructor(props: { fallback: ReactNode; location: Location; children: ReactNode }) {
    super(props);
    this.state = { error: undefined, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { location: Location },
    state: { error: unknown; location: Location },
  ): { error: unknown; location: Location } | null {
    // Another page clears the error, as a new document would.
    return props.location.key !== state.location.key ? { error: undefined, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext value={this.state.error}>{this.props.fallback}</RouteErrorContext>;
  }
}

function RenderMatches({ matches, depth }: { matches: RouteMatch[]; depth: number }) {
  const { location } = useRouter();
  const match = matches[depth];
  if (!match) return null;
  const element = match.route.element ?? <Outlet />;
  const content = <OutletContext value={{ matches, depth }}>{element}</OutletContext>;
  return match.route.errorElement ? (
    <RouteErrorBoundary fallback={match.route.errorElement} location={location}>
      {content}
    </RouteErrorBoundary>
  ) : (
    content
  );
}

/** Where a route's element shows the route below it. */
export function Outlet() {
  const outlet = use(OutletContext);
  return outlet ? <RenderMatches matches={outlet.matches} depth={outlet.depth + 1} /> : null;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

export function useParams(): Record<string, string | undefined> {
  const outlet = use(OutletContext);
  return outlet?.matches[outlet.depth]?.params ?? {};
}

export function useRouteError(): unknown {
  return use(RouteErrorContext);
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (
    next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
    options?: NavigateOptions,
  ) => void,
] {
  const { location, navigate } = useRouter();
  const searchParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setSearchParams = useCallback(
    (
      next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit),
      options?: NavigateOptions,
    ) => {
      const value = typeof next === "function" ? next(new URLSearchParams(window.location.search)) : next;
      const search = new URLSearchParams(value).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ""}`, options);
    },
    [location.pathname, navigate],
  );
  return [searchParams, setSearchParams];
}

/**
 * Holds navigation away while `shouldBlock` says so (one blocker at a time, as React Router's):
 * links, navigate() and the browser's back and forward. The browser's reload and closing the
 * tab are the page's beforeunload to handle.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const { setBlocker, blocker } = useRouter();
  useEffect(() => {
    setBlocker(shouldBlock);
    return () => setBlocker(null);
  }, [setBlocker, shouldBlock]);
  return blocker;
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** Routes written as elements (<Routes><Route path=… element=…/></Routes>): tests use them. */
export function Route(_props: RouteObject & { children?: ReactNode }): ReactElement | null {
  return null;
}

function routesFromChildren(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteObject & { children?: ReactNode }>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesFromChildren(child.props.children));
      return;
    }
    const { children: nested, ...route } = child.props;
    routes.push({ ...route, ...(nested ? { children: routesFromChildren(nested) } : {}) });
  });
  return routes;
}

export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const matches = matchRoutes(routesFromChildren(children), location.pathname) ?? [];
  return <RenderMatches matches={matches} depth={0} />;
}

/** The router of a test: `children` at `initialEntries`' last path. */
export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries }));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

type AnchorProps = Omit<ComponentProps<"a">, "href">;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  /** A plain link: the browser loads the page (a fresh start after an error). */
  reloadDocument?: boolean;
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === "_self")
  );
}

/** An <a href> that navigates in the app on a plain click (new tab, copy link etc. stay the browser's). */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || !isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, "className"> {
  /** Active only on this very path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A Link that knows it leads to the current page: aria-current="page" and its active class. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase();
  const target = to.split(/[?#]/)[0]?.toLowerCase() ?? to;
  // "/" is active on the home page only, as in React Router.
  const slash = target === "/" ? 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === "/");
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}
