import { type ComponentType, createElement, lazy } from "react";

/**
 * A screen in its own chunk (React.lazy) that can also be loaded ahead: once `preload()` has
 * resolved, the screen renders its component directly, without suspending. The server preloads
 * the screens it renders and the browser preloads the one it hydrates, so both render the same
 * tree and hydration never waits on a chunk behind a Suspense fallback.
 */
export function lazyScreen<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  let loaded: ComponentType<P> | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  Screen.preload = preload;
  return Screen;
}
