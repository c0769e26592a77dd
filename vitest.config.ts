import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const WEB_TESTS = /\.test\.tsx?$/;

/** The web app's test files, relative to the repository, that replace a module (`vi.mock`). */
function webTestsThatMock(dir = "apps/web/src"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return webTestsThatMock(file);
    return WEB_TESTS.test(entry.name) && readFileSync(file, "utf8").includes("vi.mock(") ? [file] : [];
  });
}
const WEB_MOCKING = webTestsThatMock();

/**
 * HTTP test files that take minutes (seeding 50,000 products, a backup and restore of whole
 * shops, mail through an SMTP server), slowest first. Two workers share the files; when one of
 * these starts last (a clean clone has no record of durations, so Vitest guesses by file size),
 * the other worker idles for its minutes at the end of the run: they start first.
 */
const SLOW_FIRST = [
  "apps/server/test/catalogue-query-plans.test.ts",
  "apps/server/test/backup-restore.test.ts",
  "apps/server/test/mail.test.ts",
  "apps/server/test/security-bodies.test.ts",
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Whether the command line asks for test files in a random order. */
const SHUFFLED = process.argv.some((arg) => /^--sequence\.shuffle(\.files)?(=true)?$/.test(arg));

/** Tests beside the server's code that open a database: the service tier's, not the unit tier's. */
const SERVER_TESTS_ON_A_DATABASE = [
  "apps/server/src/platform/db/backup.test.ts",
  "apps/server/src/platform/db/embedded-thread.test.ts",
  "apps/server/src/platform/db/health-connection.test.ts",
];

export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one worker (cores - 1), and the suite mostly
    // waits (servers, databases, timers), so two files at a time roughly halve its wall time.
    maxWorkers: 2,
    // A sequencer given here outranks `--sequence.shuffle.files` (Vitest keeps it and never
    // shuffles), so a shuffled run leaves the choice to Vitest's random sequencer.
    sequence: SHUFFLED ? {} : { sequencer: SlowFirst },
    projects: [
      // Generous per-test limits: property tests and renders must not fail because the machine is
      // busy; speed is measured in bench/, never asserted here.
      {
        test: {
          name: "unit",
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
      // The server's pure logic beside its code: no database.
      {
        test: {
          name: "server-unit",
          include: ["apps/server/src/**/*.test.ts"],
          exclude: SERVER_TESTS_ON_A_DATABASE,
          environment: "node",
          testTimeout: 60_000,
        },
      },
      // Service tests: a module's service and store (or the platform's database code) against a
      // database, the embedded one and a PostgreSQL server when TEST_DATABASE_URL is set; no HTTP.
      {
        test: {
          name: "service",
          include: ["apps/server/test/service/**/*.test.ts", ...SERVER_TESTS_ON_A_DATABASE],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // HTTP integration: the real server over HTTP, on both databases. Importing the whole server
      // again for every file was a sixth of this project's time (354 s of 2,095 s of file time), so
      // files share their worker's modules; what the test support keeps per server address is
      // forgotten after each file (file-setup.ts).
      {
        test: {
          name: "http",
          include: ["apps/server/test/*.test.ts"],
          isolate: false,
          setupFiles: ["./apps/server/test/support/file-setup.ts"],
          // The build, once: server processes the tests start run its bundle, as `npm start` does.
          globalSetup: ["./apps/server/test/support/build-before-http.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The web app's components in jsdom. Making a fresh jsdom and importing React, the router
      // and the app's modules again for every file was five sixths of this project's CPU (341 s of
      // CPU for 89 files, against 59 s when a worker keeps them), so files share their worker's
      // environment and modules: each cleans up what it rendered (setup.ts). A file that replaces a
      // module (`vi.mock`) needs the modules loaded afresh, so those run isolated ("web-mocks").
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          exclude: WEB_MOCKING,
          isolate: false,
          environment: "jsdom",
          setupFiles: ["./apps/web/src/test/setup.ts"],
          testTimeout: 60_000,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web-mocks",
          include: WEB_MOCKING,
          environment: "jsdom",
          setupFiles: ["./apps/web/src/test/setup.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
