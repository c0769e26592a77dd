/**
 * What the app needs around React Router in declarative mode (docs/decisions/0039-well-kept-libraries.md)
 * that only its data router has: a navigation held for a question (`useLeaveBlocker`: the
 * merchant's unsaved settings), scrolling like a document, and an error boundary reset by the
 * next page. `HistoryRouter` is React Router's `<Router>` over a history (the browser's, or a
 * memory one in tests), with a navigator that asks the blocker first.
 */
import {
  Component,
  createContext,
  type ErrorInfo,
  type ReactNode,
  type RefObject,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  createPath,
  type Location,
  type Navigator,
  NavigationType,
  parsePath,
  Router,
  type To,
  UNSAFE_createBrowserHistory,
  UNSAFE_createMemoryHistory,
  useLocation,
} from "react-router";

export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** The browser's history, as BrowserRouter makes it. */
export function browserHistory(): AppHistory {
  return UNSAFE_createBrowserHistory({ v5Compat: true });
}

/** A history in memory (tests), at the last of `initialEntries`. */
export function memoryHistory(initialEntries: string[] = ["/"]): AppHistory {
  return UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true });
}

export interface Blocker {
  state: "unblocked" | "blocked";
  proceed?: () => void;
  reset?: () => void;
}

type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

interface BlockerValue {
  blocker: Blocker;
  setBlocker: (fn: BlockerFunction | null) => void;
}

const UNBLOCKED: Blocker = { state: "unblocked" };
const BlockerContext = createContext<BlockerValue>({ blocker: UNBLOCKED, setBlocker: () => {} });

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
  const positions = readPositions();
  positions[key] = window.scrollY;
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
  } catch {
    // Storage unavailable: back and forward then start at the top.
  }
}

interface View {
  location: Location;
  action: NavigationType;
  keepScroll: boolean;
}

function asLocation(to: To, state: unknown): Location {
  const path = typeof to === "string" ? parsePath(to) : to;
  return { pathname: "/", search: "", hash: "", key: "next", ...path, state: state ?? null };
}

type SetBlocker = (blocker: Blocker) => void;

/** Holds a navigation for the visitor's answer: `go` runs only when they proceed. */
function holdNavigation(
  setBlockerState: SetBlocker,
  blockerFn: RefObject<BlockerFunction | null>,
  go: () => void,
) {
  setBlockerState({
    state: "blocked",
    proceed: () => {
      setBlockerState(UNBLOCKED);
      blockerFn.current = null;
      go();
    },
    reset: () => setBlockerState(UNBLOCKED),
  });
}

/**
 * React Router over `history`: links, navigate() and back/forward ask the blocker first; a new
 * page scrolls to the top (or its #hash) unless `preventScrollReset`, back/forward to where it was.
 */
export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  const [view, setView] = useState<View>(() => ({
    location: history.location,
    action: history.action,
    keepScroll: true,
  }));
  const [blocker, setBlockerState] = useState<Blocker>(UNBLOCKED);
  const blockerFn = useRef<BlockerFunction | null>(null);
  const keepScroll = useRef(false);
  useHistoryListener({ history, view, setView, blockerFn, setBlockerState, keepScroll });
  const navigator = useBlockingNavigator({ history, blockerFn, setBlockerState, keepScroll });
  useDocumentScroll(view);

  const blockerValue = useMemo<BlockerValue>(
    () => ({
      blocker,
      setBlocker: (fn) => {
        blockerFn.current = fn;
      },
    }),
    [blocker],
  );
  return (
    <BlockerContext value={blockerValue}>
      <Router location={view.location} navigationType={view.action} navigator={navigator}>
        {children}
      </Router>
    </BlockerContext>
  );
}

interface RouterRefs {
  history: AppHistory;
  blockerFn: RefObject<BlockerFunction | null>;
  setBlockerState: SetBlocker;
  /** Whether the next page keeps the scroll position (`preventScrollReset`). */
  keepScroll: RefObject<boolean>;
}

/**
 * Follows the history into the view. Back and forward are already done when the blocker hears of
 * them: they are undone, and redone only if the visitor proceeds.
 */
function useHistoryListener({
  history,
  view,
  setView,
  blockerFn,
  setBlockerState,
  keepScroll,
}: RouterRefs & { view: View; setView: (view: View) => void }) {
  const ignorePop = useRef(false);
  useLayoutEffect(
    () =>
      history.listen(({ action, location, delta }) => {
        if (action === NavigationType.Pop && ignorePop.current) {
          ignorePop.current = false;
          return;
        }
        if (
          action === NavigationType.Pop &&
          delta &&
          blockerFn.current?.({ currentLocation: view.location, nextLocation: location })
        ) {
          // The browser has moved already: move back, and go on only if the visitor says so.
          ignorePop.current = true;
          history.go(-delta);
          holdNavigation(setBlockerState, blockerFn, () => history.go(delta));
          return;
        }
        // The page left by back/forward is still on screen: its position is kept for a return.
        if (action === NavigationType.Pop) savePosition(view.location.key);
        const keep = keepScroll.current;
        keepScroll.current = false;
        startTransition(() => setView({ location, action, keepScroll: keep }));
      }),
    [history, view.location, blockerFn, setBlockerState, keepScroll, setView],
  );
}

/** The navigator links and navigate() use: it asks the blocker first and keeps the page's scroll position. */
function useBlockingNavigator({ history, blockerFn, setBlockerState, keepScroll }: RouterRefs): Navigator {
  return useMemo<Navigator>(() => {
    const move =
      (method: "push" | "replace") => (to: To, state?: unknown, opts?: { preventScrollReset?: boolean }) => {
        const go = () => {
          savePosition(history.location.key);
          keepScroll.current = opts?.preventScrollReset ?? false;
          const same =
            createPath(history.location) === createPath(typeof to === "string" ? parsePath(to) : to);
          history[same ? "replace" : method](to, state);
        };
        if (blockerFn.current?.({ currentLocation: history.location, nextLocation: asLocation(to, state) })) {
          holdNavigation(setBlockerState, blockerFn, go);
          return;
        }
        go();
      };
    return {
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: (delta) => history.go(delta),
      push: move("push"),
      replace: move("replace"),
    };
  }, [history, blockerFn, setBlockerState, keepScroll]);
}

/** Scrolls like a document: a new page to the top or its #hash, back and forward to where it was. */
function useDocumentScroll(view: View) {
  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);
  const handled = useRef(view);
  useLayoutEffect(() => {
    if (handled.current === view) return;
    handled.current = view;
    if (view.action === NavigationType.Pop) {
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
}

/**
 * Holds navigation away while `shouldBlock` says so (one blocker at a time): links, navigate()
 * and the browser's back and forward. Reload and closing the tab are the page's beforeunload.
 * Outside a HistoryRouter (the server's render) nothing is blocked.
 */
export function useLeaveBlocker(shouldBlock: BlockerFunction): Blocker {
  const { setBlocker, blocker } = use(BlockerContext);
  useEffect(() => {
    setBlocker(shouldBlock);
    return () => setBlocker(null);
  }, [setBlocker, shouldBlock]);
  return blocker;
}

interface BoundaryProps {
  fallback: ReactNode;
  locationKey: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; locationKey: string }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { failed: false, locationKey: props.locationKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; locationKey: string }) {
    // Another page clears the error, as a new document would.
    return props.locationKey !== state.locationKey ? { failed: false, locationKey: props.locationKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** `fallback` instead of `children` when they throw while rendering, until the next page. */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <ErrorBoundary fallback={fallback} locationKey={key}>
      {children}
    </ErrorBoundary>
  );
}
