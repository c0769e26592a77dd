import { vi } from "vitest";

/**
 * jsdom has no layout and no matchMedia: this answers `(min-width: Npx)` and `(max-width: Npx)`
 * queries as a screen `width` pixels wide would. Undo with vi.unstubAllGlobals().
 */
export function stubViewportWidth(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)].every(([, side, px]) =>
      side === "min" ? width >= Number(px) : width <= Number(px),
    );
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/**
 * jsdom has no ResizeObserver: components that measure themselves (a switch, a chart) get one
 * that never reports. Undo with vi.unstubAllGlobals().
 */
export function stubResizeObserver() {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
