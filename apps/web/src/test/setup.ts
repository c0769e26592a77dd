import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// findBy*/waitFor wait for what the user would see; on a busy two-core machine (CI with other
// work beside it) a render can take more than the library's 1 s default. Waiting longer never
// makes a passing test slower, only a failing one.
configure({ asyncUtilTimeout: 10_000 });

// Test files share their worker's jsdom and modules (vitest.config.ts), so what one file leaves
// behind must not reach the next: what it rendered, its spies, stubbed globals, fake timers and
// storage.
afterEach(() => cleanup());
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = "";
});
