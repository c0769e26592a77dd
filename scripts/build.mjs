#!/usr/bin/env node
// Builds the web app (Vite) and the server bundle (esbuild) when their sources changed since
// the last build, and does nothing otherwise; `--force` builds both. `npm start` runs it before
// the server, `npm run build` runs it with --force.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildServer, SERVER_OUTFILE } from "./build-server.mjs";
import { listSources, needsBuild, stampOfFiles } from "./build-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** Where the stamps of the last builds are kept (not in dist: the web app's dist is served). */
const STAMP_FILE = path.join(root, "node_modules", ".cache", "haggle-build.json");
/** Files every build depends on besides its own sources: dependencies and shared settings. */
const SHARED = ["package.json", "package-lock.json", "tsconfig.base.json"];
const WEB_SOURCES = [...SHARED, "apps/web", "packages"];
/** The server's sources are the files its last bundle was made from (esbuild lists them). */
const SERVER_TOOLING = [
  ...SHARED,
  "apps/server/package.json",
  "apps/server/tsconfig.json",
  "scripts/build-server.mjs",
];

function readStamps() {
  try {
    return JSON.parse(readFileSync(STAMP_FILE, "utf8"));
  } catch {
    return {};
  }
}

function writeStamps(stamps) {
  mkdirSync(path.dirname(STAMP_FILE), { recursive: true });
  const temporary = `${STAMP_FILE}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(stamps, null, 2)}\n`);
  renameSync(temporary, STAMP_FILE);
}

const force = process.argv.includes("--force");
const stamps = readStamps();
const started = performance.now();

const webStamp = stampOfFiles(root, listSources(root, WEB_SOURCES));
const webCurrent = !needsBuild({
  recorded: stamps.web,
  current: webStamp,
  // The browser's app and the module the server renders pages with (docs/decisions/0014).
  outputExists:
    existsSync(path.join(root, "apps/web/dist/index.html")) &&
    existsSync(path.join(root, "apps/web/dist-ssr/entry-server.js")),
});
const serverInputs = Array.isArray(stamps.serverInputs) ? stamps.serverInputs : [];
const serverCurrent =
  serverInputs.length > 0 &&
  !needsBuild({
    recorded: stamps.server,
    current: stampOfFiles(root, [...SERVER_TOOLING, ...serverInputs]),
    outputExists: existsSync(path.join(root, SERVER_OUTFILE)),
  });

if (!force && webCurrent && serverCurrent) {
  console.log(`build is current (sources checked in ${Math.round(performance.now() - started)} ms)`);
  process.exit(0);
}

if (force || !webCurrent) {
  const web = performance.now();
  const result = spawnSync("npm", ["run", "build", "--workspace", "@haggle/web", "--silent"], {
    cwd: root,
    // A production build whoever runs it (a test runner sets NODE_ENV=test, which would make
    // Vite compile JSX for React's development build while the SSR module carries its production one).
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Recorded only after a build that succeeded; the stamp is of the sources it started from.
  writeStamps({ ...readStamps(), web: webStamp });
  console.log(`web app built in ${Math.round(performance.now() - web)} ms`);
}

if (force || !serverCurrent) {
  const server = performance.now();
  const buildStarted = Date.now();
  const inputs = await buildServer();
  // The stamp hashes the files after the build: one edited meanwhile may not be in the bundle,
  // so then none is recorded and the next start builds again.
  const editedMeanwhile = [...SERVER_TOOLING, ...inputs].some(
    (file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).mtimeMs >= buildStarted,
  );
  writeStamps({
    ...readStamps(),
    server: editedMeanwhile ? undefined : stampOfFiles(root, [...SERVER_TOOLING, ...inputs]),
    serverInputs: inputs,
  });
  console.log(`server bundled in ${Math.round(performance.now() - server)} ms`);
}
