import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1), and the suite mostly
    // waits (servers, databases, timers), so two files at a time roughly halve its wall time.
    maxWorkers: 2,
    projects: [
      // Generous per-test limits: property tests and renders must not fail because the machine is
      // busy; speed is measured in bench/, never asserted here.
      {
        test: {
          name: "domain",
          include: ["packages/*/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      // The market simulator's own checks (reproducible from the seed); the evals themselves are scripts.
      { test: { name: "bench", include: ["bench/**/*.test.ts"], environment: "node", testTimeout: 60_000 } },
      // The build scripts are plain JavaScript (npm start runs them without a TypeScript loader).
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.mjs"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./apps/web/src/test/setup.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
