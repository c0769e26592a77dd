import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN_EMAIL } from "./support/shop-admin.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const pacedPort = Number(process.env.E2E_PACED_PORT ?? port + 1);
const shopWidePort = Number(process.env.E2E_SHOP_WIDE_PORT ?? port + 2);
const baseURL = `http://localhost:${port}`;
const pacedURL = `http://localhost:${pacedPort}`;
const shopWideURL = `http://localhost:${shopWidePort}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// A fresh embedded database for every run: the shop seeds itself on first start. This file is
// read again by each worker process; the environment carries the runner's folders to them, so
// no stray folders are made.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "haggle-e2e-"));
process.env.E2E_PACED_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "haggle-e2e-paced-"));
process.env.E2E_SHOP_WIDE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "haggle-e2e-shop-wide-"));
const dataDir = process.env.E2E_DATA_DIR;
const pacedDataDir = process.env.E2E_PACED_DATA_DIR;
const shopWideDataDir = process.env.E2E_SHOP_WIDE_DATA_DIR;
const repoRoot = path.resolve(import.meta.dirname, "..");
// Each server's log goes to a file beside its data folder: without SMTP_URL the account e-mails'
// links are written there, and tests read them as an owner reads the terminal (support/server-log.ts).
const logFile = (dir: string) => `${dir}.log`;
process.env.E2E_SERVER_LOGS ??= JSON.stringify({
  [baseURL]: logFile(dataDir),
  [pacedURL]: logFile(pacedDataDir),
  [shopWideURL]: logFile(shopWideDataDir),
});

/**
 * Specs that change what every shopper meets (the shop's currency and locale, taxes, shipping
 * zones, Ava's limits, a holdout experiment, a shop page, AI search and the seed) or that count
 * the whole catalogue while other tests add products. They run one at a time on a shop of their
 * own, so the tests running beside them on the other worker never see a setting mid-change.
 */
const SHOP_WIDE = [
  "admin.spec.ts",
  "foundation.spec.ts",
  "holdout-experiment.spec.ts",
  "merchant-approvals.spec.ts",
  "merchant-taxes.spec.ts",
  "selling-abroad.spec.ts",
  "shipping-zones.spec.ts",
  "shop-locale-settings.spec.ts",
  "shop-pages.spec.ts",
].map((file) => `**/${file}`);

// The tests drive the production build (the web app and the bundled server, as `npm start` runs
// them): build what changed since the last build, once per run, before the servers start.
if (!process.env.E2E_BUILD_CHECKED) {
  execFileSync(process.execPath, [path.join(repoRoot, "scripts/build.mjs")], { stdio: "inherit" });
  process.env.E2E_BUILD_CHECKED = "1";
}

function shopServer(url: string, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: 'exec node apps/server/dist/index.js >> "$HAGGLE_E2E_LOG_FILE"',
    cwd: repoRoot,
    url: `${url}/healthz`,
    // The first start creates and seeds the database: a minute or more on a busy machine.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: new URL(url).port,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      // Several tests sign in from one address; keep the limit but out of their way.
      AUTH_RATE_LIMIT_PER_IP: "500",
      SIGN_UP_RATE_LIMIT_PER_IP: "10000",
      NEGOTIATION_RATE_LIMIT_PER_MINUTE: "10000",
      NEGOTIATION_RATE_LIMIT_PER_IP_PER_MINUTE: "10000",
      REALTIME_STREAMS_PER_IP: "1000",
      // The shop's owner by configuration: fixtures grant roles through it, as on /admin.
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      HAGGLE_E2E_LOG_FILE: logFile(dataDir),
      ...env,
    },
  };
}

const chrome = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "./.artifacts/results",
  fullyParallel: false,
  // Three browsers at a time on two cores: a test mostly waits (for the server, for the page, for
  // a reply to stream), and with two workers the suite used about one core of two on a quiet
  // machine. Tests follow their own accounts, orders and products by a unique tag; what changes
  // the whole shop runs on its own server, one spec at a time (SHOP_WIDE).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Upper bounds, not expectations: a journey through the shop takes a few seconds on a quiet
  // machine and several times that when other work shares its two cores.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // First: its files run one after another (a third of the suite's test time), so they start
    // while the other worker takes the rest, rather than running alone at the end.
    {
      name: "shop-wide",
      use: { ...chrome, baseURL: shopWideURL },
      testMatch: SHOP_WIDE,
      workers: 1,
    },
    {
      name: "desktop",
      use: chrome,
      testIgnore: ["**/*.phone.spec.ts", ...SHOP_WIDE],
      grepInvert: /@paced-stream/,
    },
    {
      // Tests that watch a reply grow word by word talk to a server that streams slowly enough
      // for every step to reach the screen separately, even when the browser is starved of CPU.
      name: "paced-stream",
      use: { ...chrome, baseURL: pacedURL },
      testIgnore: "**/*.phone.spec.ts",
      grep: /@paced-stream/,
    },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: "**/*.phone.spec.ts" },
  ],
  webServer: [
    shopServer(baseURL, dataDir),
    shopServer(pacedURL, pacedDataDir, { STREAM_WORD_DELAY_MS: "80" }),
    shopServer(shopWideURL, shopWideDataDir),
  ],
});
