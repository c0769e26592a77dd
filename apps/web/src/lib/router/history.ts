/**
 * The app's navigation history: the browser's (window.history) or one in memory (the server's
 * render and tests). docs/decisions/0018-own-router.md says why the app has its own router.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here handed over (navigate(to, {state})). */
  state: unknown;
  /** This history entry's identity: scroll positions are kept under it. */
  key: string;
}

export type Action = "POP" | "PUSH" | "REPLACE";

export interface History {
  readonly location: Location;
  /** The entry's position in the history: a "back" moves it down by one. */
  readonly index: number;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** `listener` hears every change, the browser's back and forward too (action POP). */
  listen(listener: (action: Action, delta: number) => void): () => void;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A path (`/a?b=1#c`) as a location. */
export function parsePath(to: string, state: unknown = null, key = newKey()): Location {
  const url = new URL(to, "http://local");
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

export function createPath(location: Pick<Location, "pathname" | "search" | "hash">): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

interface BrowserEntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function readEntry(state: unknown): BrowserEntryState | null {
  if (typeof state !== "object" || state === null) return null;
  const entry = state as Partial<BrowserEntryState>;
  return typeof entry.key === "string" && typeof entry.idx === "number"
    ? { usr: entry.usr, key: entry.key, idx: entry.idx }
    : null;
}

export function createBrowserHistory(): History {
  const listeners = new Set<(action: Action, delta: number) => void>();
  let entry = readEntry(window.history.state);
  if (!entry) {
    entry = { usr: null, key: "default", idx: 0 };
    window.history.replaceState(entry, "");
  }
  let index = entry.idx;
  const current = (): Location => {
    const e = readEntry(window.history.state);
    return {
      pathname: window.location.pathname,
      search: window.location.search,
      hash: window.location.hash,
      state: e?.usr ?? null,
      key: e?.key ?? "default",
    };
  };
  let location = current();
  const notify = (action: Action, delta: number) => {
    for (const listener of listeners) listener(action, delta);
  };
  window.addEventListener("popstate", () => {
    const next = readEntry(window.history.state)?.idx ?? 0;
    const delta = next - index;
    index = next;
    location = current();
    notify("POP", delta);
  });
  return {
    get location() {
      return location;
    },
    get index() {
      return index;
    },
    push(to, state = null) {
      index += 1;
      window.history.pushState({ usr: state, key: newKey(), idx: index }, "", to);
      location = current();
      notify("PUSH", 1);
    },
    replace(to, state = null) {
      window.history.replaceState({ usr: state, key: newKey(), idx: index }, "", to);
      location = current();
      notify("REPLACE", 0);
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createMemoryHistory(initialEntries: string[] = ["/"]): History {
  const listeners = new Set<(action: Action, delta: number) => void>();
  const entries = initialEntries.map((to) => parsePath(to));
  let index = entries.length - 1;
  const notify = (action: Action, delta: number) => {
    for (const listener of listeners) listener(action, delta);
  };
  return {
    get location() {
      return entries[index] ?? parsePath("/");
    },
    get index() {
      return index;
    },
    push(to, state = null) {
      index += 1;
      entries.splice(index, entries.length, parsePath(to, state));
      notify("PUSH", 1);
    },
    replace(to, state = null) {
      entries[index] = parsePath(to, state);
      notify("REPLACE", 0);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      const moved = next - index;
      index = next;
      notify("POP", moved);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
