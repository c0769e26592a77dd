import type { ReactNode } from "react";

/** A route of the table, as React Router writes them (the subset the app uses). */
export interface RouteObject {
  /** Relative to the parent's path; `:name` is a parameter, `*` the rest of the path. */
  path?: string;
  /** Matches its parent's path exactly. */
  index?: boolean;
  element?: ReactNode;
  /** Shown instead of this route's element when something under it throws while rendering. */
  errorElement?: ReactNode;
  children?: RouteObject[];
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

/**
 * Consumes `pattern`'s segments from the front of `rest`; returns what is left and the params,
 * or null. Static segments compare without case, as React Router's do.
 */
function consume(pattern: string, rest: string[]): { rest: string[]; params: Record<string, string> } | null {
  const params: Record<string, string> = {};
  const wanted = segmentsOf(pattern);
  for (const [i, segment] of wanted.entries()) {
    if (segment === "*") {
      params["*"] = rest.slice(i).map(decode).join("/");
      return { rest: [], params };
    }
    const actual = rest[i];
    if (actual === undefined) return null;
    if (segment.startsWith(":")) params[segment.slice(1)] = decode(actual);
    else if (segment.toLowerCase() !== decode(actual).toLowerCase()) return null;
  }
  return { rest: rest.slice(wanted.length), params };
}

function matchIn(routes: RouteObject[], rest: string[], params: Record<string, string>): RouteMatch[] | null {
  for (const route of routes) {
    if (route.index) {
      if (rest.length === 0) return [{ route, params }];
      continue;
    }
    const consumed = route.path === undefined ? { rest, params: {} } : consume(route.path, rest);
    if (!consumed) continue;
    const merged = { ...params, ...consumed.params };
    if (route.children && route.children.length > 0) {
      const below = matchIn(route.children, consumed.rest, merged);
      if (below) return [{ route, params: merged }, ...below];
    }
    // A layout route (no path) only matches through one of its children.
    if (consumed.rest.length === 0 && route.path !== undefined) return [{ route, params: merged }];
  }
  return null;
}

/**
 * The routes a path matches, from the outermost to the page's own, each with every parameter
 * matched so far; null when none does. The first route that matches wins (table order).
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  return matchIn(routes, segmentsOf(pathname), {});
}

/** `pattern` (`/products/:slug`) against a whole path: its params, or null. */
export function matchPath(pattern: string, pathname: string): { params: Record<string, string> } | null {
  const consumed = consume(pattern, segmentsOf(pathname));
  return consumed && consumed.rest.length === 0 ? { params: consumed.params } : null;
}
